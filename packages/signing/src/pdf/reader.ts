import { SigningError } from '../errors.ts';
import { decodeStream } from './filters.ts';
import { InflateBudget, resolveLimits, tooComplex, type PdfLimits } from './limits.ts';
import { encryptionError } from './security.ts';
import { XrefTable, type XrefEntry } from './xref-table.ts';
import { PdfDict, PdfName, PdfRef, PdfStream, asNumber, type PdfValue } from './objects.ts';
import { Lexer, indexOfText, invalid, lastIndexOfText, latin1, parseIndirectAt, startsWith } from './parser.ts';

export type { XrefEntry } from './xref-table.ts';

/** What an incremental update appended, as PdfReader.afterUpdate needs it. */
export interface AppendedRevision {
  /** Every object the revision wrote: its cross-reference entry and the value it was serialized from. */
  objects: Map<number, { entry: XrefEntry; value: PdfValue }>;
  trailer: PdfDict;
  xrefOffset: number;
  isStream: boolean;
  /** Length of the file with the revision. */
  fileLength: number;
}

/**
 * How far from the end the last %%EOF is looked for. Producers and transports append padding, a second copy of
 * the trailer, or a few KB of garbage (an HTML error page, zeros); every viewer and pdf-lib accept that.
 */
export const EOF_SEARCH_WINDOW = 1024 * 1024;

/** What a cut-off incremental update looks like: an object, a cross-reference section or a trailer after the last %%EOF. */
const UPDATE_START = /\d+[\0\t\n\f\r ]+\d+[\0\t\n\f\r ]+obj\b|\bxref[\r\n]|\btrailer\b|\bstartxref\b/;

/**
 * End of the PDF proper (just after its last %%EOF) or a typed error. Bytes after it are kept by the engine (an
 * update is appended after them) but never read. A file whose tail holds the start of another revision was cut
 * during an update: refused rather than silently read as its previous revision.
 */
export function findPdfEnd(bytes: Uint8Array): number {
  const from = Math.max(0, bytes.length - EOF_SEARCH_WINDOW);
  const at = lastIndexOfText(bytes, '%%EOF');
  if (at < from) throw invalid('The PDF is truncated (no %%EOF at its end)', { searched: EOF_SEARCH_WINDOW });
  let end = at + 5;
  if (bytes[end] === 13) end++;
  if (bytes[end] === 10) end++;
  if (end < bytes.length && UPDATE_START.test(latin1(bytes, end, bytes.length))) {
    throw invalid('The PDF is truncated (an incomplete update follows its last %%EOF)', { trailingBytes: bytes.length - end });
  }
  return end;
}

interface ObjectStreamIndex {
  data: Buffer;
  first: number;
  offsets: Map<number, number>;
}

/**
 * Lazy PDF reader: reads the cross-reference chain from the end of the file and parses only the objects
 * that are asked for. Suited to incremental updates, where touching every page would waste most of the time.
 */
export class PdfReader {
  readonly bytes: Uint8Array;
  readonly limits: PdfLimits;
  readonly entries = new XrefTable();
  trailer: PdfDict = new PdfDict();
  /** Offset of the newest cross-reference section (the startxref value); undefined when rebuilt by scanning. */
  lastXrefOffset: number | undefined;
  lastXrefIsStream = false;
  /** True when the cross-reference data was unusable and the object map was rebuilt by scanning the file. */
  reconstructed = false;
  /** Streams read so far whose /Length was wrong (their data was found by the endstream keyword). */
  readonly wrongStreamLengths = new Set<number>();
  /** End of the PDF proper (after its last %%EOF); bytes after it are ignored garbage (see trailingBytes). */
  dataEnd = 0;
  /** Decompression budget shared by every stream this reader inflates. */
  readonly inflateBudget: InflateBudget;
  private declaredSize = 0;
  private readonly cache = new Map<number, PdfValue>();
  private readonly objectStreams = new Map<number, ObjectStreamIndex>();
  private resolving = new Set<number>();

  private constructor(bytes: Uint8Array, limits: PdfLimits) {
    this.bytes = bytes;
    this.limits = limits;
    this.inflateBudget = new InflateBudget(limits);
  }

  /** Bytes after the last %%EOF (ignored when reading; an update is appended after them). */
  get trailingBytes(): number {
    return this.fileLength - this.dataEnd;
  }

