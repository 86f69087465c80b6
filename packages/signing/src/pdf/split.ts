import { createHash } from 'node:crypto';
import { invalid } from './parser.ts';
import type { PdfLimits } from './limits.ts';
import { tooComplex } from './limits.ts';
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString, type PdfValue } from './objects.ts';
import { PdfReader } from './reader.ts';
import { serialize, serializeIndirect } from './serialize.ts';

/**
 * One PDF cut into several, each a run of its pages. What a mail-merge needs once many records were converted in ONE
 * office call (the office suite's cost is per conversion, not per page: issue 28), the records' first pages marked by
 * named destinations.
 *
 * Each part is a complete PDF of its own, not an update of the whole: a catalog, a flat page tree, and only the
 * objects its pages reach (contents, resources, fonts, images, annotations), copied as they are — stream data is
 * never decoded or re-encoded. A reference to a page of another part (a link to another record) becomes null, and so
 * does a reference to the page tree or the catalog. What is document-wide, and would describe the other parts, is left
 * out: outlines, named destinations, the structure tree, forms, the XMP metadata. The document information (producer,
 * dates) is kept.
 */
export interface PdfPart {
  bytes: Buffer;
  pageCount: number;
  /** SHA-256 of `bytes`, hex (computed while the bytes are at hand). */
  sha256: string;
}

/** The document's named destinations (the catalog's /Dests dictionary and the /Names → /Dests tree) → 0-based page. */
export function namedDestinations(bytes: Uint8Array, limits?: Partial<PdfLimits>): Map<string, number> {
  const reader = PdfReader.open(bytes, limits);
  return destinationsOf(reader, pageIndexOf(reader));
}

/**
 * Parts that start at the pages of the named destinations `names` (in order, each after the one before); part i ends
 * where part i + 1 starts, the last one at the last page. With `endNames` (a destination at the end of each part),
 * the two must agree: part i ends on its end's page and part i + 1 starts on the very next page — a destination
 * placed one page off is caught, not cut wrong — and pages after the last end are left out. A name missing, or
 * destinations that disagree, is PDF_INVALID: the caller converts the records one by one instead.
 */
export function splitPdfAtDestinations(
  bytes: Uint8Array,
  names: readonly string[],
  options: { endNames?: readonly string[]; limits?: Partial<PdfLimits> } = {},
): PdfPart[] {
  const reader = PdfReader.open(bytes, options.limits);
  const pages = pageIndexOf(reader);
  const destinations = destinationsOf(reader, pages);
  const pageOf = (name: string) => {
    const page = destinations.get(name);
    if (page === undefined) throw invalid('A part of the document has no named destination', { name });
    return page;
  };
  const starts = names.map(pageOf);
  if (!options.endNames) return splitReader(reader, pages, starts);
  const ends = options.endNames.map(pageOf);
  if (ends.length !== starts.length) throw invalid('Each part needs its start and its end', { starts: starts.length, ends: ends.length });
  starts.forEach((start, i) => {
    const next = i + 1 < starts.length ? starts[i + 1]! : undefined;
    if (ends[i]! < start || (next !== undefined && next !== ends[i]! + 1))
      throw invalid('The parts of the document do not follow each other', { part: i, start, end: ends[i], next });
  });
  return splitReader(reader, pages, starts, ends[ends.length - 1]! + 1);
}

/** Parts starting at the 0-based pages `starts` (strictly increasing, the first one 0). */
export function splitPdf(bytes: Uint8Array, starts: readonly number[], limits?: Partial<PdfLimits>): PdfPart[] {
  const reader = PdfReader.open(bytes, limits);
  return splitReader(reader, pageIndexOf(reader), starts);
}

interface PageIndex {
  refs: PdfRef[];
  /** Page object number → 0-based page. */
  pageOf: Map<number, number>;
  /** Numbers of the page tree's inner nodes and of the catalog: never copied into a part. */
  documentNodes: Set<number>;
}

