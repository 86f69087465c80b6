import { readFileSync } from 'node:fs';
import { PdfDict, PdfStream, PdfString, name, type PdfRef, type PdfValue } from '../objects.ts';
import type { PdfUpdate } from '../update.ts';
import { serializeNumber as num } from '../serialize.ts';
import { shapeLine, type ShapedLine } from './shape.ts';
import { parseTrueType, subsetTrueType, type TrueTypeFont } from './truetype.ts';

/**
 * The fonts the engine draws with (appearances, watermark, form field values), each character with the first one
 * that has it, shipped in assets/fonts with their licences:
 * 1. Liberation Sans 2.1.5 (SIL OFL 1.1): metric-compatible with Helvetica/Arial; Latin, Greek, Cyrillic;
 * 2. Droid Sans Fallback (Apache 2.0): CJK ideographs, kana (Chinese and Japanese names);
 * 3. NanumSquare (SIL OFL 1.1): the 11,172 Hangul syllables (Korean names);
 * 4. Noto Sans Arabic 2.x (SIL OFL 1.1, 244 KB): the Arabic script (Arabic, Persian, Urdu names).
 * Hebrew is in Liberation Sans. Right-to-left and joining scripts are ordered and shaped by font/shape.ts.
 * The fallbacks (4 MB, 0.7 MB, 0.24 MB) are read the first time a text needs a character Liberation Sans lacks: a
 * Latin-only signature never loads them. Each used font is embedded as a subset: Type0 / CIDFontType2, Identity-H,
 * /W widths, ToUnicode, CIDSet (what PDF/A asks of a font).
 */
export const engineFontFiles = {
  regular: 'LiberationSans-Regular.ttf',
  bold: 'LiberationSans-Bold.ttf',
  fallbacks: ['DroidSansFallbackFull.ttf', 'NanumSquareR.ttf', 'NotoSansArabic-Regular.ttf'],
} as const;

/** Where a vendored font file is (the server's pdf-lib documents embed the same files). */
export const fontFileUrl = (file: string) => new URL(`../../../assets/fonts/${file}`, import.meta.url);

let primary: TrueTypeFont | undefined;
export function engineFont(): TrueTypeFont {
  primary ??= parseTrueType(readFileSync(fontFileUrl(engineFontFiles.regular)));
  return primary;
}

const parsedFiles = new Map<string, TrueTypeFont>();
/** A vendored font file, parsed once per process (the server's PDFs use the same files and reader). */
export function fontFile(file: string): TrueTypeFont {
  let font = parsedFiles.get(file);
  if (!font) parsedFiles.set(file, (font = parseTrueType(readFileSync(fontFileUrl(file)))));
  return font;
}

const fallbackFonts: TrueTypeFont[] = [];
/** Font n of the chain (0 = Liberation Sans), read on first use. */
function fontAt(n: number): TrueTypeFont {
  if (n === 0) return engineFont();
  return (fallbackFonts[n - 1] ??= parseTrueType(readFileSync(fontFileUrl(engineFontFiles.fallbacks[n - 1]!))));
}

const fontByCodePoint = new Map<number, number | undefined>();
/** The first font of the chain that has `cp` (fallbacks read only when a character needs them). */
function fontOf(cp: number): number | undefined {
  if (engineFont().glyphOf(cp)) return 0;
  if (fontByCodePoint.has(cp)) return fontByCodePoint.get(cp);
  let found: number | undefined;
  for (let n = 1; n <= engineFontFiles.fallbacks.length && found === undefined; n++) if (fontAt(n).glyphOf(cp)) found = n;
  fontByCodePoint.set(cp, found);
  return found;
}

const shapedLines = new Map<string, ShapedLine>();
/** A line shaped and ordered (font/shape.ts), the last 256 kept: the layout measures the same texts many times. */
function shaped(text: string, direction?: 'ltr' | 'rtl'): ShapedLine {
  const key = `${direction ?? 'auto'}:${text}`;
  let line = shapedLines.get(key);
  if (!line) {
    line = shapeLine(text, { font: fontAt, fontOf }, direction);
    shapedLines.set(key, line);
    if (shapedLines.size > 256) shapedLines.delete(shapedLines.keys().next().value!);
  }
  return line;
}

/** How far below the baseline `text` reaches, in em (its glyphs' outlines, as shaped). */
export function textDepth(text: string): number {
  return shaped(text).depth;
}

/** Width of `text` at `size` points (as drawn: shaped, with the fonts that draw it). */
export function textWidth(text: string, size: number): number {
  return shaped(text).width * size;
}

interface BuiltSubset {
  baseFont: string;
  cidOf: Map<number, number>;
  fontFile: Buffer;
  fontFileLength: number;
  widths: PdfValue[];
  toUnicode: Buffer;
  cidSet: Buffer;
}

const subsets = new Map<string, BuiltSubset>();
const MAX_CACHED_SUBSETS = 64;