  /** Length of the file this reader describes: `bytes`, plus the revisions appended since (see afterUpdate). */
  fileLength = 0;

  /** Decodes a stream within this document's decompression budget. */
  decode(stream: PdfStream): Buffer {
    return decodeStream(stream, this.inflateBudget);
  }

  static open(bytes: Uint8Array, limits?: Partial<PdfLimits>): PdfReader {
    const l = resolveLimits(limits);
    if (!(bytes instanceof Uint8Array)) throw invalid('The PDF must be given as bytes');
    if (bytes.length > l.maxFileSize) throw tooComplex('The PDF is larger than the allowed size', { size: bytes.length, maxFileSize: l.maxFileSize });
    const header = indexOfText(bytes.subarray(0, 1024), '%PDF-');
    if (header < 0) throw invalid('Not a PDF file (no %PDF- header)', { notPdf: true });
    // A file cut short is refused rather than repaired: what would be signed is not what the author wrote.
    const reader = new PdfReader(bytes, l);
    reader.fileLength = bytes.length;
    reader.dataEnd = findPdfEnd(bytes);
    try {
      reader.readXrefChain();
      reader.refuseEncrypted();
      if (!(reader.trailer.get('Root') instanceof PdfRef)) throw invalid('Trailer without /Root');
      reader.getDict(reader.trailer.get('Root') as PdfRef);
    } catch (error) {
      if (error instanceof SigningError && error.code !== 'PDF_INVALID') throw error;
      reader.reconstruct();
    }
    reader.refuseEncrypted();
    return reader;
  }

  /**
   * The reader of the file once `revision` is appended to it, without reading that file: the objects the revision
   * wrote are taken as the values they were written from (never re-parsed), the others are still read from the same
   * bytes, and what was already parsed or inflated is shared. So a B-LTA signature's second and third revisions
   * neither copy the file to make it contiguous nor parse it again.
   */
  static afterUpdate(previous: PdfReader, revision: AppendedRevision): PdfReader {
    const reader = new PdfReader(previous.bytes, previous.limits);
    reader.entries.copyFrom(previous.entries);
    for (const [num, value] of previous.cache) reader.cache.set(num, value);
    for (const [num, index] of previous.objectStreams) reader.objectStreams.set(num, index);
    for (const num of previous.wrongStreamLengths) reader.wrongStreamLengths.add(num);
    for (const [num, { entry, value }] of revision.objects) {
      reader.entries.set(num, entry);
      reader.cache.set(num, value);
    }
    reader.trailer = revision.trailer;
    reader.declaredSize = asNumber(revision.trailer.get('Size')) ?? previous.size;
    reader.lastXrefOffset = revision.xrefOffset;
    reader.lastXrefIsStream = revision.isStream;
    reader.fileLength = reader.dataEnd = revision.fileLength;
    return reader;
  }

  /** Encrypted files are refused; the error tells whether an opening password is needed (details.openPassword). */
  private refuseEncrypted(): void {
    if (!this.trailer.has('Encrypt')) return;
    let dict: PdfDict | undefined;
    try {
      dict = this.resolveDict(this.trailer.get('Encrypt'));
    } catch {
      dict = undefined;
    }
    throw encryptionError(dict, this.trailer.get('ID'));
  }

  /** One more than the largest object number in use: the next free number for new objects. */
  get size(): number {
    return Math.max(this.declaredSize, this.entries.maxNumber + 1);
  }

  get rootRef(): PdfRef {
    return this.trailer.get('Root') as PdfRef;
  }

  catalog(): PdfDict {
    return this.getDict(this.rootRef);
  }

  private readXrefChain(): void {
    const b = this.bytes;
    const sx = lastIndexOfText(b, 'startxref', this.dataEnd);
    if (sx < 0) throw invalid('No startxref');
    const lx = new Lexer(b, sx + 9, this.limits.maxDepth);
    const start = lx.tryInt();
    if (start === undefined) throw invalid('Bad startxref');
    this.lastXrefOffset = start;
    const visited = new Set<number>();
    let offset: number | undefined = start;
    let first = true;
    while (offset !== undefined) {
      if (visited.has(offset)) break; // xref loop: the chain is already fully read
      if (visited.size >= this.limits.maxRevisions) throw tooComplex('Too many cross-reference sections');
      visited.add(offset);
      const section = this.readXrefSection(offset);
      if (first) {
        this.trailer = section.trailer;
        this.lastXrefIsStream = section.isStream;
        first = false;
      } else {
        for (const [k, v] of section.trailer.entries) if (!this.trailer.has(k) && k !== 'Prev' && k !== 'XRefStm') this.trailer.set(k, v);
      }
      const size = asNumber(section.trailer.get('Size'));
      if (size !== undefined) {
        if (size > this.limits.maxObjects) throw tooComplex('Cross-reference /Size over the allowed object count', { size });
        this.declaredSize = Math.max(this.declaredSize, size);
      }
      const prev = asNumber(section.trailer.get('Prev'));
      offset = prev !== undefined && prev >= 0 ? prev : undefined;
    }
  }