function pageIndexOf(reader: PdfReader): PageIndex {
  const refs = reader.pageRefs();
  const pageOf = new Map(refs.map((ref, i) => [ref.num, i]));
  const documentNodes = new Set<number>([reader.rootRef.num]);
  const walk = (ref: PdfValue | undefined, depth: number) => {
    if (!(ref instanceof PdfRef) || pageOf.has(ref.num) || documentNodes.has(ref.num) || depth > reader.limits.maxDepth) return;
    documentNodes.add(ref.num);
    for (const kid of reader.resolveArray(reader.resolveDict(ref)?.get('Kids'))) walk(kid, depth + 1);
  };
  walk(reader.catalog().get('Pages'), 0);
  return { refs, pageOf, documentNodes };
}

function destinationsOf(reader: PdfReader, pages: PageIndex): Map<string, number> {
  const found = new Map<string, number>();
  const pageOfDestination = (value: PdfValue | undefined): number | undefined => {
    const resolved = reader.resolve(value);
    const array = resolved instanceof PdfDict ? reader.resolveArray(resolved.get('D')) : Array.isArray(resolved) ? resolved : [];
    const target = array[0];
    return target instanceof PdfRef ? pages.pageOf.get(target.num) : undefined;
  };
  const add = (name: string, value: PdfValue | undefined) => {
    const page = pageOfDestination(value);
    if (page !== undefined && !found.has(name)) found.set(name, page);
  };
  const catalog = reader.catalog();
  const dests = reader.resolveDict(catalog.get('Dests'));
  if (dests) for (const [name, value] of dests.entries) add(name, value);
  // The name tree: /Kids down to /Names [key value …] leaves, bounded in depth and in nodes visited.
  const seen = new Set<number>();
  const visit = (node: PdfValue | undefined, depth: number) => {
    if (depth > reader.limits.maxDepth) throw tooComplex('Name tree too deep');
    if (node instanceof PdfRef) {
      if (seen.has(node.num)) return;
      seen.add(node.num);
    }
    const dict = reader.resolveDict(node);
    if (!dict) return;
    const leaves = reader.resolveArray(dict.get('Names'));
    for (let i = 0; i + 1 < leaves.length; i += 2) {
      const key = reader.resolve(leaves[i]);
      if (key instanceof PdfString) add(key.toText(), leaves[i + 1]);
    }
    for (const kid of reader.resolveArray(dict.get('Kids'))) visit(kid, depth + 1);
  };
  visit(reader.resolveDict(catalog.get('Names'))?.get('Dests'), 0);
  return found;
}

/** Attributes a page may take from its ancestors: written on the page itself, since a part's tree is flat. */
const inheritable = ['Resources', 'MediaBox', 'CropBox', 'Rotate'] as const;
/** Page entries that point into document-wide structures a part does not carry. */
const pageEntriesLeftOut = ['Parent', 'StructParents', 'B', 'PieceInfo', 'Metadata'];

function splitReader(reader: PdfReader, pages: PageIndex, starts: readonly number[], until = pages.refs.length): PdfPart[] {
  if (!starts.length) return [];
  starts.forEach((start, i) => {
    const previous = i === 0 ? -1 : starts[i - 1]!;
    if (!Number.isInteger(start) || start <= previous || start >= until || (i === 0 && start !== 0))
      throw invalid('The parts of the document are not in page order', { part: i, start });
  });
  const header = headerOf(reader.bytes);
  const info = reader.resolveDict(reader.trailer.get('Info'));
  return starts.map((start, i) => {
    const end = i + 1 < starts.length ? starts[i + 1]! : until;
    return writePart(reader, pages, pages.refs.slice(start, end), header, info);
  });
}

function headerOf(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 32)).toString('latin1');
  const version = /%PDF-(\d\.\d)/.exec(head)?.[1] ?? '1.7';
  return `%PDF-${version}\n%\xe2\xe3\xcf\xd3\n`;
}