/** A ToUnicode CMap (CID → text) for a CIDFont with 2-byte codes. */
export function toUnicodeCMap(entries: Array<[number, string]>): Buffer {
  const lines: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    lines.push(`${chunk.length} beginbfchar`);
    for (const [cid, text] of chunk) {
      let hex = '';
      for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
      lines.push(`<${cid.toString(16).padStart(4, '0')}> <${hex}>`);
    }
    lines.push('endbfchar');
  }
  return Buffer.from(
    [
      '/CIDInit /ProcSet findresource begin',
      '12 dict begin',
      'begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
      '/CMapName /Adobe-Identity-UCS def',
      '/CMapType 2 def',
      '1 begincodespacerange',
      '<0000> <FFFF>',
      'endcodespacerange',
      ...lines,
      'endcmap',
      'CMapName currentdict /CMap defineresource pop',
      'end',
      'end',
    ].join('\n'),
    'latin1',
  );
}

function buildSubset(font: TrueTypeFont, gids: number[], unicodeOf: Map<number, string>): BuiltSubset {
  const { bytes, newId, order } = subsetTrueType(font, gids);
  // Subset tag: six capitals derived from the glyph list (FNV-1a), stable for a given subset.
  let h = 0x811c9dc5;
  for (const gid of order) h = Math.imul(h ^ gid, 0x01000193) >>> 0;
  let tag = '';
  for (let i = 0; i < 6; i++, h = Math.imul(h ^ i, 0x01000193) >>> 0) tag += String.fromCharCode(65 + (h % 26));
  const scale = 1000 / font.unitsPerEm;
  const widths: PdfValue[] = [0, order.map((gid) => Math.round(font.advance(gid) * scale))];
  const cidSet = Buffer.alloc(Math.ceil(order.length / 8));
  for (let cid = 0; cid < order.length; cid++) cidSet[cid >> 3]! |= 0x80 >> (cid & 7);
  const entries: Array<[number, string]> = [];
  for (const [gid, text] of unicodeOf) {
    const cid = newId.get(gid);
    // A glyph that is only part of a cluster (its text is on the cluster's first glyph) has no entry.
    if (cid !== undefined && text) entries.push([cid, text]);
  }
  entries.sort((a, b) => a[0] - b[0]);
  return {
    baseFont: `${tag}+${font.postscriptName}`,
    cidOf: newId,
    // Stored uncompressed: glyph outlines deflate by only ≈ 20 % (≈ 0.6 KB here) and a zlib call costs more than
    // the subset itself (≈ 0.2–0.3 ms per new subset). ToUnicode likewise.
    fontFile: bytes,
    fontFileLength: bytes.length,
    widths,
    toUnicode: toUnicodeCMap(entries),
    cidSet,
  };
}

/** The subset of font n of the chain holding `unicodeOf`'s glyphs, cached by font and glyph set. */
function cachedSubset(n: number, unicodeOf: Map<number, string>): BuiltSubset {
  const gids = [...unicodeOf.keys()].sort((a, b) => a - b);
  const key = `${n}:${gids.join(',')}`;
  let built = subsets.get(key);
  if (built) {
    subsets.delete(key);
    subsets.set(key, built);
  } else {
    built = buildSubset(fontAt(n), gids, unicodeOf);
    subsets.set(key, built);
    if (subsets.size > MAX_CACHED_SUBSETS) subsets.delete(subsets.keys().next().value!);
  }
  return built;
}

/** Writes a subset's font objects into the update: the Type0 font's reference. */
function addFontObjects(update: PdfUpdate, font: TrueTypeFont, built: BuiltSubset): PdfRef {
  const scale = 1000 / font.unitsPerEm;
  const fontFile = update.add(new PdfStream(new PdfDict([['Length1', built.fontFileLength]]), built.fontFile));
  const cidSet = update.add(new PdfStream(new PdfDict(), built.cidSet));
  const descriptor = update.add(
    new PdfDict([
      ['Type', name('FontDescriptor')],
      ['FontName', name(built.baseFont)],
      ['Flags', 32],
      ['FontBBox', font.bbox.map((v) => Math.round(v * scale))],
      ['ItalicAngle', font.italicAngle],
      ['Ascent', Math.round(font.ascent * scale)],
      ['Descent', Math.round(font.descent * scale)],
      ['CapHeight', Math.round(font.capHeight * scale)],
      ['StemV', 80],
      ['FontFile2', fontFile],
      ['CIDSet', cidSet],
    ]),
  );
  const cidFont = new PdfDict([
    ['Type', name('Font')],
    ['Subtype', name('CIDFontType2')],
    ['BaseFont', name(built.baseFont)],
    [
      'CIDSystemInfo',
      new PdfDict([
        ['Registry', new PdfString(Buffer.from('Adobe'))],
        ['Ordering', new PdfString(Buffer.from('Identity'))],
        ['Supplement', 0],
      ]),
    ],
    ['FontDescriptor', descriptor],
    ['DW', 1000],
    ['W', built.widths],
    ['CIDToGIDMap', name('Identity')],
  ]);
  const toUnicode = update.add(new PdfStream(new PdfDict(), built.toUnicode));
  return update.add(
    new PdfDict([
      ['Type', name('Font')],
      ['Subtype', name('Type0')],
      ['BaseFont', name(built.baseFont)],
      ['Encoding', name('Identity-H')],
      ['DescendantFonts', [update.add(cidFont)]],
      ['ToUnicode', toUnicode],
    ]),
  );
}