  private setEntry(num: number, entry: XrefEntry): void {
    if (num < 0 || num >= this.limits.maxObjects) throw tooComplex('Object number over the allowed object count', { num });
    if (!this.entries.has(num)) this.entries.set(num, entry);
  }

  private readXrefSection(offset: number): { trailer: PdfDict; isStream: boolean } {
    const b = this.bytes;
    const lx = new Lexer(b, offset, this.limits.maxDepth);
    lx.skipWs();
    if (startsWith(b, lx.pos, 'xref')) {
      lx.pos += 4;
      for (;;) {
        const first = lx.tryInt();
        if (first === undefined) break;
        const count = lx.tryInt();
        if (count === undefined) throw invalid('Bad cross-reference subsection');
        if (first + count > this.limits.maxObjects) throw tooComplex('Cross-reference section over the allowed object count');
        if (count * 18 > b.length - lx.pos) throw invalid('Cross-reference subsection longer than the file');
        for (let i = 0; i < count; i++) {
          const off = lx.tryInt();
          const gen = lx.tryInt();
          const kind = lx.token();
          if (off === undefined || gen === undefined || (kind !== 'n' && kind !== 'f')) throw invalid('Bad cross-reference entry');
          if (kind === 'n' && off > 0) this.setEntry(first + i, { type: 'offset', offset: off, gen });
          else this.setEntry(first + i, { type: 'free' });
        }
      }
      lx.expectKeyword('trailer');
      const trailer = lx.parseValue();
      if (!(trailer instanceof PdfDict)) throw invalid('Trailer is not a dictionary');
      const xrefStm = asNumber(trailer.get('XRefStm'));
      if (xrefStm !== undefined) {
        try {
          this.readXrefStream(xrefStm);
        } catch (error) {
          if (error instanceof SigningError && error.code === 'PDF_TOO_COMPLEX') throw error;
        }
      }
      return { trailer, isStream: false };
    }
    return { trailer: this.readXrefStream(offset), isStream: true };
  }

  private readXrefStream(offset: number): PdfDict {
    const parsed = parseIndirectAt(this.bytes, offset, this.limits.maxDepth, () => undefined);
    const stream = parsed.value;
    if (!(stream instanceof PdfStream) || stream.dict.nameOf('Type') !== 'XRef') throw invalid('No cross-reference at startxref', { offset });
    const d = stream.dict;
    const w = d.get('W');
    if (!Array.isArray(w) || w.length !== 3 || !w.every((x) => typeof x === 'number' && x >= 0 && x <= 8)) throw invalid('Bad /W in cross-reference stream');
    const [w0, w1, w2] = w as [number, number, number];
    const rowWidth = w0 + w1 + w2;
    if (rowWidth === 0) throw invalid('Bad /W in cross-reference stream');
    const size = asNumber(d.get('Size')) ?? 0;
    if (size > this.limits.maxObjects) throw tooComplex('Cross-reference /Size over the allowed object count', { size });
    const indexValue = d.get('Index');
    const index = Array.isArray(indexValue) ? (indexValue.filter((x) => typeof x === 'number') as number[]) : [0, size];
    const data = this.decode(stream);
    const field = (pos: number, width: number, dflt: number) => {
      if (width === 0) return dflt;
      let v = 0;
      for (let i = 0; i < width; i++) v = v * 256 + data[pos + i]!;
      return v;
    };
    let pos = 0;
    for (let s = 0; s + 1 < index.length; s += 2) {
      const first = index[s]!;
      const count = index[s + 1]!;
      if (first + count > this.limits.maxObjects) throw tooComplex('Cross-reference stream over the allowed object count');
      for (let i = 0; i < count && pos + rowWidth <= data.length; i++, pos += rowWidth) {
        const type = field(pos, w0, 1);
        const a = field(pos + w0, w1, 0);
        const c = field(pos + w0 + w1, w2, 0);
        if (type === 1) this.setEntry(first + i, { type: 'offset', offset: a, gen: c });
        else if (type === 2) this.setEntry(first + i, { type: 'compressed', stream: a, index: c });
        else if (type === 0) this.setEntry(first + i, { type: 'free' });
      }
    }
    return d;
  }

