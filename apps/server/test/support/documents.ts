import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';

/**
 * Hand-made documents for the documents-*.test.ts and signing-*.test.ts files: PDFs with any MediaBox / CropBox /
 * Rotate or catalog extras, object-stream PDFs (bombs, exotic filters), qpdf transforms, PNG headers, and a 72 dpi
 * render (pdftoppm) to find where something was drawn. A missing tool fails the test, never skips it.
 */

export interface RawPage {
  mediaBox?: number[];
  cropBox?: number[];
  rotate?: number;
  /** Content stream (default: a small grey square in the corner, so the page is not empty). */
  content?: string;
}

/** A classic-xref PDF, uncompressed. Objects: 1 catalog, 2 pages, per page (page, content), then `objects` (see firstExtra). */
export function rawPdf(parts: { pages: RawPage[]; catalogExtra?: string; pageExtra?: (index: number) => string; objects?: string[] }): Buffer {
  const bodies: string[] = [
    `<</Type /Catalog /Pages 2 0 R ${parts.catalogExtra ?? ''}>>`,
    `<</Type /Pages /Count ${parts.pages.length} /Kids [${parts.pages.map((_, i) => `${3 + i * 2} 0 R`).join(' ')}]>>`,
  ];
  parts.pages.forEach((p, i) => {
    const boxes = `/MediaBox [${(p.mediaBox ?? [0, 0, 612, 792]).join(' ')}] ${p.cropBox ? `/CropBox [${p.cropBox.join(' ')}] ` : ''}${p.rotate !== undefined ? `/Rotate ${p.rotate} ` : ''}`;
    bodies.push(`<</Type /Page /Parent 2 0 R ${boxes}/Contents ${4 + i * 2} 0 R /Resources <<>> ${parts.pageExtra?.(i) ?? ''}>>`);
    const content = p.content ?? '0.6 g 0 0 1 1 re f';
    bodies.push(`<</Length ${Buffer.byteLength(content, 'latin1')}>>\nstream\n${content}\nendstream`);
  });
  bodies.push(...(parts.objects ?? []));
  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${bodies.length + 1}\n0000000000 65535 f\r\n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n\r\n`).join('')}`;
  out += `trailer\n<</Size ${bodies.length + 1} /Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
/** Number of the first extra object of rawPdf. */
export const firstExtra = (pageCount: number) => 3 + pageCount * 2;

/**
 * The catalog, the page tree and the page held in `streams` object streams (cross-reference stream), each stream
 * holding one object padded with spaces to `inflatedEach` bytes once inflated: ≈ 1 KB on disk per MB inflated.
 * `filter` other than FlateDecode makes a structure the engine does not read (object streams are Flate only).
 */
export function objectStreamPdf(streams: number, inflatedEach: number, filter: 'FlateDecode' | 'LZWDecode' = 'FlateDecode'): Buffer {
  const parts: Buffer[] = [];
  let length = 0;
  const offsets = new Map<number, number>();
  const write = (data: string | Buffer, num?: number) => {
    if (num !== undefined) offsets.set(num, length);
    const b = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
    parts.push(b);
    length += b.length;
  };
  write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  const held = ['<</Type /Catalog /Pages 101 0 R>>', '<</Type /Pages /Count 1 /Kids [102 0 R]>>', '<</Type /Page /Parent 101 0 R /MediaBox [0 0 612 792]>>'];
  for (let s = 0; s < streams; s++) {
    const header = `${100 + s} 0 `;
    const body = `${header}${held[s] ?? '<</Filler true>>'} `;
    const plain = Buffer.alloc(Math.max(inflatedEach, body.length), 0x20);
    plain.write(body, 0, 'latin1');
    const data = filter === 'FlateDecode' ? deflateSync(plain, { level: 9 }) : Buffer.from('\x80\x0b\x60\x50\x22\x0c\x0c\x85\x01', 'latin1');
    write(`${s + 1} 0 obj\n<</Type /ObjStm /N 1 /First ${header.length} /Filter /${filter} /Length ${data.length}>>\nstream\n`, s + 1);
    write(data);
    write('\nendstream\nendobj\n');
  }
  const rows: Array<[number, number, number]> = [[0, 0, 65535]];
  for (let s = 1; s <= streams; s++) rows.push([1, offsets.get(s)!, 0]);
  while (rows.length < 100) rows.push([0, 0, 0]);
  for (let s = 0; s < streams; s++) rows.push([2, s + 1, 0]);
  const xrefNum = rows.length;
  rows.push([1, length, 0]);
  const table = Buffer.alloc(rows.length * 7);
  rows.forEach(([type, a, b], i) => {
    table[i * 7] = type;
    table.writeUInt32BE(a, i * 7 + 1);
    table.writeUInt16BE(b, i * 7 + 5);
  });
  const xrefAt = length;
  write(`${xrefNum} 0 obj\n<</Type /XRef /Size ${rows.length} /W [1 4 2] /Root 100 0 R /Length ${table.length}>>\nstream\n`);
  write(table);
  write(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/** qpdf <args> in out (e.g. ['--encrypt', 'user', 'owner', '256', '--']). */
export function qpdf(pdf: Uint8Array, args: string[]): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'paraphe-qpdf-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('qpdf', [...args, join(dir, 'in.pdf'), join(dir, 'out.pdf')]);
    return readFileSync(join(dir, 'out.pdf'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A PNG whose header (IHDR) claims `width` × `height`, with a tiny IDAT: the handwriting bomb. */
export function pngHeaderOnly(width: number, height: number, idat: Uint8Array = deflateSync(Buffer.alloc(64))): Buffer {
  const chunk = (type: string, data: Uint8Array) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), Buffer.from(data)]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** A page rendered at 72 dpi in grey levels (one pixel = one point of the page as shown: crop box, rotation). */
export interface Raster {
  width: number;
  height: number;
  /** One byte per pixel, row 0 at the top. */
  gray: Uint8Array;
}

/** pdftoppm -r 72 -cropbox -gray, page `page`; `keep` also writes a PNG there (to look at). */
export function renderPage(pdf: Uint8Array, page = 1, keep?: string): Raster {
  const dir = mkdtempSync(join(tmpdir(), 'paraphe-render-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    const range = ['-f', String(page), '-l', String(page)];
    execFileSync('pdftoppm', ['-r', '72', '-cropbox', '-gray', ...range, join(dir, 'in.pdf'), join(dir, 'out')]);
    if (keep) execFileSync('pdftoppm', ['-r', '144', '-cropbox', '-png', '-singlefile', ...range, join(dir, 'in.pdf'), keep.replace(/\.png$/, '')]);
    const file = readdirSync(dir).find((f) => f.startsWith('out') && f.endsWith('.pgm'));
    if (!file) throw new Error('pdftoppm produced no image');
    return parsePgm(readFileSync(join(dir, file)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function parsePgm(bytes: Buffer): Raster {
  // "P5\n<width> <height>\n<max>\n" then the pixels.
  const header: string[] = [];
  let at = 0;
  while (header.length < 4) {
    while (/\s/.test(String.fromCharCode(bytes[at]!))) at++;
    let token = '';
    while (!/\s/.test(String.fromCharCode(bytes[at]!))) token += String.fromCharCode(bytes[at++]!);
    header.push(token);
  }
  if (header[0] !== 'P5') throw new Error(`not a binary PGM: ${header[0]}`);
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, gray: new Uint8Array(bytes.subarray(at + 1, at + 1 + width * height)) };
}

/** A box in visible-page coordinates (points, origin bottom-left, y up). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Pixels that differ by more than `threshold` between two renders, inside `box` and outside it (`margin` points around the box excluded). */
export function changedPixels(before: Raster, after: Raster, box: Box, margin = 2, threshold = 40): { inside: number; outside: number } {
  if (before.width !== after.width || before.height !== after.height)
    throw new Error(`renders of different sizes: ${before.width}×${before.height} / ${after.width}×${after.height}`);
  let inside = 0;
  let outside = 0;
  for (let row = 0; row < after.height; row++) {
    const y = after.height - 1 - row; // visible coordinates count from the bottom
    for (let x = 0; x < after.width; x++) {
      const i = row * after.width + x;
      if (Math.abs(after.gray[i]! - before.gray[i]!) <= threshold) continue;
      const inBox = x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
      const nearBox = x >= box.x - margin && x < box.x + box.width + margin && y >= box.y - margin && y < box.y + box.height + margin;
      if (inBox) inside++;
      else if (!nearBox) outside++;
    }
  }
  return { inside, outside };
}

/** A ZIP member given by its deflated bytes and what the archive declares of it (the declaration may lie). */
export interface ZipMember {
  name: string;
  deflated: Uint8Array;
  crc: number;
  /** Declared uncompressed size (local header and central directory). */
  size: number;
}

/** A deflated member of `data` (its true size and CRC). */
export const deflatedMember = (name: string, data: Uint8Array): ZipMember => ({
  name,
  deflated: deflateRawSync(data, { level: 9 }),
  crc: crc32(data),
  size: data.length,
});

/** A ZIP archive written by hand, so that one compressed block can be reused by many members, or sizes can lie. */
export function rawZip(members: ZipMember[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const m of members) {
    const name = Buffer.from(m.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(m.crc, 14);
    local.writeUInt32LE(m.deflated.length, 18);
    local.writeUInt32LE(m.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(m.crc, 16);
    central.writeUInt32LE(m.deflated.length, 20);
    central.writeUInt32LE(m.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(m.deflated));
    centrals.push(central, name);
    offset += 30 + name.length + m.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
