import { createHash, randomBytes, type Hash } from 'node:crypto';
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString, type PdfValue } from './objects.ts';
import type { PdfReader, XrefEntry } from './reader.ts';
import { serialize, serializeIndirect } from './serialize.ts';

/**
 * The output file, grown in place: the original bytes are copied once, every revision is appended after
 * them, and placeholders are patched in the same memory. Keeps peak memory near input + output.
 */
export class GrowingPdf {
  private buf: Buffer;
  length: number;
  /** SHA-256 state over bytes [0, end) that can no longer change (see hashPrefix). */
  private prefix: { end: number; hash: Hash } | undefined;
  constructor(input: Uint8Array, reserve: number) {
    this.buf = Buffer.allocUnsafe(input.length + reserve);
    this.buf.set(input, 0);
    this.length = input.length;
  }
  /** The current file (a view, no copy). */
  view(): Buffer {
    return this.buf.subarray(0, this.length);
  }
  /** Appends bytes and returns the offset where they start. */
  append(bytes: Uint8Array): number {
    if (this.length + bytes.length > this.buf.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 1.25, this.length + bytes.length + 65536) | 0);
      this.buf.copy(bigger, 0, 0, this.length);
      this.buf = bigger;
    }
    const at = this.length;
    this.buf.set(bytes, at);
    this.length += bytes.length;
    return at;
  }
  /**
   * SHA-256 over [0, end), resuming from the previous call's state. Valid because every later write lies after
   * that point: revisions are appended, and a signature patches only its own /Contents, past its prefix. So a
   * B-LTA signature hashes a big file once, not once per revision.
   */
  hashPrefix(end: number): Hash {
    const known = this.prefix && this.prefix.end <= end ? this.prefix : undefined;
    const hash = known ? known.hash.copy() : createHash('sha256');
    hash.update(this.buf.subarray(known ? known.end : 0, end));
    this.prefix = { end, hash: hash.copy() };
    return hash;
  }
  /** Hands the finished bytes out (a view when the spare room is small, else a trimmed copy). */
  result(): Uint8Array {
    return this.buf.length - this.length < 1024 * 1024 ? this.view() : Buffer.from(this.view());
  }
}

export interface BuiltRevision {
  bytes: Buffer;
  /** Object number → offset of "n g obj" inside `bytes`. */
  objectOffsets: Map<number, number>;
}

/**
 * One incremental update: new and changed objects, then a cross-reference section (table or stream, like the
 * file's newest one) whose /Prev chains to the previous section and whose /Size covers every number in use.
 */
export class PdfUpdate {
  readonly reader: PdfReader;
  private nextNumber: number;
  private readonly pending = new Map<number, { ref: PdfRef; value: PdfValue }>();

  constructor(reader: PdfReader) {
    this.reader = reader;
    this.nextNumber = reader.size;
  }

  allocate(): PdfRef {
    return new PdfRef(this.nextNumber++, 0);
  }

  add(value: PdfValue): PdfRef {
    const ref = this.allocate();
    this.set(ref, value);
    return ref;
  }

  set(ref: PdfRef, value: PdfValue): void {
    this.pending.set(ref.num, { ref, value });
  }

  /** The newest value of an object: pending in this update, else as read from the file. */
  get(ref: PdfRef): PdfValue {
    const p = this.pending.get(ref.num);
    return p ? p.value : this.reader.getObject(ref.num);
  }

  resolveDict(value: PdfValue | undefined): PdfDict | undefined {
    const v = value instanceof PdfRef ? this.get(value) : value;
    return v instanceof PdfDict ? v : undefined;
  }

  /** A writable copy of a dictionary object, registered in this update (copied once). */
  edit(ref: PdfRef): PdfDict {
    const p = this.pending.get(ref.num);
    if (p && p.value instanceof PdfDict) return p.value;
    const d = this.reader.resolveDict(ref);
    if (!d || this.reader.getObject(ref.num) instanceof PdfStream) throw new TypeError(`Object ${ref.num} is not an editable dictionary`);
    const copy = d.clone();
    this.set(ref, copy);
    return copy;
  }

  get isEmpty(): boolean {
    return this.pending.size === 0;
  }

