/**
 * A small TrueType reader and subsetter, enough to embed a glyf-based font as a PDF CIDFontType2: the character
 * map, metrics, and a subset made of the used glyphs (composite components included, renumbered from 0, hinting
 * dropped). It copies glyph bytes as they are, so a subset costs microseconds (fontkit's took ≈ 7 ms).
 */
export interface TrueTypeFont {
  readonly bytes: Buffer;
  readonly unitsPerEm: number;
  readonly numGlyphs: number;
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  readonly italicAngle: number;
  readonly bbox: [number, number, number, number];
  readonly postscriptName: string;
  /** Glyph id for a code point (0 = .notdef when missing). */
  glyphOf(codePoint: number): number;
  advance(gid: number): number;
  /** The lowest point of the glyph's outline (font units; 0 for an empty glyph). */
  yMin(gid: number): number;
}

interface Table {
  offset: number;
  length: number;
}

function tables(b: Buffer): Map<string, Table> {
  const version = b.readUInt32BE(0);
  if (version !== 0x00010000 && version !== 0x74727565) throw new Error('Not a TrueType (glyf) font');
  const count = b.readUInt16BE(4);
  const out = new Map<string, Table>();
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    out.set(b.toString('latin1', at, at + 4), { offset: b.readUInt32BE(at + 8), length: b.readUInt32BE(at + 12) });
  }
  for (const t of ['head', 'hhea', 'maxp', 'hmtx', 'loca', 'glyf', 'cmap']) if (!out.has(t)) throw new Error(`Font without ${t} table`);
  return out;
}

/** Format 4 and 12 subtables of the Unicode cmap into a code point → glyph map. */
function readCmap(b: Buffer, cmap: Table, numGlyphs: number): Map<number, number> {
  const n = b.readUInt16BE(cmap.offset + 2);
  let best: { offset: number; format: number } | undefined;
  for (let i = 0; i < n; i++) {
    const at = cmap.offset + 4 + i * 8;
    const platform = b.readUInt16BE(at);
    const encoding = b.readUInt16BE(at + 2);
    const offset = cmap.offset + b.readUInt32BE(at + 4);
    const format = b.readUInt16BE(offset);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (unicode && (format === 12 || (format === 4 && best?.format !== 12))) best = { offset, format };
  }
  if (!best) throw new Error('Font without a Unicode cmap');
  const map = new Map<number, number>();
  const set = (cp: number, gid: number) => {
    if (gid > 0 && gid < numGlyphs && !map.has(cp)) map.set(cp, gid);
  };
  const o = best.offset;
  if (best.format === 12) {
    const groups = b.readUInt32BE(o + 12);
    for (let g = 0; g < groups; g++) {
      const at = o + 16 + g * 12;
      const start = b.readUInt32BE(at);
      const end = Math.min(b.readUInt32BE(at + 4), start + 0xffff);
      const first = b.readUInt32BE(at + 8);
      for (let cp = start; cp <= end; cp++) set(cp, first + cp - start);
    }
    return map;
  }
  const segX2 = b.readUInt16BE(o + 6);
  const ends = o + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  const ranges = deltas + segX2;
  for (let s = 0; s < segX2; s += 2) {
    const end = b.readUInt16BE(ends + s);
    const start = b.readUInt16BE(starts + s);
    const delta = b.readInt16BE(deltas + s);
    const range = b.readUInt16BE(ranges + s);
    for (let cp = start; cp <= end && cp !== 0xffff; cp++) {
      if (range === 0) set(cp, (cp + delta) & 0xffff);
      else {
        const at = ranges + s + range + (cp - start) * 2;
        const gid = at + 1 < b.length ? b.readUInt16BE(at) : 0;
        if (gid) set(cp, (gid + delta) & 0xffff);
      }
    }
  }
  return map;
}

