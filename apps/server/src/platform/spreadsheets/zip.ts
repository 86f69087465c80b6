/**
 * Just enough ZIP to open .xlsx and .ods uploads safely: the central directory, each entry's data, and a zip-bomb
 * guard that counts the bytes each entry really inflates to (the declared sizes are the uploader's word).
 *
 * The guard makes every reader see the same thing: one end-of-central-directory record, at the very end; no two
 * entries with one name; no entries that overlap; each local header agreeing with its central-directory entry; and
 * each deflate stream ending inside its entry's compressed bytes with exactly the declared size. Whatever fails
 * that is UNREADABLE; whatever inflates past the budget is TOO_LARGE.
 */
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { SpreadsheetError, tooLarge, unreadable, unsupported } from './errors.ts';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  /** Where the entry's (compressed) data starts. */
  dataOffset: number;
}

export interface ZipLimits {
  /** Most bytes all entries may inflate to, together. */
  maxInflatedBytes: number;
  /** Most entries the archive may list. */
  maxEntries: number;
}

const sig = { local: 0x04034b50, central: 0x02014b50, end: 0x06054b50, end64: 0x06064b50, locator64: 0x07064b50 } as const;

export const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6);

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function u64(dv: DataView, at: number): number {
  const value = dv.getBigUint64(at, true);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw unreadable('The archive declares an impossible size.');
  return Number(value);
}

function decodeName(bytes: Uint8Array, utf8: boolean): string {
  // Non-UTF-8 names are CP437 in theory; the names a workbook's parts have are ASCII either way.
  return new TextDecoder(utf8 ? 'utf-8' : 'latin1').decode(bytes);
}

