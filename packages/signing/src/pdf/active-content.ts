import { PdfDict, PdfRef, type PdfValue } from './objects.ts';
import type { PdfReader } from './reader.ts';
import type { PdfUpdate } from './update.ts';

/**
 * Active content: what a viewer may run, send or open by itself or on a click. Detected kinds:
 * - JavaScript: /S /JavaScript actions (and Rendition actions carrying /JS), document-level scripts (/Names
 *   /JavaScript), wherever they hang: catalog /OpenAction and /AA, page /AA, annotation /A and /AA, form field /AA,
 *   outline items, /Next chains;
 * - Launch, SubmitForm, ImportData, RichMediaExecute (run a program, send form data, load data, drive rich media);
 * - GoToR, GoToE, URI (open another file, an embedded file, a web address);
 * - XFA (an XML form, scriptable, in the AcroForm), EmbeddedFile (/Names /EmbeddedFiles, file attachment annotations).
 *
 * Neutralised by preparePdf (default): JavaScript, Launch, SubmitForm, ImportData, RichMediaExecute and XFA — the
 * trigger that holds them is removed in the incremental update, so nothing in the prepared file reaches them. Links
 * (URI, GoToR, GoToE) and embedded files are reported but kept: they only act on a click, and removing attachments
 * would break documents that need them (PDF/A-3 invoices carry their XML that way).
 */
export const activeContentKinds = [
  'JavaScript',
  'Launch',
  'SubmitForm',
  'ImportData',
  'RichMediaExecute',
  'XFA',
  'GoToR',
  'GoToE',
  'URI',
  'EmbeddedFile',
] as const;
export type ActiveContentKind = (typeof activeContentKinds)[number];

const REMOVED: ReadonlySet<string> = new Set(['JavaScript', 'Launch', 'SubmitForm', 'ImportData', 'RichMediaExecute', 'XFA']);

export interface ActiveContentItem {
  kind: ActiveContentKind;
  /** Where it was found, e.g. "catalog /OpenAction", "page 2 annotation 3 /AA /K", "document JavaScript". */
  location: string;
}

const MAX_CHAIN = 64;
const MAX_OUTLINE_ITEMS = 50_000;

function actionKinds(reader: PdfReader, value: PdfValue | undefined): Set<ActiveContentKind> {
  const kinds = new Set<ActiveContentKind>();
  const queue: Array<PdfValue | undefined> = [value];
  const seen = new Set<number>();
  for (let i = 0; i < queue.length && i < MAX_CHAIN; i++) {
    const item = queue[i];
    if (item instanceof PdfRef) {
      if (seen.has(item.num)) continue;
      seen.add(item.num);
    }
    const action = reader.resolveDict(item);
    if (!action) continue;
    const s = reader.nameValue(action.get('S'));
    if (s === 'Rendition' && action.has('JS')) kinds.add('JavaScript');
    else if (s && (activeContentKinds as readonly string[]).includes(s)) kinds.add(s as ActiveContentKind);
    const next = reader.resolve(action.get('Next'));
    if (Array.isArray(next)) queue.push(...next);
    else if (next !== undefined) queue.push(action.get('Next'));
  }
  return kinds;
}

export interface ActiveContentScan {
  found: ActiveContentItem[];
  /** What was neutralised (only when an update was given). */
  removed: ActiveContentItem[];
}

/**
 * Lists the active content reachable from the catalog; with `update`, also removes the triggers of the kinds the
 * engine neutralises (see above).
 */
