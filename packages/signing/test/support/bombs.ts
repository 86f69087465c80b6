/**
 * Hostile PDFs that are small on disk and huge once read: object streams that inflate to hundreds of MB, a
 * cross-reference stream declaring millions of entries, giant strings and arrays. Built without pdf-lib, into
 * one buffer. Compressed blocks are made once per size and reused.
 */
import { deflateSync } from 'node:zlib';

const deflated = new Map<string, Buffer>();

/** zlib data of `prefix` followed by `size` spaces (cached: deflating hundreds of MB takes a while). */
function inflatingTo(prefix: string, size: number): Buffer {
  const key = `${prefix}|${size}`;
  let out = deflated.get(key);
  if (!out) {
    const data = Buffer.alloc(prefix.length + size, 0x20);
    data.write(prefix, 0, 'latin1');
    out = deflateSync(data, { level: 9 });
    deflated.set(key, out);
  }
  return out;
}

class Writer {
  parts: Buffer[] = [];
  length = 0;
  offsets = new Map<number, number>();
  write(data: string | Buffer, num?: number): void {
    if (num !== undefined) this.offsets.set(num, this.length);
    const b = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
    this.parts.push(b);
    this.length += b.length;
  }
  /** A cross-reference stream (object `num`) covering `rows` and the trailer entries. */
  finishWithXrefStream(num: number, rows: Array<[number, number, number]>, trailer: string): Buffer {
    const xrefAt = this.length;
    const data = Buffer.alloc(rows.length * 7);
    rows.forEach(([type, a, b], i) => {
      data[i * 7] = type;
      data.writeUInt32BE(a, i * 7 + 1);
      data.writeUInt16BE(b, i * 7 + 5);
    });
    this.write(`${num} 0 obj\n<</Type /XRef /Size ${rows.length} /W [1 4 2] ${trailer} /Length ${data.length}>>\nstream\n`);
    this.write(data);
    this.write(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`);
    return Buffer.concat(this.parts);
  }
}

/**
 * `streams` object streams, each inflating to `inflatedEach` bytes; the catalog, the page tree and the page live in
 * different ones, so reading the document inflates them all. ≈ 60 KB per 60 MB on disk.
 */
export function objectStreamBomb(streams = 10, inflatedEach = 60 * 1024 * 1024): Buffer {
  const w = new Writer();
  w.write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  // Objects 1..streams are the object streams; the objects they hold are numbered from 100 on.
  const held: string[] = [
    '<</Type /Catalog /Pages 101 0 R>>',
    '<</Type /Pages /Count 1 /Kids [102 0 R]>>',
    '<</Type /Page /Parent 101 0 R /MediaBox [0 0 612 792]>>',
  ];
  for (let s = 0; s < streams; s++) {
    const body = held[s] ?? '<</Filler true>>';
    const header = `${100 + s} 0 `;
    const data = inflatingTo(`${header}${body} `, inflatedEach);
    w.write(`${s + 1} 0 obj\n<</Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode /Length ${data.length}>>\nstream\n`, s + 1);
    w.write(data);
    w.write('\nendstream\nendobj\n');
  }
  const rows: Array<[number, number, number]> = [[0, 0, 65535]];
  for (let s = 1; s <= streams; s++) rows.push([1, w.offsets.get(s)!, 0]);
  while (rows.length < 100) rows.push([0, 0, 0]);
  for (let s = 0; s < streams; s++) rows.push([2, s + 1, 0]);
  const xrefNum = rows.length;
  rows.push([1, w.length, 0]);
  return w.finishWithXrefStream(xrefNum, rows, '/Root 100 0 R');
}

/** One cross-reference stream declaring `entries` objects (all pointing at the catalog), a few KB compressed. */
export function xrefStreamBomb(entries = 2_000_000): Buffer {
  const w = new Writer();
  w.write('%PDF-1.7\n');
  w.write('1 0 obj\n<</Type /Catalog /Pages 2 0 R>>\nendobj\n', 1);
  w.write('2 0 obj\n<</Type /Pages /Count 1 /Kids [3 0 R]>>\nendobj\n', 2);
  w.write('3 0 obj\n<</Type /Page /Parent 2 0 R /MediaBox [0 0 612 792]>>\nendobj\n', 3);
  const xrefAt = w.length;
  const rows = Buffer.alloc(entries * 7);
  for (let i = 0; i < entries; i++) {
    rows[i * 7] = 1;
    rows.writeUInt32BE(i === 2 ? w.offsets.get(2)! : i === 3 ? w.offsets.get(3)! : i === entries - 1 ? xrefAt : w.offsets.get(1)!, i * 7 + 1);
  }
  const data = deflateSync(rows, { level: 9 });
  w.write(`${entries - 1} 0 obj\n<</Type /XRef /Size ${entries} /W [1 4 2] /Root 1 0 R /Filter /FlateDecode /Length ${data.length}>>\nstream\n`);
  w.write(data);
  w.write(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`);
  return Buffer.concat(w.parts);
}

/** A classic file whose catalog holds a `bytes`-long literal string or an array of `bytes / 2` numbers. */
export function parseBomb(kind: 'string' | 'array', bytes = 50 * 1024 * 1024): Buffer {
  const filler = kind === 'string' ? Buffer.concat([Buffer.from('('), Buffer.alloc(bytes, 0x61), Buffer.from(')')]) : Buffer.alloc(bytes, '1 ');
  const w = new Writer();
  w.write('%PDF-1.7\n');
  w.write('1 0 obj\n<</Type /Catalog /Pages 2 0 R /Junk ', 1);
  w.write(kind === 'string' ? filler : Buffer.concat([Buffer.from('['), filler, Buffer.from(']')]));
  w.write('>>\nendobj\n');
  w.write('2 0 obj\n<</Type /Pages /Count 1 /Kids [3 0 R]>>\nendobj\n', 2);
  w.write('3 0 obj\n<</Type /Page /Parent 2 0 R /MediaBox [0 0 612 792]>>\nendobj\n', 3);
  const xref = w.length;
  w.write(`xref\n0 4\n0000000000 65535 f\r\n${[1, 2, 3].map((n) => `${String(w.offsets.get(n)).padStart(10, '0')} 00000 n\r\n`).join('')}`);
  w.write(`trailer\n<</Size 4 /Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(w.parts);
}
