import { PdfDict, PdfName, PdfRef, PdfStream, PdfString, type PdfValue } from '../pdf/objects.ts';
import type { PdfReader } from '../pdf/reader.ts';
import { SigningError } from '../errors.ts';

/** Keys that link back up or sideways (page tree, field tree, annotation lists) and are compared separately. */
const SKIPPED_KEYS = new Set(['Parent', 'P', 'Annots']);
const MAX_COMPARISONS = 500_000;

/**
 * Compares the pages of two states of the same file (the state a signature covers, and a later one) and lists
 * what changed in page content: page count, page dictionaries, content streams, resources, and annotations
 * other than signature widgets (filling or adding those, and DSS / document time-stamps, is allowed).
 */
export function pageModifications(before: PdfReader, after: PdfReader): string[] {
  const changes: string[] = [];
  const pagesBefore = before.pageRefs();
  const pagesAfter = after.pageRefs();
  if (pagesBefore.length !== pagesAfter.length) {
    changes.push(`page count changed from ${pagesBefore.length} to ${pagesAfter.length}`);
    return changes;
  }
  const cmp = new Comparator(before, after);
  pagesBefore.forEach((refBefore, i) => {
    const refAfter = pagesAfter[i]!;
    const page = `page ${i + 1}`;
    if (!cmp.same(refBefore, refAfter)) changes.push(`${page}: page dictionary or content changed`);
    const pageBefore = before.resolveDict(refBefore);
    const pageAfter = after.resolveDict(refAfter);
    if (!pageBefore || !pageAfter) return;
    for (const key of ['Resources', 'MediaBox', 'CropBox', 'Rotate']) {
      if (!cmp.same(before.inherited(pageBefore, key) ?? null, after.inherited(pageAfter, key) ?? null)) changes.push(`${page}: inherited /${key} changed`);
    }
    const annotsBefore = otherAnnotations(before, pageBefore);
    const annotsAfter = otherAnnotations(after, pageAfter);
    if (annotsBefore.length !== annotsAfter.length || annotsBefore.some((a, j) => !cmp.same(a, annotsAfter[j]!))) {
      changes.push(`${page}: annotations other than signature fields changed`);
    }
  });
  return changes;
}

function isSignatureWidget(reader: PdfReader, annotation: PdfDict): boolean {
  let node: PdfDict | undefined = annotation;
  for (let i = 0; node && i < reader.limits.maxDepth; i++) {
    const ft = reader.nameValue(node.get('FT'));
    if (ft !== undefined) return ft === 'Sig';
    node = reader.resolveDict(node.get('Parent'));
  }
  return false;
}

function otherAnnotations(reader: PdfReader, page: PdfDict): PdfValue[] {
  return reader.resolveArray(page.get('Annots')).filter((a) => {
    const d = reader.resolveDict(a);
    return !(d && reader.nameValue(d.get('Subtype')) === 'Widget' && isSignatureWidget(reader, d));
  });
}

class Comparator {
  private readonly a: PdfReader;
  private readonly b: PdfReader;
  private readonly visited = new Set<string>();
  private count = 0;
  constructor(a: PdfReader, b: PdfReader) {
    this.a = a;
    this.b = b;
  }

  same(x: PdfValue | undefined, y: PdfValue | undefined, depth = 0): boolean {
    if (++this.count > MAX_COMPARISONS) throw new SigningError('PDF_TOO_COMPLEX', 'Page structure too large to compare revisions');
    if (depth > this.a.limits.maxDepth) throw new SigningError('PDF_TOO_COMPLEX', 'Page structure nested too deeply');
    if (x instanceof PdfRef || y instanceof PdfRef) {
      if (x instanceof PdfRef && y instanceof PdfRef) {
        const key = `${x.num}:${y.num}`;
        if (this.visited.has(key)) return true;
        this.visited.add(key);
        if (x.num === y.num && this.unchangedEntry(x.num)) return true;
      }
      return this.same(x instanceof PdfRef ? this.a.getObject(x.num) : x, y instanceof PdfRef ? this.b.getObject(y.num) : y, depth + 1);
    }
    if (x === undefined || y === undefined || x === null || y === null) return x === y || (x ?? null) === (y ?? null);
    if (typeof x !== 'object' || typeof y !== 'object') return x === y;
    if (x instanceof PdfName) return y instanceof PdfName && x.value === y.value;
    if (x instanceof PdfString) return y instanceof PdfString && Buffer.from(x.bytes).equals(y.bytes);
    if (Array.isArray(x)) return Array.isArray(y) && x.length === y.length && x.every((v, i) => this.same(v, y[i], depth + 1));
    if (x instanceof PdfStream) return y instanceof PdfStream && Buffer.from(x.data).equals(y.data) && this.sameDict(x.dict, y.dict, depth);
    if (x instanceof PdfDict) return y instanceof PdfDict && this.sameDict(x, y, depth);
    return false;
  }

  private sameDict(x: PdfDict, y: PdfDict, depth: number): boolean {
    const keys = new Set([...x.entries.keys(), ...y.entries.keys()]);
    for (const k of keys) {
      if (SKIPPED_KEYS.has(k) || k === 'Length') continue;
      if (!this.same(x.get(k), y.get(k), depth + 1)) return false;
    }
    return true;
  }

  /** Same cross-reference entry in both states: the object was not rewritten in between. */
  private unchangedEntry(num: number): boolean {
    const ea = this.a.entries.get(num);
    const eb = this.b.entries.get(num);
    if (!ea || !eb || ea.type !== eb.type) return false;
    if (ea.type === 'offset' && eb.type === 'offset') return ea.offset === eb.offset;
    if (ea.type === 'compressed' && eb.type === 'compressed') {
      return ea.stream === eb.stream && ea.index === eb.index && this.unchangedEntry(ea.stream);
    }
    return false;
  }
}