export function parseTrueType(bytes: Buffer): TrueTypeFont {
  const t = tables(bytes);
  const head = t.get('head')!.offset;
  const hhea = t.get('hhea')!.offset;
  const numGlyphs = bytes.readUInt16BE(t.get('maxp')!.offset + 4);
  const numberOfHMetrics = bytes.readUInt16BE(hhea + 34);
  const hmtx = t.get('hmtx')!.offset;
  const cmap = readCmap(bytes, t.get('cmap')!, numGlyphs);
  const os2 = t.get('OS/2');
  const post = t.get('post');
  const unitsPerEm = bytes.readUInt16BE(head + 18);
  const capHeight = os2 && bytes.readUInt16BE(os2.offset) >= 2 ? bytes.readInt16BE(os2.offset + 88) : Math.round(unitsPerEm * 0.7);
  let postscriptName = 'Font';
  const nameTable = t.get('name');
  if (nameTable) {
    const count = bytes.readUInt16BE(nameTable.offset + 2);
    const strings = nameTable.offset + bytes.readUInt16BE(nameTable.offset + 4);
    for (let i = 0; i < count; i++) {
      const at = nameTable.offset + 6 + i * 12;
      if (bytes.readUInt16BE(at + 6) !== 6) continue;
      const raw = bytes.subarray(strings + bytes.readUInt16BE(at + 10), strings + bytes.readUInt16BE(at + 10) + bytes.readUInt16BE(at + 8));
      const text = bytes.readUInt16BE(at) === 1 ? raw.toString('latin1') : Buffer.from(raw).swap16().toString('utf16le');
      postscriptName = text.replace(/[^A-Za-z0-9-]/g, '') || postscriptName;
      break;
    }
  }
  return {
    bytes,
    unitsPerEm,
    numGlyphs,
    ascent: bytes.readInt16BE(hhea + 4),
    descent: bytes.readInt16BE(hhea + 6),
    capHeight,
    italicAngle: post ? bytes.readInt32BE(post.offset + 4) / 65536 : 0,
    bbox: [bytes.readInt16BE(head + 36), bytes.readInt16BE(head + 38), bytes.readInt16BE(head + 40), bytes.readInt16BE(head + 42)],
    postscriptName,
    glyphOf: (cp) => cmap.get(cp) ?? 0,
    advance: (gid) => bytes.readUInt16BE(hmtx + 4 * Math.min(gid, numberOfHMetrics - 1)),
    yMin: (gid) => {
      const loca = t.get('loca')!.offset;
      const long = bytes.readInt16BE(head + 50) === 1;
      const at = (i: number) => (long ? bytes.readUInt32BE(loca + i * 4) : bytes.readUInt16BE(loca + i * 2) * 2);
      if (gid < 0 || gid >= numGlyphs || at(gid + 1) <= at(gid)) return 0;
      return bytes.readInt16BE(t.get('glyf')!.offset + at(gid) + 4);
    },
  };
}

function glyphBytes(font: TrueTypeFont, t: Map<string, Table>, gid: number): Buffer {
  const b = font.bytes;
  const loca = t.get('loca')!.offset;
  const long = b.readInt16BE(t.get('head')!.offset + 50) === 1;
  const at = (i: number) => (long ? b.readUInt32BE(loca + i * 4) : b.readUInt16BE(loca + i * 2) * 2);
  const start = at(gid);
  const end = at(gid + 1);
  const glyf = t.get('glyf')!.offset;
  return end > start ? b.subarray(glyf + start, glyf + end) : Buffer.alloc(0);
}

const ARG_WORDS = 0x0001;
const HAS_SCALE = 0x0008;
const MORE = 0x0020;
const XY_SCALE = 0x0040;
const TWO_BY_TWO = 0x0080;
const HAS_INSTRUCTIONS = 0x0100;

/** A copy of the glyph without hinting instructions, with composite component ids remapped through `include`. */
function rewriteGlyph(src: Buffer, include: (gid: number) => number): Buffer {
  if (src.length === 0) return src;
  const contours = src.readInt16BE(0);
  if (contours >= 0) {
    const instrAt = 10 + contours * 2;
    const instrLength = src.readUInt16BE(instrAt);
    const out = Buffer.concat([src.subarray(0, instrAt), Buffer.alloc(2), src.subarray(instrAt + 2 + instrLength)]);
    return out;
  }
  const out = Buffer.from(src);
  let p = 10;
  for (;;) {
    const flags = out.readUInt16BE(p);
    out.writeUInt16BE(include(out.readUInt16BE(p + 2)), p + 2);
    if (!(flags & MORE)) out.writeUInt16BE(flags & ~HAS_INSTRUCTIONS, p);
    p += 4 + (flags & ARG_WORDS ? 4 : 2) + (flags & HAS_SCALE ? 2 : flags & XY_SCALE ? 4 : flags & TWO_BY_TWO ? 8 : 0);
    if (!(flags & MORE)) return out.subarray(0, p);
  }
}

