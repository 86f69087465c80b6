import { SigningError } from '../errors.ts';
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString, asNumber, name, type PdfValue } from './objects.ts';
import { pdfAConformance } from './pdfa.ts';
import type { PdfReader } from './reader.ts';
import type { PdfUpdate } from './update.ts';

export interface FieldInfo {
  /** Fully qualified field name (partial names joined with '.'). */
  name: string;
  ref: PdfRef;
  dict: PdfDict;
  /** The widget annotation (the field itself when merged). */
  widgetRef: PdfRef;
  widget: PdfDict;
  isSignature: boolean;
  /** Reference to the value (signature dictionary) when signed. */
  value?: PdfValue;
}

const MAX_FIELDS = 100_000;

/** Every terminal field of the AcroForm, with its first widget. */
export function listFields(reader: PdfReader): FieldInfo[] {
  const acroForm = reader.resolveDict(reader.catalog().get('AcroForm'));
  if (!acroForm) return [];
  const out: FieldInfo[] = [];
  const seen = new Set<number>();
  const walk = (ref: PdfValue, parentName: string, inheritedFt: string | undefined, depth: number) => {
    if (!(ref instanceof PdfRef) || seen.has(ref.num)) return;
    if (depth > reader.limits.maxDepth) throw new SigningError('PDF_TOO_COMPLEX', 'Form field tree too deep');
    if (seen.size > MAX_FIELDS) throw new SigningError('PDF_TOO_COMPLEX', 'Too many form fields');
    seen.add(ref.num);
    const d = reader.resolveDict(ref);
    if (!d) return;
    const partial = d.get('T');
    const own = partial instanceof PdfString ? partial.toText() : undefined;
    const fullName = own === undefined ? parentName : parentName ? `${parentName}.${own}` : own;
    const ft = reader.nameValue(d.get('FT')) ?? inheritedFt;
    const kids = reader.resolveArray(d.get('Kids'));
    const fieldKids = kids.filter((k) => k instanceof PdfRef && reader.resolveDict(k)?.has('T'));
    if (fieldKids.length > 0) {
      for (const kid of fieldKids) walk(kid, fullName, ft, depth + 1);
      return;
    }
    const widgetRef = kids.find((k): k is PdfRef => k instanceof PdfRef) ?? ref;
    out.push({
      name: fullName,
      ref,
      dict: d,
      widgetRef,
      widget: reader.resolveDict(widgetRef) ?? d,
      isSignature: ft === 'Sig',
      value: d.get('V'),
    });
  };
  for (const f of reader.resolveArray(acroForm.get('Fields'))) walk(f, '', undefined, 0);
  return out;
}

export function findSignatureField(reader: PdfReader, fieldName: string): FieldInfo {
  const field = listFields(reader).find((f) => f.name === fieldName);
  if (!field) throw new SigningError('PDF_FIELD_NOT_FOUND', `No field named '${fieldName}'`, { field: fieldName });
  if (!field.isSignature) throw new SigningError('PDF_FIELD_NOT_FOUND', `Field '${fieldName}' is not a signature field`, { field: fieldName });
  if (field.value !== undefined && field.value !== null) {
    throw new SigningError('PDF_FIELD_ALREADY_SIGNED', `Field '${fieldName}' is already signed`, { field: fieldName });
  }
  return field;
}

/** Returns `base` or `base-2`, `base-3`… (or `base-1`… when `alwaysNumber`) so that it is not in `taken`. */
export function uniqueFieldName(base: string, taken: Set<string>, alwaysNumber = false): string {
  const clean = base.replace(/\./g, '_').trim() || 'signer';
  if (!alwaysNumber && !taken.has(clean)) return clean;
  for (let i = alwaysNumber ? 1 : 2; ; i++) if (!taken.has(`${clean}-${i}`)) return `${clean}-${i}`;
}