/**
 * The font subsets embedded in an update for a set of texts: Liberation Sans always, a fallback only when a text
 * needs it. A content stream declares `resources(name)` in its /Font dictionary, selects `/name size Tf`, and draws
 * a text with `show(text, name, size)`: runs per font, back on the primary font at the end.
 */
export interface EmbeddedFont {
  /** The /Font entries: `name` for Liberation Sans, `name` + `X1`, `X2`… for the fallbacks used. */
  resources(name: string): Array<[string, PdfRef]>;
  /**
   * Text-showing operators (`<…> Tj`, with `Tf` switches between runs of different fonts). `direction`: the
   * paragraph's, when the line is part of a longer text (by default its first strong letter decides).
   */
  show(text: string, name: string, size: number, direction?: 'ltr' | 'rtl'): string;
  /** Bytes this font adds to the file (streams, compressed). */
  bytes: number;
}

/**
 * Embeds, per font used, a subset holding every glyph of `texts` (one subset per call: per appearance, per
 * watermark). Subsets and their streams are cached by glyph set, so signing many times with the same name re-uses
 * them.
 */
export function embedFont(update: PdfUpdate, texts: Array<string | { text: string; direction?: 'ltr' | 'rtl' }>): EmbeddedFont {
  const unicodeByFont = new Map<number, Map<number, string>>([[0, new Map()]]);
  for (const entry of texts) {
    const { text, direction } = typeof entry === 'string' ? { text: entry, direction: undefined } : entry;
    for (const g of shaped(text, direction).glyphs) {
      let unicodeOf = unicodeByFont.get(g.font);
      if (!unicodeOf) unicodeByFont.set(g.font, (unicodeOf = new Map()));
      if (!unicodeOf.get(g.gid)) unicodeOf.set(g.gid, g.text);
    }
  }
  const embedded = new Map<number, { ref: PdfRef; cidOf: Map<number, number> }>();
  let bytes = 0;
  for (const [n, unicodeOf] of unicodeByFont) {
    const built = cachedSubset(n, unicodeOf);
    embedded.set(n, { ref: addFontObjects(update, fontAt(n), built), cidOf: built.cidOf });
    bytes += built.fontFile.length + built.toUnicode.length + built.cidSet.length;
  }
  const resourceName = (base: string, n: number) => (n === 0 ? base : `${base}X${n}`);
  return {
    bytes,
    resources: (base) => [...embedded].map(([n, e]) => [resourceName(base, n), e.ref]),
    show(text, base, size, direction) {
      const line = shaped(text, direction);
      const ops: string[] = [];
      let current = 0;
      let items: string[] = [];
      const flush = () => {
        if (items.length) ops.push(line.complex ? `[${items.join(' ')}] TJ` : `<${items.join('')}> Tj`);
        items = [];
      };
      for (const g of line.glyphs) {
        if (g.font !== current) {
          flush();
          ops.push(`/${resourceName(base, (current = g.font))} ${num(size)} Tf`);
        }
        const hex = (embedded.get(g.font)?.cidOf.get(g.gid) ?? 0).toString(16).padStart(4, '0');
        if (!line.complex) {
          items.push(hex);
          continue;
        }
        // Shaped glyphs keep HarfBuzz's positions: TJ adjustments (thousandths of the size, positive = left)
        // turn the font's /W advance into the shaped one; a mark's vertical offset is a text rise.
        const font = fontAt(g.font);
        const widthInPdf = Math.round((font.advance(g.gid) * 1000) / font.unitsPerEm);
        if (g.dy) {
          flush();
          ops.push(`${num(g.dy * size)} Ts`);
        }
        if (g.dx) items.push(num(-g.dx * 1000));
        items.push(`<${hex}>`);
        const after = widthInPdf - g.advance * 1000 + g.dx * 1000;
        if (Math.abs(after) > 0.001) items.push(num(after));
        if (g.dy) {
          flush();
          ops.push('0 Ts');
        }
      }
      flush();
      if (current !== 0) ops.push(`/${base} ${num(size)} Tf`);
      return ops.length ? ops.join(' ') : '<> Tj';
    },
  };
}

/** Liberation Sans glyph ids of a text (characters drawn by a fallback left out; '?' for those none has). */
export function glyphsOf(text: string): number[] {
  return shaped(text)
    .glyphs.filter((g) => g.font === 0)
    .map((g) => g.gid);
}