/** OpenType table checksum: sum of big-endian uint32 words, the data zero-padded to 4 bytes. */
function checksum(b: Buffer, start = 0, end = b.length): number {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let sum = 0;
  let i = start;
  for (; i + 4 <= end; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  if (i < end) {
    let last = 0;
    for (let k = 0; k < 4; k++) last = (last << 8) | (i + k < end ? b[i + k]! : 0);
    sum = (sum + (last >>> 0)) >>> 0;
  }
  return sum;
}

const tableCache = new WeakMap<TrueTypeFont, Map<string, Table>>();

/**
 * A standalone TrueType font with glyph 0 (.notdef) and `gids` (in that order, plus composite components after
 * them). Returns the font bytes and the old → new glyph id mapping (new ids are the CIDs, CIDToGIDMap Identity).
 */
export function subsetTrueType(font: TrueTypeFont, gids: number[]): { bytes: Buffer; newId: Map<number, number>; order: number[] } {
  let t = tableCache.get(font);
  if (!t) tableCache.set(font, (t = tables(font.bytes)));
  const b = font.bytes;
  const order: number[] = [];
  const newId = new Map<number, number>();
  const include = (gid: number) => {
    let id = newId.get(gid);
    if (id === undefined) {
      id = order.length;
      newId.set(gid, id);
      order.push(gid);
    }
    return id;
  };
  include(0);
  for (const g of gids) include(g);
  const glyphs: Buffer[] = [];
  for (let i = 0; i < order.length; i++) glyphs.push(rewriteGlyph(glyphBytes(font, t, order[i]!), include));
  const n = order.length;
  const pad4 = (x: number) => (x + 3) & ~3;
  let glyfLength = 0;
  for (const g of glyphs) glyfLength += pad4(g.length);
  const tableOf = (tag: string) => t.get(tag)!;
  // Tables in tag order; each 4-byte aligned in one buffer written in place.
  const layout: Array<[string, number]> = [
    ['glyf', glyfLength],
    ['head', tableOf('head').length],
    ['hhea', tableOf('hhea').length],
    ['hmtx', n * 4],
    ['loca', (n + 1) * 4],
    ['maxp', tableOf('maxp').length],
    ['post', 32],
  ];
  const headerLength = 12 + layout.length * 16;
  const at = new Map<string, number>();
  let total = headerLength;
  for (const [tag, length] of layout) {
    at.set(tag, total);
    total += pad4(length);
  }
  const out = Buffer.alloc(total);
  // glyf + loca
  let g = at.get('glyf')!;
  const loca = at.get('loca')!;
  glyphs.forEach((glyph, i) => {
    out.writeUInt32BE(g - at.get('glyf')!, loca + i * 4);
    glyph.copy(out, g);
    g += pad4(glyph.length);
  });
  out.writeUInt32BE(g - at.get('glyf')!, loca + n * 4);
  // hmtx
  const hmtxIn = tableOf('hmtx').offset;
  const numberOfHMetrics = b.readUInt16BE(tableOf('hhea').offset + 34);
  const hmtx = at.get('hmtx')!;
  order.forEach((gid, i) => {
    out.writeUInt16BE(font.advance(gid), hmtx + i * 4);
    const lsbAt = gid < numberOfHMetrics ? hmtxIn + gid * 4 + 2 : hmtxIn + numberOfHMetrics * 4 + (gid - numberOfHMetrics) * 2;
    out.writeInt16BE(b.readInt16BE(lsbAt), hmtx + i * 4 + 2);
  });
  // head, hhea, maxp copied then patched; post format 3
  for (const tag of ['head', 'hhea', 'maxp']) b.copy(out, at.get(tag)!, tableOf(tag).offset, tableOf(tag).offset + tableOf(tag).length);
  const head = at.get('head')!;
  out.writeUInt32BE(0, head + 8);
  out.writeInt16BE(1, head + 50);
  out.writeUInt16BE(n, at.get('hhea')! + 34);
  out.writeUInt16BE(n, at.get('maxp')! + 4);
  out.writeUInt32BE(0x00030000, at.get('post')!);
  out.writeInt32BE(Math.round(font.italicAngle * 65536), at.get('post')! + 4);
  // directory
  out.writeUInt32BE(0x00010000, 0);
  out.writeUInt16BE(layout.length, 4);
  const log2 = Math.floor(Math.log2(layout.length));
  out.writeUInt16BE(16 * 2 ** log2, 6);
  out.writeUInt16BE(log2, 8);
  out.writeUInt16BE(layout.length * 16 - 16 * 2 ** log2, 10);
  layout.forEach(([tag, length], i) => {
    const rec = 12 + i * 16;
    const start = at.get(tag)!;
    out.write(tag, rec, 'latin1');
    out.writeUInt32BE(checksum(out, start, start + length), rec + 4);
    out.writeUInt32BE(start, rec + 8);
    out.writeUInt32BE(length, rec + 12);
  });
  out.writeUInt32BE((0xb1b0afba - checksum(out)) >>> 0, head + 8);
  const bytes = out;
  return { bytes, newId, order };
}
