import { readFileSync } from 'node:fs';
import { PdfDict, PdfStream, PdfString, name, type PdfRef, type PdfValue } from '../objects.ts';
import type { PdfUpdate } from '../update.ts';
import { parseTrueType, subsetTrueType, type TrueTypeFont } from './truetype.ts';

/**
 * The one font the engine draws with (appearances, watermark, form field values): Liberation Sans 2.1.5, SIL Open
 * Font License 1.1, shipped in assets/fonts with its licence. Metric-compatible with Helvetica/Arial; covers
 * Latin, Greek and Cyrillic. Embedded as a subset: Type0 / CIDFontType2, Identity-H, /W widths, ToUnicode, CIDSet.
 */
const FONT_URL = new URL('../../../assets/fonts/LiberationSans-Regular.ttf', import.meta.url);

let loaded: TrueTypeFont | undefined;
export function engineFont(): TrueTypeFont {
  loaded ??= parseTrueType(readFileSync(FONT_URL));
  return loaded;
}

/** Characters the font lacks are drawn as '?', so nothing silently becomes an empty box. */
const REPLACEMENT = 0x3f;

/** Text as glyph ids, NFC-normalised; unknown characters → '?', control characters dropped. */
export function glyphsOf(text: string): number[] {
  const font = engineFont();
  const out: number[] = [];
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue;
    const gid = font.glyphOf(cp);
    out.push(gid || font.glyphOf(REPLACEMENT));
  }
  return out;
}

/** Width of `text` at `size` points. */
export function textWidth(text: string, size: number): number {
  const font = engineFont();
  let units = 0;
  for (const gid of glyphsOf(text)) units += font.advance(gid);
  return (units * size) / font.unitsPerEm;
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

function toUnicodeCMap(entries: Array<[number, string]>): Buffer {
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
      '/CIDInit /ProcSet findresource begin', '12 dict begin', 'begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def', '/CMapName /Adobe-Identity-UCS def', '/CMapType 2 def',
      '1 begincodespacerange', '<0000> <FFFF>', 'endcodespacerange', ...lines, 'endcmap', 'CMapName currentdict /CMap defineresource pop', 'end', 'end',
    ].join('\n'),
    'latin1',
  );
}

function buildSubset(gids: number[], unicodeOf: Map<number, string>): BuiltSubset {
  const font = engineFont();
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
    if (cid !== undefined) entries.push([cid, text]);
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

/** One embedded font subset in an update; `show` gives the Identity-H hex string operand for a text. */
export interface EmbeddedFont {
  ref: PdfRef;
  show(text: string): string;
  /** Bytes this font adds to the file (streams, compressed). */
  bytes: number;
}

/**
 * Embeds a subset holding every glyph of `texts` (one subset per call: per appearance, per watermark). The subset
 * and its streams are cached by glyph set, so signing many times with the same name re-uses them.
 */
export function embedFont(update: PdfUpdate, texts: string[]): EmbeddedFont {
  const font = engineFont();
  const unicodeOf = new Map<number, string>();
  const replacement = font.glyphOf(REPLACEMENT);
  for (const text of texts) {
    for (const ch of text.normalize('NFC')) {
      const cp = ch.codePointAt(0)!;
      if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue;
      const gid = font.glyphOf(cp);
      if (!unicodeOf.has(gid || replacement)) unicodeOf.set(gid || replacement, gid ? ch : '?');
    }
  }
  const gids = [...unicodeOf.keys()].sort((a, b) => a - b);
  const key = gids.join(',');
  let built = subsets.get(key);
  if (built) {
    subsets.delete(key);
    subsets.set(key, built);
  } else {
    built = buildSubset(gids, unicodeOf);
    subsets.set(key, built);
    if (subsets.size > MAX_CACHED_SUBSETS) subsets.delete(subsets.keys().next().value!);
  }
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
    ['CIDSystemInfo', new PdfDict([['Registry', new PdfString(Buffer.from('Adobe'))], ['Ordering', new PdfString(Buffer.from('Identity'))], ['Supplement', 0]])],
    ['FontDescriptor', descriptor],
    ['DW', 1000],
    ['W', built.widths],
    ['CIDToGIDMap', name('Identity')],
  ]);
  const toUnicode = update.add(new PdfStream(new PdfDict(), built.toUnicode));
  const ref = update.add(
    new PdfDict([
      ['Type', name('Font')],
      ['Subtype', name('Type0')],
      ['BaseFont', name(built.baseFont)],
      ['Encoding', name('Identity-H')],
      ['DescendantFonts', [update.add(cidFont)]],
      ['ToUnicode', toUnicode],
    ]),
  );
  const cidOf = built.cidOf;
  return {
    ref,
    bytes: built.fontFile.length + built.toUnicode.length + built.cidSet.length,
    show(text: string): string {
      let hex = '';
      for (const gid of glyphsOf(text)) hex += (cidOf.get(gid) ?? 0).toString(16).padStart(4, '0');
      return `<${hex}>`;
    },
  };
}
