import { SigningError } from '../errors.ts';
import { scanActiveContent, type ActiveContentItem, type ActiveContentKind } from './active-content.ts';
import { listFields } from './fields.ts';
import { pageGeometry, type Rotation } from './geometry.ts';
import type { PdfLimits } from './limits.ts';
import { asNumber } from './objects.ts';
import { pdfAConformance } from './pdfa.ts';
import { PdfReader } from './reader.ts';
import { damageOf } from './repair.ts';
import { RESTRICTIONS_ADVICE } from './security.ts';

/**
 * Upload-time check of a PDF with the same reader, bounds and rules as signing: what is accepted here can be
 * prepared and signed, and what would fail at signing is refused here with a stable reason.
 */
export const inspectRejectionReasons = [
  'NOT_PDF', // not a PDF at all (no %PDF- header): a text or image file named .pdf
  'DAMAGED', // truncated or broken beyond repair (no usable cross-reference, catalog or page tree)
  'ENCRYPTED_PASSWORD', // needs a password (or a certificate) to be opened
  'ENCRYPTED_RESTRICTIONS', // opens without a password but is encrypted to restrict printing/editing/…
  'ALREADY_SIGNED', // a signature field has a value (/V): signing again would be a second workflow on top
  'CERTIFIED_NO_CHANGES', // certified with DocMDP P=1: no change at all is allowed, not even a signature
  'TOO_COMPLEX', // over the bounds (size, objects, nesting, revisions)
  'DECOMPRESSION_BOMB', // a compressed structure expands beyond maxStreamSize / maxDecompressedTotal
  'UNSUPPORTED', // a structure the engine cannot read (e.g. an object stream with an exotic filter)
] as const;
export type InspectRejectionReason = (typeof inspectRejectionReasons)[number];

export interface InspectedPage {
  /** Size of the page as a viewer shows it (CropBox ∩ MediaBox, rotation applied), in points. */
  width: number;
  height: number;
  rotate: Rotation;
}

export interface PdfInspectionAccepted {
  ok: true;
  pageCount: number;
  pages: InspectedPage[];
  /** PDF/A claim of the XMP metadata ('1B', '2B', '3U'…), or null. */
  pdfA: string | null;
  /** The document has an interactive form (AcroForm fields or XFA). */
  hasForm: boolean;
  /** The AcroForm has /NeedAppearances true (preparePdf draws the field appearances and removes it). */
  needAppearances: boolean;
  /** Kinds of active content found (see activeContentKinds), sorted, without duplicates. */
  activeContent: ActiveContentKind[];
  /** The same, with where each one was found. */
  activeContentItems: ActiveContentItem[];
  /** Things accepted but worth knowing (repaired cross-reference, bytes after %%EOF, usage rights…). */
  warnings: string[];
  /** The damage preparePdf will repair (rewriting the file cleanly once, before the first signature); empty when sound. */
  repairs: string[];
}

export interface PdfInspectionRejected {
  ok: false;
  reason: InspectRejectionReason;
  /** English sentence naming the problem (and the fix when there is one). */
  message: string;
  details?: Record<string, unknown>;
}

export type PdfInspection = PdfInspectionAccepted | PdfInspectionRejected;

export interface InspectPdfOptions {
  limits?: Partial<PdfLimits>;
}

function rejected(reason: InspectRejectionReason, message: string, details?: Record<string, unknown>): PdfInspectionRejected {
  return { ok: false, reason, message, ...(details ? { details } : {}) };
}

/** Maps an engine error to the upload reason. */
function fromError(error: unknown): PdfInspectionRejected {
  if (!(error instanceof SigningError)) {
    return rejected('DAMAGED', `The PDF could not be read: ${(error as Error)?.message ?? String(error)}`);
  }
  const d = error.details ?? {};
  switch (error.code) {
    case 'PDF_INVALID':
      return d.notPdf
        ? rejected('NOT_PDF', 'The file is not a PDF (it does not start with a PDF header)')
        : rejected('DAMAGED', `The PDF is damaged and cannot be read: ${error.message}`, d);
    case 'PDF_ENCRYPTED':
      return d.openPassword === false
        ? rejected('ENCRYPTED_RESTRICTIONS', `The PDF is protected by permission restrictions; ${RESTRICTIONS_ADVICE}`, d)
        : rejected('ENCRYPTED_PASSWORD', 'The PDF is protected by a password: upload a copy without protection', d);
    case 'PDF_TOO_COMPLEX':
      return d.decompression
        ? rejected('DECOMPRESSION_BOMB', `The PDF holds compressed data that expands beyond the allowed size (${String(d.limit)})`, d)
        : rejected('TOO_COMPLEX', `The PDF is too large or too complex to be processed: ${error.message}`, d);
    case 'UNSUPPORTED':
      return rejected('UNSUPPORTED', `The PDF uses a structure that cannot be processed: ${error.message}`, d);
    default:
      return rejected('DAMAGED', `The PDF cannot be processed: ${error.message}`, d);
  }
}