  /** Rebuilds the object map by scanning for "n g obj", as viewers do with a damaged cross-reference. */
  private reconstruct(): void {
    this.entries.clear();
    this.cache.clear();
    this.objectStreams.clear();
    this.reconstructed = true;
    this.lastXrefOffset = undefined;
    this.lastXrefIsStream = false;
    const text = latin1(this.bytes, 0, this.dataEnd);
    const re = /(?:^|[\s>\]])(\d{1,10})[\0\t\f ]+(\d{1,5})[\0\t\n\f\r ]+obj\b/g;
    const found = new Map<number, XrefEntry>();
    let match: RegExpExecArray | null;
    while ((match = re.exec(text))) {
      const num = Number(match[1]);
      if (num >= this.limits.maxObjects) throw tooComplex('Object number over the allowed object count');
      if (found.size >= this.limits.maxObjects) throw tooComplex('Too many objects');
      found.set(num, { type: 'offset', offset: match.index + match[0].indexOf(match[1]!), gen: Number(match[2]) });
    }
    for (const [num, entry] of found) this.entries.set(num, entry);
    const trailerAt = text.lastIndexOf('trailer');
    let trailer: PdfDict | undefined;
    if (trailerAt >= 0) {
      try {
        const v = new Lexer(this.bytes, trailerAt + 7, this.limits.maxDepth).parseValue();
        if (v instanceof PdfDict) trailer = v;
      } catch {
        trailer = undefined;
      }
    }
    if (!trailer || !(trailer.get('Root') instanceof PdfRef)) {
      trailer = trailer ?? new PdfDict();
      for (const num of [...found.keys()].sort((a, b) => b - a)) {
        const v = this.tryGet(num);
        const d = v instanceof PdfStream ? v.dict : v;
        if (d instanceof PdfDict && d.nameOf('Type') === 'XRef' && d.get('Root') instanceof PdfRef) {
          for (const [k, val] of d.entries) if (!trailer.has(k)) trailer.set(k, val);
          break;
        }
        if (d instanceof PdfDict && d.nameOf('Type') === 'Catalog') {
          trailer.set('Root', new PdfRef(num, 0));
          break;
        }
      }
    }
    if (!(trailer.get('Root') instanceof PdfRef)) throw invalid('The PDF has no usable cross-reference nor catalog');
    trailer.delete('Prev');
    trailer.delete('XRefStm');
    this.trailer = trailer;
    this.declaredSize = 0;
    // Objects inside object streams are only reachable through the (broken) xref streams: index them too.
    for (const [num] of found) {
      const v = this.tryGet(num);
      if (v instanceof PdfStream && v.dict.nameOf('Type') === 'ObjStm') {
        const idx = this.objectStream(num);
        let i = 0;
        for (const objNum of idx.offsets.keys()) {
          if (!this.entries.has(objNum)) this.entries.set(objNum, { type: 'compressed', stream: num, index: i });
          i++;
        }
      }
    }
    if (!(this.tryGet(this.rootRef.num) instanceof PdfDict)) throw invalid('The PDF catalog cannot be read');
  }

  /** The value of object `num`, or undefined when it cannot be read (a damaged object, not a limit). */
  tryGet(num: number): PdfValue | undefined {
    try {
      return this.getObject(num);
    } catch (error) {
      if (error instanceof SigningError && error.code === 'PDF_INVALID') return undefined;
      throw error;
    }
  }

  /** The value of indirect object `num` (null when free or missing, as the PDF spec says). */
  getObject(num: number): PdfValue {
    const cached = this.cache.get(num);
    if (cached !== undefined) return cached;
    const entry = this.entries.get(num);
    if (!entry || entry.type === 'free') return null;
    if (this.resolving.has(num)) throw invalid('Circular object reference', { num });
    this.resolving.add(num);
    try {
      let value: PdfValue;
      if (entry.type === 'offset') {
        const parsed = parseIndirectAt(this.bytes, entry.offset, this.limits.maxDepth, (ref) => asNumber(this.resolve(ref)));
        if (parsed.num !== num) throw invalid('Cross-reference points to the wrong object', { num, found: parsed.num });
        if (parsed.lengthMismatch) this.wrongStreamLengths.add(num);
        value = parsed.value;
      } else {
        const os = this.objectStream(entry.stream);
        const at = os.offsets.get(num);
        if (at === undefined) throw invalid('Object missing from its object stream', { num });
        value = new Lexer(os.data, os.first + at, this.limits.maxDepth).parseValue();
      }
      this.cache.set(num, value);
      return value;
    } finally {
      this.resolving.delete(num);
    }
  }

  private objectStream(num: number): ObjectStreamIndex {
    const known = this.objectStreams.get(num);
    if (known) return known;
    const entry = this.entries.get(num);
    if (!entry || entry.type !== 'offset') throw invalid('Object stream not found', { num });
    const parsed = parseIndirectAt(this.bytes, entry.offset, this.limits.maxDepth, (ref) => asNumber(this.resolve(ref)));
    const stream = parsed.value;
    if (!(stream instanceof PdfStream)) throw invalid('Object stream is not a stream', { num });
    const data = this.decode(stream);
    const n = asNumber(stream.dict.get('N')) ?? 0;
    const first = asNumber(stream.dict.get('First')) ?? 0;
    if (n > this.limits.maxObjects || first > data.length) throw invalid('Bad object stream header', { num });
    const lx = new Lexer(data, 0, this.limits.maxDepth);
    const offsets = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const objNum = lx.tryInt();
      const off = lx.tryInt();
      if (objNum === undefined || off === undefined) break;
      offsets.set(objNum, off);
    }
    const index = { data, first, offsets };
    this.objectStreams.set(num, index);
    return index;
  }

  resolve(value: PdfValue | undefined): PdfValue | undefined {
    let v = value;
    for (let i = 0; v instanceof PdfRef; i++) {
      if (i > this.limits.maxDepth) throw invalid('Reference chain too long');
      v = this.getObject(v.num);
    }
    return v;
  }

  resolveDict(value: PdfValue | undefined): PdfDict | undefined {
    const v = this.resolve(value);
    if (v instanceof PdfDict) return v;
    if (v instanceof PdfStream) return v.dict;
    return undefined;
  }

  resolveArray(value: PdfValue | undefined): PdfValue[] {
    const v = this.resolve(value);
    return Array.isArray(v) ? v : [];
  }

  getDict(ref: PdfRef): PdfDict {
    const d = this.resolveDict(ref);
    if (!d) throw invalid('Expected a dictionary', { num: ref.num });
    return d;
  }

  /** Page object references in document order (iterative walk, bounded depth, loop-safe). */
  pageRefs(): PdfRef[] {
    const pagesRef = this.catalog().get('Pages');
    if (!(pagesRef instanceof PdfRef)) throw invalid('Catalog without /Pages');
    const out: PdfRef[] = [];
    const seen = new Set<number>();
    const walk = (ref: PdfRef, depth: number) => {
      if (depth > this.limits.maxDepth) throw tooComplex('Page tree too deep');
      if (seen.has(ref.num)) return;
      seen.add(ref.num);
      const node = this.resolveDict(ref);
      if (!node) return;
      const kids = node.get('Kids');
      if (node.nameOf('Type') === 'Pages' || (kids !== undefined && node.nameOf('Type') !== 'Page')) {
        for (const kid of this.resolveArray(kids)) if (kid instanceof PdfRef) walk(kid, depth + 1);
      } else out.push(ref);
    };
    walk(pagesRef, 0);
    if (out.length === 0) throw invalid('The PDF has no page');
    return out;
  }

  /** An inheritable page attribute (Resources, MediaBox, CropBox, Rotate), looked up through /Parent. */
  inherited(page: PdfDict, key: string): PdfValue | undefined {
    let node: PdfDict | undefined = page;
    for (let i = 0; node && i <= this.limits.maxDepth; i++) {
      const v = node.get(key);
      if (v !== undefined) return v;
      node = this.resolveDict(node.get('Parent'));
    }
    return undefined;
  }

  nameValue(value: PdfValue | undefined): string | undefined {
    const v = this.resolve(value);
    return v instanceof PdfName ? v.value : undefined;
  }
}