/** Reads and checks the central directory. Throws UNREADABLE for an archive two readers could see differently. */
export function readZipDirectory(bytes: Uint8Array, limits: ZipLimits): ZipEntry[] {
  const dv = view(bytes);
  const size = bytes.length;
  if (size < 22) throw unreadable('The file is not a complete ZIP archive.');
  // The last end-of-central-directory signature in the file (where SheetJS looks too) must be the record itself,
  // its comment running exactly to the end of the file.
  let end = -1;
  for (let i = size - 22; i >= Math.max(0, size - 22 - 0xffff); i--) {
    if (dv.getUint32(i, true) === sig.end) {
      end = i;
      break;
    }
  }
  if (end < 0) throw unreadable('The file is not a complete ZIP archive (no central directory).');
  for (let i = end + 1; i <= size - 4; i++) if (dv.getUint32(i, true) === sig.end) throw unreadable('The ZIP archive has an ambiguous end record.');
  if (end + 22 + dv.getUint16(end + 20, true) !== size) throw unreadable('The ZIP archive has trailing data after its end record.');
  if (dv.getUint16(end + 4, true) !== 0 || dv.getUint16(end + 6, true) !== 0) throw unsupported('Multi-part ZIP archives are not supported.');

  let count = dv.getUint16(end + 10, true);
  let cdSize = dv.getUint32(end + 12, true);
  let cdOffset = dv.getUint32(end + 16, true);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const locator = end - 20;
    if (locator < 0 || dv.getUint32(locator, true) !== sig.locator64) throw unreadable('The ZIP64 archive has no ZIP64 locator.');
    const end64 = u64(dv, locator + 8);
    if (end64 + 56 > locator || dv.getUint32(end64, true) !== sig.end64) throw unreadable('The ZIP64 end record is missing.');
    count = u64(dv, end64 + 32);
    cdSize = u64(dv, end64 + 40);
    cdOffset = u64(dv, end64 + 48);
  }
  if (count > limits.maxEntries)
    throw new SpreadsheetError('TOO_LARGE', `The archive lists more than ${limits.maxEntries} files.`, { limit: limits.maxEntries });
  if (cdOffset + cdSize > end) throw unreadable('The ZIP central directory lies outside the file.');

  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let declared = 0;
  let at = cdOffset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > cdOffset + cdSize || dv.getUint32(at, true) !== sig.central) throw unreadable('The ZIP central directory is damaged.');
    const flags = dv.getUint16(at + 8, true);
    const method = dv.getUint16(at + 10, true);
    const crc32 = dv.getUint32(at + 16, true);
    let compressedSize = dv.getUint32(at + 20, true);
    let uncompressedSize = dv.getUint32(at + 24, true);
    const nameLength = dv.getUint16(at + 28, true);
    const extraLength = dv.getUint16(at + 30, true);
    const commentLength = dv.getUint16(at + 32, true);
    let localHeaderOffset = dv.getUint32(at + 42, true);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > cdOffset + cdSize) throw unreadable('The ZIP central directory is damaged.');
    const name = decodeName(bytes.subarray(at + 46, at + 46 + nameLength), (flags & 0x800) !== 0);
    // ZIP64 extended information: the 64-bit values, in this order, for the fields that hold 0xFFFFFFFF.
    const extraEnd = at + 46 + nameLength + extraLength;
    for (let x = at + 46 + nameLength; x + 4 <= extraEnd;) {
      const id = dv.getUint16(x, true);
      const length = dv.getUint16(x + 2, true);
      if (id === 0x0001) {
        let p = x + 4;
        // Bounded by the extra field too, not only by the length the field declares: a ZIP64 field declaring more
        // than the extra field holds made take() read past the end of the file, a raw RangeError instead of
        // UNREADABLE (found by the fuzz target `zip`; fuzz/regressions/zip/).
        const fieldEnd = Math.min(x + 4 + length, extraEnd);
        const take = () => {
          if (p + 8 > fieldEnd) throw unreadable('The ZIP64 extra field is damaged.');
          const value = u64(dv, p);
          p += 8;
          return value;
        };
        if (uncompressedSize === 0xffffffff) uncompressedSize = take();
        if (compressedSize === 0xffffffff) compressedSize = take();
        if (localHeaderOffset === 0xffffffff) localHeaderOffset = take();
      }
      x += 4 + length;
    }
    if (flags & 0x2041) throw unsupported('The workbook is encrypted (password-protected).');
    if (method !== 0 && method !== 8) throw unsupported(`The archive uses an unsupported compression method (${method}).`);
    // Part names are case-insensitive in both OOXML and ODF: two spellings of one name are one name.
    if (names.has(name.toLowerCase())) throw unreadable(`The archive holds "${name}" twice.`);
    names.add(name.toLowerCase());
    declared += uncompressedSize;
    if (declared > limits.maxInflatedBytes) throw tooLarge('The unpacked workbook', limits.maxInflatedBytes);

    const local = localHeaderOffset;
    if (local + 30 > cdOffset || dv.getUint32(local, true) !== sig.local) throw unreadable(`The archive's entry "${name}" is damaged.`);
    const localFlags = dv.getUint16(local + 6, true);
    const localNameLength = dv.getUint16(local + 26, true);
    const localExtraLength = dv.getUint16(local + 28, true);
    const localName = decodeName(bytes.subarray(local + 30, local + 30 + localNameLength), (localFlags & 0x800) !== 0);
    if (localName !== name || dv.getUint16(local + 8, true) !== method) throw unreadable(`The archive's entry "${name}" does not match its directory.`);
    if ((localFlags & 0x8) === 0) {
      const lc = dv.getUint32(local + 18, true);
      const lu = dv.getUint32(local + 22, true);
      if ((lc !== compressedSize && lc !== 0xffffffff) || (lu !== uncompressedSize && lu !== 0xffffffff))
        throw unreadable(`The archive's entry "${name}" does not match its directory.`);
    }
    const dataOffset = local + 30 + localNameLength + localExtraLength;
    if (dataOffset + compressedSize > cdOffset) throw unreadable(`The archive's entry "${name}" runs past its end.`);
    if (method === 0 && compressedSize !== uncompressedSize) throw unreadable(`The archive's entry "${name}" is damaged.`);
    entries.push({ name, method, flags, crc32, compressedSize, uncompressedSize, localHeaderOffset, dataOffset });
    at = next;
  }
  // Overlapping entries are the "overlapping zip bomb": one compressed run counted by many names.
  const byOffset = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  for (let i = 1; i < byOffset.length; i++) {
    const prev = byOffset[i - 1]!;
    if (prev.dataOffset + prev.compressedSize > byOffset[i]!.localHeaderOffset) throw unreadable('The archive has overlapping entries.');
  }
  return entries;
}