export function scanActiveContent(reader: PdfReader, update?: PdfUpdate): ActiveContentScan {
  const found: ActiveContentItem[] = [];
  const removed: ActiveContentItem[] = [];
  const report = (kinds: Iterable<ActiveContentKind>, location: string): boolean => {
    let removable = false;
    for (const kind of kinds) {
      found.push({ kind, location });
      if (REMOVED.has(kind)) removable = true;
    }
    if (removable && update) for (const kind of kinds) removed.push({ kind, location });
    return removable && !!update;
  };
  /** /A-like entry: the whole chain goes when it holds a neutralised kind. */
  const checkAction = (holderRef: PdfRef | undefined, holder: PdfDict, key: string, location: string) => {
    if (!holder.has(key)) return;
    const value = holder.get(key);
    if (Array.isArray(reader.resolve(value))) return; // a destination, not an action
    if (report(actionKinds(reader, value), location) && holderRef) update!.edit(holderRef).delete(key);
  };
  /** /AA: each trigger separately; the dictionary is rewritten (never edited in place: it may be shared). */
  const checkTriggers = (holderRef: PdfRef | undefined, holder: PdfDict, location: string) => {
    const aa = reader.resolveDict(holder.get('AA'));
    if (!aa) return;
    let kept: PdfDict | undefined;
    for (const [trigger, action] of aa.entries) {
      if (report(actionKinds(reader, action), `${location} /AA /${trigger}`) && holderRef) {
        kept ??= aa.clone();
        kept.delete(trigger);
      }
    }
    if (kept && holderRef) {
      const target = update!.edit(holderRef);
      if (kept.entries.size === 0) target.delete('AA');
      else target.set('AA', kept);
    }
  };
  const rootRef = reader.rootRef;
  const catalog = reader.catalog();
  checkAction(rootRef, catalog, 'OpenAction', 'catalog /OpenAction');
  checkTriggers(rootRef, catalog, 'catalog');
  const namesValue = catalog.get('Names');
  const names = reader.resolveDict(namesValue);
  if (names?.has('JavaScript') && report(['JavaScript'], 'document JavaScript (/Names /JavaScript)')) {
    if (namesValue instanceof PdfRef) update!.edit(namesValue).delete('JavaScript');
    else {
      const copy = names.clone();
      copy.delete('JavaScript');
      update!.edit(rootRef).set('Names', copy);
    }
  }
  if (names?.has('EmbeddedFiles')) report(['EmbeddedFile'], 'document attachments (/Names /EmbeddedFiles)');
  const formValue = catalog.get('AcroForm');
  const acroForm = reader.resolveDict(formValue);
  if (acroForm?.has('XFA') && report(['XFA'], 'AcroForm /XFA')) {
    if (formValue instanceof PdfRef) update!.edit(formValue).delete('XFA');
    else {
      const copy = acroForm.clone();
      copy.delete('XFA');
      update!.edit(rootRef).set('AcroForm', copy);
    }
  }
  reader.pageRefs().forEach((pageRef, p) => {
    const page = reader.getDict(pageRef);
    checkTriggers(pageRef, page, `page ${p + 1}`);
    reader.resolveArray(page.get('Annots')).forEach((annotValue, a) => {
      const annot = reader.resolveDict(annotValue);
      if (!annot) return;
      const ref = annotValue instanceof PdfRef ? annotValue : undefined;
      const where = `page ${p + 1} annotation ${a + 1}`;
      checkAction(ref, annot, 'A', `${where} /A`);
      checkTriggers(ref, annot, where);
      if (reader.nameValue(annot.get('Subtype')) === 'FileAttachment') report(['EmbeddedFile'], `${where} (file attachment)`);
    });
  });
  // Form fields that are not widgets (parents) can carry /AA (keystroke, format, validate, calculate scripts).
  const seen = new Set<number>();
  const walkFields = (value: PdfValue, depth: number) => {
    if (!(value instanceof PdfRef) || seen.has(value.num) || depth > reader.limits.maxDepth || seen.size > MAX_OUTLINE_ITEMS) return;
    seen.add(value.num);
    const field = reader.resolveDict(value);
    if (!field) return;
    if (reader.nameValue(field.get('Subtype')) !== 'Widget') checkTriggers(value, field, `form field ${value.num}`);
    for (const kid of reader.resolveArray(field.get('Kids'))) walkFields(kid, depth + 1);
  };
  for (const f of reader.resolveArray(acroForm?.get('Fields'))) walkFields(f, 0);
  // Outline items (bookmarks) can hold actions too.
  const outlines = reader.resolveDict(catalog.get('Outlines'));
  const stack: PdfValue[] = outlines?.get('First') !== undefined ? [outlines.get('First')!] : [];
  const visited = new Set<number>();
  while (stack.length > 0 && visited.size < MAX_OUTLINE_ITEMS) {
    const ref = stack.pop();
    if (!(ref instanceof PdfRef) || visited.has(ref.num)) continue;
    visited.add(ref.num);
    const item = reader.resolveDict(ref);
    if (!item) continue;
    checkAction(ref, item, 'A', `outline item ${ref.num} /A`);
    for (const key of ['Next', 'First']) if (item.get(key) instanceof PdfRef) stack.push(item.get(key)!);
  }
  return { found, removed };
}