export interface NewFieldSpec {
  name: string;
  pageRef: PdfRef;
  /** [x1 y1 x2 y2] in user space; [0 0 0 0] for an invisible signature. */
  rect: [number, number, number, number];
  /** The page's /Rotate, recorded as /MK /R so viewers that draw the empty field turn it like the page. */
  rotate?: number;
}

/** Adds a signature field merged with its widget to the AcroForm and the page's /Annots, in `update`. */
export function addSignatureField(update: PdfUpdate, spec: NewFieldSpec): PdfRef {
  const invisible = spec.rect[2] - spec.rect[0] <= 0 || spec.rect[3] - spec.rect[1] <= 0;
  // PDF/A (ISO 19005 §6.3): no hidden annotation flags, and an /AP /N on every annotation that has an area.
  const pdfA = pdfAConformance(update.reader) !== null;
  const [x1, y1, x2, y2] = spec.rect;
  const empty = invisible
    ? undefined
    : update.add(
        new PdfStream(
          new PdfDict([
            ['Type', name('XObject')],
            ['Subtype', name('Form')],
            ['BBox', [0, 0, x2 - x1, y2 - y1]],
          ]),
          new Uint8Array(),
        ),
      );
  const fieldRef = update.add(
    new PdfDict([
      ['Type', name('Annot')],
      ['Subtype', name('Widget')],
      ['FT', name('Sig')],
      ['T', PdfString.fromText(spec.name)],
      ['Rect', spec.rect],
      // Print (4); invisible ones are also hidden+locked (132) so no viewer draws an empty box — except in PDF/A,
      // which forbids the hidden flag (a zero-size widget draws nothing anyway).
      ['F', invisible && !pdfA ? 132 : 4],
      ...(empty ? [['AP', new PdfDict([['N', empty]])] as [string, PdfValue]] : []),
      ['P', spec.pageRef],
      ...(spec.rotate && !invisible ? [['MK', new PdfDict([['R', spec.rotate]])] as [string, PdfValue]] : []),
    ]),
  );
  appendToArray(update, update.edit(spec.pageRef), 'Annots', fieldRef);
  const acroForm = editAcroForm(update);
  appendToArray(update, acroForm, 'Fields', fieldRef);
  return fieldRef;
}

/** Makes sure /SigFlags is 3 (fields made by other tools may lack it), touching nothing when it already is. */
export function ensureSigFlags(update: PdfUpdate): void {
  const form = update.resolveDict(update.resolveDict(update.reader.rootRef)?.get('AcroForm'));
  if (asNumber(form?.get('SigFlags')) !== 3) editAcroForm(update);
}

/** The catalog's AcroForm, writable in `update` (created when missing), with /SigFlags 3. */
export function editAcroForm(update: PdfUpdate): PdfDict {
  const rootRef = update.reader.rootRef;
  const current = update.resolveDict(update.resolveDict(rootRef)?.get('AcroForm'));
  const acroRef = update.resolveDict(rootRef)?.get('AcroForm');
  let form: PdfDict;
  if (acroRef instanceof PdfRef && current) form = update.edit(acroRef);
  else {
    form = current ? current.clone() : new PdfDict([['Fields', []]]);
    update.edit(rootRef).set('AcroForm', form);
  }
  if (asNumber(form.get('SigFlags')) !== 3) form.set('SigFlags', 3);
  return form;
}

/** Appends `item` to the array at dict[key], which may be direct, indirect or missing. */
function appendToArray(update: PdfUpdate, dict: PdfDict, key: string, item: PdfValue): void {
  const value = dict.get(key);
  if (value instanceof PdfRef) {
    const arr = update.get(value);
    if (Array.isArray(arr)) {
      update.set(value, [...arr, item]);
      return;
    }
  }
  dict.set(key, [...(Array.isArray(value) ? value : []), item]);
}

export function isNameValue(v: PdfValue | undefined, expected: string): boolean {
  return v instanceof PdfName && v.value === expected;
}
