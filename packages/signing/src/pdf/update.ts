import { createHash, randomBytes, type Hash } from 'node:crypto';
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString, type PdfValue } from './objects.ts';
import type { PdfLimits } from './limits.ts';
import { PdfReader, type AppendedRevision, type XrefEntry } from './reader.ts';
import { serialize, serializeIndirect } from './serialize.ts';

/**
 * The output file as a list of chunks: the input, referenced and never copied, then each revision, built once.
 * A revision is final when it is appended (a signature's /Contents is written before), so one running SHA-256
 * over the file so far serves every later signature's byte ranges: each byte is hashed once, in place. Each
 * revision comes with the reader of the file it ends (PdfReader.afterUpdate), so nothing is made contiguous until
 * the caller asks for one buffer (bytes(): one copy); parts() needs none.
 */
export class IncrementalPdf {
  private readonly chunks: Uint8Array[];
  length: number;
  /** The reader of the file as it stands (after the last appended revision). */
  reader: PdfReader;
  private readonly hash = createHash('sha256');
  private hashedChunks = 0;

  constructor(input: Uint8Array, limits?: Partial<PdfLimits>) {
    this.reader = PdfReader.open(input, limits);
    this.chunks = [input];
    this.length = input.length;
  }

  /** The file's last byte (an update starts on a new line). */
  get lastByte(): number | undefined {
    const last = this.chunks[this.chunks.length - 1]!;
    return last[last.length - 1];
  }

  /** SHA-256 over the whole file so far, as a copy the caller goes on with (the new revision's byte ranges). */
  hashSoFar(): Hash {
    while (this.hashedChunks < this.chunks.length) this.hash.update(this.chunks[this.hashedChunks++]!);
    return this.hash.copy();
  }

  /** Appends a finished revision (its bytes are not copied and must not change any more) and the reader after it. */
  append(revision: Uint8Array, reader: PdfReader): void {
    this.chunks.push(revision);
    this.length += revision.length;
    this.reader = reader;
  }

  /** The file as chunks, in order: the input itself, then the revisions. */
  parts(): Uint8Array[] {
    return [...this.chunks];
  }

  /** The file as one buffer: allocated once at its final size, each chunk copied once. */
  bytes(): Uint8Array {
    if (this.chunks.length === 1) return this.chunks[0]!;
    const out = Buffer.allocUnsafe(this.length);
    let at = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }
}

export interface BuiltRevision {
  bytes: Buffer;
  /** Object number → offset of "n g obj" inside `bytes`. */
  objectOffsets: Map<number, number>;
  /** What the reader of the file with this revision needs (PdfReader.afterUpdate). */
  appended: AppendedRevision;
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
    const objects: AppendedRevision['objects'] = new Map();
    for (const { ref, value } of [...this.pending.values()].sort((a, b) => a.ref.num - b.ref.num)) {
      const entry: XrefEntry = { type: 'offset', offset: baseLength + size, gen: ref.gen };
      objectOffsets.set(ref.num, size);
      written.set(ref.num, entry);
      objects.set(ref.num, { entry, value });
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
    if (xrefNumber !== undefined) {
      const stream = xrefStream(entries, trailer);
      objects.set(xrefNumber, { entry: entries.get(xrefNumber)!, value: stream });
      push(serializeIndirect(new PdfRef(xrefNumber, 0), stream));
    } else push(Buffer.from(xrefTable(entries) + 'trailer\n' + serialize(trailer) + '\n', 'latin1'));
    push(Buffer.from(`startxref\n${xrefOffset}\n%%EOF\n`, 'latin1'));
    const appended = { objects, trailer, xrefOffset, isStream: useStream, fileLength: baseLength + size };
    return { bytes: Buffer.concat(parts, size), objectOffsets, appended };
  }

  /** The reader of the file once `built` (this update, built) is appended to it. */
  readerAfter(built: BuiltRevision): PdfReader {
    return PdfReader.afterUpdate(this.reader, built.appended);
  }
}

/** Random bytes drawn 4 KB at a time: one system call per 256 file identifiers instead of one or two per revision. */
const randomPool = { bytes: Buffer.alloc(0), at: 0 };
function random16(): Buffer {
  if (randomPool.at + 16 > randomPool.bytes.length) {
    randomPool.bytes = randomBytes(4096);
    randomPool.at = 0;
  }
  return randomPool.bytes.subarray(randomPool.at, (randomPool.at += 16)); // a view: the pool is replaced, never overwritten
}

function fileId(existing: PdfValue | undefined): PdfValue[] {
  const first = Array.isArray(existing) && existing[0] instanceof PdfString ? existing[0] : new PdfString(random16(), true);
  return [first, new PdfString(random16(), true)];
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

function xrefStream(entries: Map<number, XrefEntry>, trailer: PdfDict): PdfStream {
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
  return new PdfStream(d, Buffer.concat(rows));
}