/** One part: its pages' objects renumbered from 3 (1 is the catalog, 2 the page tree), the document information last. */
function writePart(reader: PdfReader, pages: PageIndex, partPages: PdfRef[], header: string, info: PdfDict | undefined): PdfPart {
  const renumbered = new Map<number, PdfRef>();
  const queue: number[] = [];
  const inPart = new Set(partPages.map((ref) => ref.num));
  let next = 3;
  const refFor = (num: number): PdfRef => {
    let ref = renumbered.get(num);
    if (!ref) {
      if (next > reader.limits.maxObjects) throw tooComplex('Too many objects in one part', { limit: 'maxObjects' });
      ref = new PdfRef(next++);
      renumbered.set(num, ref);
      queue.push(num);
    }
    return ref;
  };
  const pagesRef = new PdfRef(2);
  const rewrite = (value: PdfValue, depth: number): PdfValue => {
    if (depth > reader.limits.maxDepth) throw tooComplex('Objects nested too deeply', { limit: 'maxDepth' });
    if (value instanceof PdfRef) {
      if (pages.documentNodes.has(value.num)) return null;
      if (pages.pageOf.has(value.num) && !inPart.has(value.num)) return null;
      return refFor(value.num);
    }
    if (Array.isArray(value)) return value.map((item) => rewrite(item, depth + 1));
    if (value instanceof PdfDict) {
      const copy = new PdfDict();
      for (const [key, item] of value.entries) copy.set(key, rewrite(item, depth + 1));
      return copy;
    }
    if (value instanceof PdfStream) return new PdfStream(rewrite(value.dict, depth + 1) as PdfDict, value.data);
    return value;
  };

  const kids = partPages.map((ref) => refFor(ref.num));
  const chunks: Buffer[] = [Buffer.from(header, 'latin1')];
  const offsets = new Map<number, number>();
  let length = chunks[0]!.length;
  const emit = (ref: PdfRef, value: PdfValue) => {
    const bytes = serializeIndirect(ref, value);
    offsets.set(ref.num, length);
    chunks.push(bytes);
    length += bytes.length;
  };
  emit(
    new PdfRef(1),
    new PdfDict([
      ['Type', new PdfName('Catalog')],
      ['Pages', pagesRef],
    ]),
  );
  emit(
    pagesRef,
    new PdfDict([
      ['Type', new PdfName('Pages')],
      ['Kids', kids],
      ['Count', kids.length],
    ]),
  );
  for (let at = 0; at < queue.length; at++) {
    const num = queue[at]!;
    let value = reader.getObject(num);
    if (inPart.has(num) && value instanceof PdfDict) value = pageForPart(reader, value);
    const rewritten = rewrite(value, 0);
    if (inPart.has(num) && rewritten instanceof PdfDict) rewritten.set('Parent', pagesRef);
    emit(renumbered.get(num)!, rewritten);
  }
  const infoRef = info ? new PdfRef(next++) : undefined;
  if (info && infoRef) emit(infoRef, documentInformation(info));

  const size = next;
  let xref = `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let num = 1; num < size; num++) xref += `${String(offsets.get(num) ?? 0).padStart(10, '0')} 00000 ${offsets.has(num) ? 'n' : 'f'} \n`;
  const hash = createHash('sha256');
  for (const chunk of chunks) hash.update(chunk);
  const id = new PdfString(hash.copy().digest().subarray(0, 16), true);
  const trailer = new PdfDict([['Size', size], ['Root', new PdfRef(1)], ...(infoRef ? ([['Info', infoRef]] as [string, PdfValue][]) : []), ['ID', [id, id]]]);
  const tail = Buffer.from(`${xref}trailer\n${serialize(trailer)}\nstartxref\n${length}\n%%EOF\n`, 'latin1');
  chunks.push(tail);
  const bytes = Buffer.concat(chunks, length + tail.length);
  return { bytes, pageCount: partPages.length, sha256: hash.update(tail).digest('hex') };
}

/** The page with what it inherited written on it, and without its links into document-wide structures. */
function pageForPart(reader: PdfReader, page: PdfDict): PdfDict {
  const copy = page.clone();
  for (const key of inheritable)
    if (!copy.has(key)) {
      const value = reader.inherited(page, key);
      if (value !== undefined) copy.set(key, value);
    }
  for (const key of pageEntriesLeftOut) copy.delete(key);
  return copy;
}

/** The document information's plain entries (text, dates, names): never a reference into the whole. */
function documentInformation(info: PdfDict): PdfDict {
  const copy = new PdfDict();
  for (const [key, value] of info.entries) if (value instanceof PdfString || value instanceof PdfName) copy.set(key, value);
  return copy;
}