  build(baseLength: number, lastByte: number | undefined): BuiltRevision {
    const parts: Buffer[] = [];
    let size = 0;
    const push = (b: Buffer) => {
      parts.push(b);
      size += b.length;
    };
    if (lastByte !== 10 && lastByte !== 13) push(Buffer.from('\n', 'latin1'));
    const objectOffsets = new Map<number, number>();
    const written = new Map<number, XrefEntry>();
    for (const { ref, value } of [...this.pending.values()].sort((a, b) => a.ref.num - b.ref.num)) {
      objectOffsets.set(ref.num, size);
      written.set(ref.num, { type: 'offset', offset: baseLength + size, gen: ref.gen });
      push(serializeIndirect(ref, value));
    }
    const reader = this.reader;
    // A rebuilt (damaged) file gets a complete cross-reference, so readers need not trust the old one.
    const entries = new Map<number, XrefEntry>(reader.reconstructed ? reader.entries : []);
    for (const [n, e] of written) entries.set(n, e);
    const useStream = reader.lastXrefIsStream || (reader.reconstructed && [...entries.values()].some((e) => e.type === 'compressed'));
    const trailer = new PdfDict();
    const xrefOffset = baseLength + size;
    const xrefNumber = useStream ? this.nextNumber++ : undefined;
    if (xrefNumber !== undefined) entries.set(xrefNumber, { type: 'offset', offset: xrefOffset, gen: 0 });
    trailer.set('Size', this.nextNumber);
    for (const key of ['Root', 'Info'] as const) {
      const v = reader.trailer.get(key);
      if (v !== undefined) trailer.set(key, v);
    }
    trailer.set('ID', fileId(reader.trailer.get('ID')));
    if (!reader.reconstructed && reader.lastXrefOffset !== undefined) trailer.set('Prev', reader.lastXrefOffset);
    if (xrefNumber !== undefined) push(xrefStream(xrefNumber, entries, trailer));
    else push(Buffer.from(xrefTable(entries) + 'trailer\n' + serialize(trailer) + '\n', 'latin1'));
    push(Buffer.from(`startxref\n${xrefOffset}\n%%EOF\n`, 'latin1'));
    return { bytes: Buffer.concat(parts, size), objectOffsets };
  }
}

function fileId(existing: PdfValue | undefined): PdfValue[] {
  const first = Array.isArray(existing) && existing[0] instanceof PdfString ? existing[0] : new PdfString(randomBytes(16), true);
  return [first, new PdfString(randomBytes(16), true)];
}

function groups(nums: number[]): Array<[number, number[]]> {
  const out: Array<[number, number[]]> = [];
  for (const n of nums.sort((a, b) => a - b)) {
    const last = out[out.length - 1];
    if (last && last[0] + last[1].length === n) last[1].push(n);
    else out.push([n, [n]]);
  }
  return out;
}

function xrefTable(entries: Map<number, XrefEntry>): string {
  let out = 'xref\n';
  const nums = [...entries.keys()];
  if (!entries.has(0)) nums.push(0);
  for (const [first, run] of groups(nums)) {
    out += `${first} ${run.length}\n`;
    for (const n of run) {
      const e = entries.get(n);
      if (e?.type === 'offset') out += `${String(e.offset).padStart(10, '0')} ${String(e.gen).padStart(5, '0')} n\r\n`;
      else out += `0000000000 ${n === 0 ? '65535' : '00001'} f\r\n`;
    }
  }
  return out;
}

function xrefStream(num: number, entries: Map<number, XrefEntry>, trailer: PdfDict): Buffer {
  const index: number[] = [];
  const rows: Buffer[] = [];
  for (const [first, run] of groups([...entries.keys()])) {
    index.push(first, run.length);
    for (const n of run) {
      const e = entries.get(n)!;
      const row = Buffer.alloc(7);
      if (e.type === 'offset') {
        row[0] = 1;
        row.writeUInt32BE(e.offset, 1);
        row.writeUInt16BE(e.gen, 5);
      } else if (e.type === 'compressed') {
        row[0] = 2;
        row.writeUInt32BE(e.stream, 1);
        row.writeUInt16BE(e.index, 5);
      }
      rows.push(row);
    }
  }
  const d = trailer.clone();
  d.set('Type', new PdfName('XRef'));
  d.set('W', [1, 4, 2]);
  d.set('Index', index);
  return serializeIndirect(new PdfRef(num, 0), new PdfStream(d, Buffer.concat(rows)));
}
