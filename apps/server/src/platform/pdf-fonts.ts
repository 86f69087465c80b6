import { deflateSync } from 'node:zlib';
import {
  CustomFontEmbedder,
  PDFFont,
  PDFHexString,
  PDFName,
  PDFString,
  beginText,
  rgb,
  endText,
  moveText,
  popGraphicsState,
  pushGraphicsState,
  setFillingColor,
  setFontAndSize,
  setTextRise,
  showText,
  type Color,
  type PDFContext,
  type PDFDocument,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';
import { languageTag } from '@paraphe/contracts';
import { engineFontFiles, fontFile, shapeLine, subsetTrueType, toUnicodeCMap, wrapText, type ShapedGlyph, type TrueTypeFont } from '@paraphe/signing';

/**
 * The fonts of the PDFs the server lays out with pdf-lib (evidence file, invoice and credit note, time-stamp
 * receipt, SEPA mandates, text PDFs): the signing engine's vendored files (packages/signing/assets/fonts), read and
 * subset by the engine's own TrueType code. Liberation Sans regular and bold draw Latin, Greek, Cyrillic and Hebrew;
 * a character they lack is drawn with the first fallback that has it (Droid Sans Fallback: CJK; NanumSquare:
 * Hangul; Noto Sans Arabic: the Arabic script), embedded only when a text of the document needs it; a character no
 * font has becomes '?'. Every line is ordered and shaped by the engine's shapeLine (bidi-js, HarfBuzz): Arabic and
 * Hebrew names read right to left, Arabic letters joined. Each font is a Type0/CIDFontType2 subset with /W and
 * ToUnicode (text extracts back in reading order); the catalog gets /Lang.
 *
 * Why not pdf-lib's fontkit embedding: its subsets of Droid Sans Fallback and NanumSquare have invalid outlines
 * (MuPDF: "FT_Load_Glyph … invalid outline", poppler draws nothing), and it costs a second font parser.
 */

/** A character code is the glyph id in the whole font (CID = GID); CIDToGIDMap maps it into the subset. */
class SubsetEmbedder {
  readonly fontName: string;
  readonly font: TrueTypeFont;
  readonly #font: TrueTypeFont;
  readonly #unicodeOf = new Map<number, string>();

  constructor(font: TrueTypeFont) {
    this.#font = font;
    this.font = font;
    this.fontName = font.postscriptName;
  }

  glyphOf(cp: number): number {
    return this.#font.glyphOf(cp);
  }

  /** The code of a shaped glyph (its text, for ToUnicode, kept from the first time it is drawn). */
  codeOf(gid: number, text: string): string {
    if (!this.#unicodeOf.get(gid)) this.#unicodeOf.set(gid, text);
    return gid.toString(16).padStart(4, '0');
  }

  /** The glyph's width in the PDF (/W, thousandths of the size). */
  widthInPdf(gid: number): number {
    return Math.round((this.#font.advance(gid) * 1000) / this.#font.unitsPerEm);
  }

  encodeText(text: string): PDFHexString {
    let hex = '';
    for (const ch of text) {
      const gid = this.#font.glyphOf(ch.codePointAt(0)!);
      if (!this.#unicodeOf.has(gid)) this.#unicodeOf.set(gid, ch);
      hex += gid.toString(16).padStart(4, '0');
    }
    return PDFHexString.of(hex);
  }

  widthOfTextAtSize(text: string, size: number): number {
    let units = 0;
    for (const ch of text) units += this.#font.advance(this.#font.glyphOf(ch.codePointAt(0)!));
    return (units * size) / this.#font.unitsPerEm;
  }

  heightOfFontAtSize(size: number, options: { descender?: boolean } = {}): number {
    const { ascent, descent, unitsPerEm } = this.#font;
    return ((options.descender === false ? ascent : ascent - descent) * size) / unitsPerEm;
  }

  sizeOfFontAtHeight(height: number): number {
    return (height * this.#font.unitsPerEm) / (this.#font.ascent - this.#font.descent);
  }

  async embedIntoContext(context: PDFContext, ref: PDFRef): Promise<void> {
    const font = this.#font;
    const used = [...this.#unicodeOf.keys()].sort((a, b) => a - b);
    const { bytes, newId } = subsetTrueType(font, used);
    const scale = 1000 / font.unitsPerEm;
    const maxCid = used.at(-1) ?? 0;
    const cidToGid = Buffer.alloc(2 * (maxCid + 1));
    for (const gid of used) cidToGid.writeUInt16BE(newId.get(gid) ?? 0, 2 * gid);
    const widths = used.flatMap((gid) => [gid, [Math.round(font.advance(gid) * scale)]]);
    // Subset tag: six capitals from the glyph list (FNV-1a), stable for a given subset.
    let h = 0x811c9dc5;
    for (const gid of used) h = Math.imul(h ^ gid, 0x01000193) >>> 0;
    let tag = '';
    for (let i = 0; i < 6; i++, h = Math.imul(h ^ i, 0x01000193) >>> 0) tag += String.fromCharCode(65 + (h % 26));
    const baseFont = `${tag}+${font.postscriptName}`;
    const compressed = (data: Uint8Array, extra: Record<string, unknown> = {}) =>
      context.register(context.stream(deflateSync(data), { Filter: 'FlateDecode', ...extra }));
    const descriptor = context.register(
      context.obj({
        Type: 'FontDescriptor',
        FontName: baseFont,
        Flags: 32,
        FontBBox: font.bbox.map((v) => Math.round(v * scale)),
        ItalicAngle: font.italicAngle,
        Ascent: Math.round(font.ascent * scale),
        Descent: Math.round(font.descent * scale),
        CapHeight: Math.round(font.capHeight * scale),
        StemV: 80,
        FontFile2: compressed(bytes, { Length1: bytes.length }),
      }),
    );
    const cidFont = context.register(
      context.obj({
        Type: 'Font',
        Subtype: 'CIDFontType2',
        BaseFont: baseFont,
        CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
        FontDescriptor: descriptor,
        DW: 1000,
        W: widths,
        CIDToGIDMap: compressed(cidToGid),
      }),
    );
    // A glyph that is only part of a cluster (its text is on the cluster's first glyph) has no entry.
    const toUnicode = compressed(toUnicodeCMap([...this.#unicodeOf].filter(([, text]) => text !== '')));
    context.assign(
      ref,
      context.obj({ Type: 'Font', Subtype: 'Type0', BaseFont: baseFont, Encoding: 'Identity-H', DescendantFonts: [cidFont], ToUnicode: toUnicode }),
    );
  }
}

// pdf-lib's PDFFont checks its embedder's class; every method it calls is the subset embedder's own.
Object.setPrototypeOf(SubsetEmbedder.prototype, CustomFontEmbedder.prototype);

/** Adds a font to the document as pdf-lib does for its own (embedded when the document is saved). */
function addFont(doc: PDFDocument, file: string): { font: PDFFont; embedder: SubsetEmbedder } {
  const embedder = new SubsetEmbedder(fontFile(file));
  // pdf-lib's PDFFont accepts any embedder with its interface; its document embeds every font of `fonts` at save.
  const font = PDFFont.of(doc.context.nextRef(), doc, embedder as unknown as Parameters<typeof PDFFont.of>[2]);
  (doc as unknown as { fonts: PDFFont[] }).fonts.push(font);
  return { font, embedder };
}

/** A PDF's texts: line breaks and tabs flattened, NFC, narrow no-break spaces (Intl's French) as plain ones. */
export const pdfText = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[\u202f\u00a0]/g, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '');

export interface PdfTextFonts {
  /** Width of `text` at `size` points, each run in its font. */
  width(text: string, size: number, bold?: boolean): number;
  /** Draws `text` from (x, y), each run of characters in the first font that has them. */
  draw(page: PDFPage, text: string, at: { x: number; y: number; size: number; bold?: boolean; color?: Color }): void;
  /** `text` wrapped on `width` (by words; a word longer than the line is cut). */
  wrap(text: string, size: number, width: number, bold?: boolean): string[];
}

/**
 * Adds the fonts `sample` needs to `doc` (`sample`: every text the document may draw, e.g. its input as JSON, so a
 * fallback is embedded only when needed) and sets the catalog's /Lang to `language`.
 */
export function embedTextFonts(doc: PDFDocument, opts: { language: string; sample: string }): PdfTextFonts {
  doc.catalog.set(PDFName.of('Lang'), PDFString.of(languageTag(opts.language)));
  const regular = addFont(doc, engineFontFiles.regular);
  const bold = addFont(doc, engineFontFiles.bold);
  const primaryHas = (cp: number) => regular.embedder.glyphOf(cp) !== 0;
  const needed = new Set<number>();
  for (const ch of pdfText(opts.sample)) {
    const cp = ch.codePointAt(0)!;
    if (!primaryHas(cp)) needed.add(cp);
  }
  const fallbacks: ReturnType<typeof addFont>[] = [];
  for (const file of engineFontFiles.fallbacks) {
    if (!needed.size) break;
    const has = (cp: number) => fontFile(file).glyphOf(cp) !== 0;
    const covered = [...needed].filter(has);
    if (!covered.length) continue;
    fallbacks.push(addFont(doc, file));
    for (const cp of covered) needed.delete(cp);
  }

  /** The line shaped with the regular or bold chain: glyphs in drawing order, each with its font. */
  const shape = (text: string, strong: boolean) => {
    const chain = [strong ? bold : regular, ...fallbacks];
    // Every product language reads left to right: a line is a left-to-right paragraph, the Arabic or Hebrew
    // values inside it (names, addresses) right to left.
    const line = shapeLine(
      pdfText(text),
      {
        font: (n) => chain[n]!.embedder.font,
        fontOf: (cp) => {
          const n = chain.findIndex((f) => f.embedder.glyphOf(cp) !== 0);
          return n < 0 ? undefined : n;
        },
      },
      'ltr',
    );
    return { line, chain };
  };
  const width = (text: string, size: number, strong = false) => shape(text, strong).line.width * size;
  return {
    width,
    draw(page, text, at) {
      const { line, chain } = shape(text, at.bold ?? false);
      // Pieces drawn with one Tj: glyphs of one font that sit where the font's own advances put them; a shaped
      // glyph moved by HarfBuzz (kerning, a mark's offset) starts a piece of its own.
      let x = at.x;
      let piece: { font: number; x: number; dy: number; glyphs: ShapedGlyph[] } | undefined;
      const pieces: NonNullable<typeof piece>[] = [];
      for (const g of line.glyphs) {
        const embedder = chain[g.font]!.embedder;
        const natural = g.dx === 0 && g.dy === 0 && Math.abs(embedder.widthInPdf(g.gid) - g.advance * 1000) < 0.5;
        if (!piece || piece.font !== g.font || !natural || piece.dy !== 0) pieces.push((piece = { font: g.font, x: x + g.dx * at.size, dy: g.dy, glyphs: [] }));
        piece.glyphs.push(g);
        x += g.advance * at.size;
        if (!natural) piece = undefined;
      }
      for (const p of pieces) {
        const { font, embedder } = chain[p.font]!;
        const key = page.node.newFontDictionary(font.name, font.ref);
        const hex = p.glyphs.map((g) => embedder.codeOf(g.gid, g.text)).join('');
        page.pushOperators(
          pushGraphicsState(),
          beginText(),
          setFillingColor(at.color ?? rgb(0, 0, 0)),
          setFontAndSize(key, at.size),
          ...(p.dy ? [setTextRise(p.dy * at.size)] : []),
          moveText(p.x, at.y),
          showText(PDFHexString.of(hex)),
          endText(),
          popGraphicsState(),
        );
      }
    },
    wrap(text, size, maxWidth, strong = false) {
      // The engine's word wrap (a word longer than the line is cut where it overflows); an empty text keeps its line.
      const lines = wrapText(pdfText(text), size, maxWidth, (t, s) => width(t, s, strong));
      return lines.length ? lines : [''];
    },
  };
}