/** DocMDP permission of the certification signature, if any (1 = no changes, 2 = forms and signatures, 3 = + annotations). */
function certificationPermission(reader: PdfReader): number | undefined {
  const perms = reader.resolveDict(reader.catalog().get('Perms'));
  const sig = reader.resolveDict(perms?.get('DocMDP'));
  if (!sig) return undefined;
  for (const ref of reader.resolveArray(sig.get('Reference'))) {
    const r = reader.resolveDict(ref);
    if (reader.nameValue(r?.get('TransformMethod')) !== 'DocMDP') continue;
    return asNumber(reader.resolveDict(r?.get('TransformParams'))?.get('P')) ?? 2;
  }
  return 2;
}

function inspect(bytes: Uint8Array, options: InspectPdfOptions): PdfInspection {
  const reader = PdfReader.open(bytes, options.limits);
  const warnings: string[] = [];
  const damage = damageOf(reader);
  if (damage.length)
    warnings.push(
      `the file is damaged (${damage.join('; ')}): it will be repaired, rewritten cleanly once before the first signature, and the original kept with the evidence`,
    );
  if (reader.trailingBytes > 0) warnings.push(`${reader.trailingBytes} bytes follow the end of the PDF (%%EOF); they are ignored and kept`);
  const permission = certificationPermission(reader);
  if (permission === 1) {
    return rejected('CERTIFIED_NO_CHANGES', 'The PDF is certified with "no changes allowed" (DocMDP P=1): it cannot receive signatures', { permission });
  }
  const fields = listFields(reader);
  const signed = fields.filter((f) => f.isSignature && reader.resolveDict(f.value ?? undefined) !== undefined);
  if (signed.length > 0) {
    return rejected('ALREADY_SIGNED', `The PDF is already signed (${signed.map((f) => `'${f.name}'`).join(', ')}): upload the document before any signature`, {
      fields: signed.map((f) => f.name),
    });
  }
  if (reader.resolveDict(reader.catalog().get('Perms'))?.has('UR3')) {
    warnings.push('the PDF carries Adobe usage rights (/Perms /UR3), which signing invalidates (Acrobat Reader will warn)');
  }
  const pages = reader.pageRefs().map((ref): InspectedPage => {
    const g = pageGeometry(reader, reader.getDict(ref));
    return { width: g.width, height: g.height, rotate: g.rotate };
  });
  const catalog = reader.catalog();
  const acroForm = reader.resolveDict(catalog.get('AcroForm'));
  const scan = scanActiveContent(reader);
  const kinds = [...new Set(scan.found.map((i) => i.kind))].sort();
  return {
    ok: true,
    pageCount: pages.length,
    pages,
    pdfA: pdfAConformance(reader),
    hasForm: fields.length > 0 || !!acroForm?.has('XFA'),
    needAppearances: reader.resolve(acroForm?.get('NeedAppearances')) === true,
    activeContent: kinds,
    activeContentItems: scan.found,
    warnings,
    repairs: damage,
  };
}

/**
 * Checks an uploaded PDF: `{ ok: true, … }` with its pages (visible sizes), PDF/A claim, form and active content,
 * or `{ ok: false, reason, message }` — never throws for a bad document.
 */
export async function inspectPdf(bytes: Uint8Array, options: InspectPdfOptions = {}): Promise<PdfInspection> {
  try {
    return inspect(bytes, options);
  } catch (error) {
    if (error instanceof RangeError && /allocation|memory|size/i.test(error.message)) {
      return rejected('TOO_COMPLEX', 'The PDF exceeds memory bounds');
    }
    return fromError(error);
  }
}