/** An entry's raw (possibly compressed) bytes. */
export const rawData = (bytes: Uint8Array, entry: ZipEntry) => bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);

/** What is left of the bytes a workbook may inflate to, shared by all of its entries. */
export class InflateBudget {
  readonly limit: number;
  left: number;
  constructor(limit: number) {
    this.limit = limit;
    this.left = limit;
  }
  spend(bytes: number): void {
    this.left -= bytes;
    if (this.left < 0) throw tooLarge('The unpacked workbook', this.limit);
  }
}

/**
 * An entry's inflated bytes as they come (64 KiB at a time, zlib waits for the reader), counted against `budget`,
 * checked to end at exactly the declared size inside the entry's compressed bytes. Stopping early is fine.
 */
export async function* inflateEntry(bytes: Uint8Array, entry: ZipEntry, budget: InflateBudget): AsyncGenerator<Buffer> {
  const raw = rawData(bytes, entry);
  if (entry.method === 0) {
    for (let at = 0; at < raw.length; at += 65_536) {
      const chunk = Buffer.from(raw.buffer, raw.byteOffset + at, Math.min(65_536, raw.length - at));
      budget.spend(chunk.length);
      yield chunk;
    }
    return;
  }
  const inflater = createInflateRaw({ chunkSize: 65_536 });
  inflater.end(Buffer.from(raw.buffer, raw.byteOffset, raw.length));
  let total = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      total += chunk.length;
      // The declared sizes were checked against the budget: a part that inflates past its own is lying.
      if (total > entry.uncompressedSize) throw unreadable(`The archive's entry "${entry.name}" is larger than it declares.`);
      budget.spend(chunk.length);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof SpreadsheetError) throw error;
    throw unreadable(`The archive's entry "${entry.name}" is damaged.`, error);
  } finally {
    inflater.destroy();
  }
  if (total !== entry.uncompressedSize) throw unreadable(`The archive's entry "${entry.name}" is smaller than it declares.`);
}

/** Inflates every entry once, keeping nothing: for readers that inflate the whole archive themselves (SheetJS). */
export async function verifyEntries(bytes: Uint8Array, entries: readonly ZipEntry[], budget: InflateBudget): Promise<void> {
  for (const entry of entries) for await (const _ of inflateEntry(bytes, entry, budget));
}

/** UTF-8 text of an entry as it inflates, never splitting a character between two chunks. */
export async function* entryTextChunks(bytes: Uint8Array, entry: ZipEntry, budget: InflateBudget): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of inflateEntry(bytes, entry, budget)) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** A small entry's text (a workbook's metadata parts), inflated with a hard cap on its output. */
export function entryText(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): string {
  if (entry.uncompressedSize > maxBytes) throw tooLarge(`The archive's part "${entry.name}"`, maxBytes);
  const raw = rawData(bytes, entry);
  let data: Uint8Array;
  try {
    data = entry.method === 0 ? raw : inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
  } catch (error) {
    if (error instanceof RangeError) throw unreadable(`The archive's entry "${entry.name}" is larger than it declares.`, error);
    throw unreadable(`The archive's entry "${entry.name}" is damaged.`, error);
  }
  if (data.length !== entry.uncompressedSize) throw unreadable(`The archive's entry "${entry.name}" does not have its declared size.`);
  return new TextDecoder('utf-8').decode(data);
}
