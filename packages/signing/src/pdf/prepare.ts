import { SigningError } from '../errors.ts';
import { scanActiveContent, type ActiveContentItem } from './active-content.ts';
import { addSignatureField, listFields, uniqueFieldName } from './fields.ts';
import { settleNeedAppearances } from './form-appearances.ts';
import { pageGeometry, visibleToUserRect, type VisibleBox } from './geometry.ts';
import type { PdfLimits } from './limits.ts';
import { forbidsTransparency, pdfAConformance } from './pdfa.ts';
import { PdfReader } from './reader.ts';
import { guarded } from './guard.ts';
import { addWatermark } from './watermark.ts';
import { STAMP_FIELD_NAME } from './sign.ts';
import { PdfUpdate } from './update.ts';
import { damageOf, rewritePdf } from './repair.ts';

export interface SignatureFieldSpec {
  /** 1-based page number; negative counts from the end (-1 = last page). Default -1. */
  page?: number;
  /**
   * Position and size in VISIBLE-PAGE coordinates: PDF points from the bottom-left corner of the page as a viewer
   * shows it (CropBox clipped to MediaBox, /Rotate applied), x right, y up — what pdf.js measures. Missing x/y
   * mean 0 (spec §5), missing width/height 150 × 60.
   */
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  /** Field name, kept as given (dots become '_', duplicates get '-2', '-3'…); default signer-<n> or cachet. */
  name?: string;
  /** Index of the signer who fills the field; -1 is the company stamp. */
  signerIndex: number;
}

export interface PreparePdfOptions {
  fields: SignatureFieldSpec[];
  /** Test mode: a "no legal value" text drawn across every page (refused once the document is signed). */
  watermark?: { text: string };
  /**
   * Remove active content (JavaScript, Launch, SubmitForm, ImportData, RichMediaExecute, XFA) from the prepared
   * file, in the incremental update. Default true. Skipped (reported as kept) on an already signed document.
   */
  neutraliseActiveContent?: boolean;
  limits?: Partial<PdfLimits>;
}

export interface PreparedField {
  name: string;
  signerIndex: number;
  /** 1-based page number. */
  page: number;
  /** The widget's /Rect in user space [x1 y1 x2 y2] (what the PDF says; differs from `box` on rotated or offset pages). */
  rect: [number, number, number, number];
  /** The field in visible-page coordinates (same model as SignatureFieldSpec): what to store and show. */
  box: VisibleBox;
}

export interface PreparedPdf {
  pdf: Uint8Array;
  fields: PreparedField[];
  /** Active content removed from the prepared file (what and where). */
  activeContentRemoved: ActiveContentItem[];
  /** Active content found and left in place: links and attachments, or everything on an already signed file. */
  activeContentKept: ActiveContentItem[];
  /** Form widgets given an appearance because the form had /NeedAppearances true (0 when it had not). */
  formAppearancesDrawn: number;
  /**
   * The damage repaired before anything else (see damageOf): the file was rewritten cleanly once, so that the
   * signatures are stacked on a sound file. Empty when it was sound (or already signed: left as it is).
   */
  repaired: string[];
  warnings: string[];
}

export const DEFAULT_FIELD_WIDTH = 150;
export const DEFAULT_FIELD_HEIGHT = 60;
const SPREAD_WIDTH = 415;
const DEFAULT_X = 70;
const DEFAULT_Y = 70;

/**
 * Default positions (spec §5) for signers without one: x=70, y=70 on the last page, spread horizontally
 * across 415 units by the number of signers plus the stamp — visible-page coordinates, like every field spec.
 */
export function defaultSignatureFields(signerCount: number, withStamp = false): SignatureFieldSpec[] {
  const total = signerCount + (withStamp ? 1 : 0);
  const step = total > 0 ? SPREAD_WIDTH / total : SPREAD_WIDTH;
  const width = Math.min(DEFAULT_FIELD_WIDTH, Math.max(20, step - 5));
  const indexes = [...Array.from({ length: signerCount }, (_, i) => i), ...(withStamp ? [-1] : [])];
  return indexes.map((signerIndex, i) => ({ page: -1, x: DEFAULT_X + i * step, y: DEFAULT_Y, width, height: DEFAULT_FIELD_HEIGHT, signerIndex }));
}

function pageIndex(page: number | undefined, count: number): number {
  const p = page ?? -1;
  const index = p < 0 ? count + p : p - 1;
  if (!Number.isInteger(p) || p === 0 || index < 0 || index >= count) {
    throw new SigningError('UNSUPPORTED', `Page ${String(page)} does not exist (the document has ${count} pages)`);
  }
  return index;
}

function hasSignatures(reader: PdfReader): boolean {
  return listFields(reader).some((f) => f.isSignature && f.value !== undefined && f.value !== null);
}

function finite(v: number | undefined, fallback: number, what: string): number {
  const n = v ?? fallback;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw new SigningError('UNSUPPORTED', `Field ${what} must be a finite number`);
  return n;
}

/**
 * Adds every signature field (and the optional test watermark) before the first signature, as an
 * incremental update: the original bytes stay a prefix, so it is also safe on an already signed file.
 * Also, before anything is signed: removes active content (unless told not to) and settles /NeedAppearances.
 */
export async function preparePdf(input: Uint8Array, options: PreparePdfOptions): Promise<PreparedPdf> {
  let pdf = input;
  return guarded('Preparation', async () => {
    let reader = PdfReader.open(pdf, options.limits);
    const signed = hasSignatures(reader);
    // A damaged file is rewritten once, before the first signature: signatures are incremental updates, and an
    // update on a broken /Length or cross-reference keeps the damage under every signature (qpdf --check warns).
    const repaired = signed ? [] : damageOf(reader);
    if (repaired.length) {
      pdf = rewritePdf(reader);
      reader = PdfReader.open(pdf, options.limits);
    }
    if (signed && options.watermark) throw new SigningError('PDF_MODIFICATION_FORBIDDEN', 'A signed document cannot receive a watermark');
    if (signed && reader.resolveDict(reader.catalog().get('Perms'))?.has('DocMDP')) {
      throw new SigningError('PDF_MODIFICATION_FORBIDDEN', 'A certified document cannot receive new fields');
    }
    const update = new PdfUpdate(reader);
    const warnings: string[] = [];
    const neutralise = (options.neutraliseActiveContent ?? true) && !signed;
    const scan = scanActiveContent(reader, neutralise ? update : undefined);
    const removedKeys = new Set(scan.removed.map((i) => `${i.kind}@${i.location}`));
    const kept = scan.found.filter((i) => !removedKeys.has(`${i.kind}@${i.location}`));
    if (signed && scan.found.length > 0) warnings.push('the document is already signed: its active content was left in place');
    let formAppearancesDrawn = 0;
    if (!signed) formAppearancesDrawn = settleNeedAppearances(update);
    else if (reader.resolve(reader.resolveDict(reader.catalog().get('AcroForm'))?.get('NeedAppearances')) === true) {
      warnings.push('the signed form has /NeedAppearances true: poppler-based viewers will not show signature appearances');
    }
    const pages = reader.pageRefs();
    const taken = new Set(listFields(reader).map((f) => f.name));
    const prepared: PreparedField[] = [];
    for (const spec of options.fields) {
      const index = pageIndex(spec.page, pages.length);
      const pageRef = pages[index]!;
      const geometry = pageGeometry(reader, reader.getDict(pageRef));
      const box: VisibleBox = {
        x: finite(spec.x, 0, 'x'),
        y: finite(spec.y, 0, 'y'),
        width: finite(spec.width, DEFAULT_FIELD_WIDTH, 'width'),
        height: finite(spec.height, DEFAULT_FIELD_HEIGHT, 'height'),
      };
      if (box.width < 0 || box.height < 0) throw new SigningError('UNSUPPORTED', 'Field width and height cannot be negative');
      const rect = visibleToUserRect(geometry, box);
      const isStamp = spec.signerIndex === -1;
      const fieldName = spec.name?.trim()
        ? uniqueFieldName(spec.name, taken)
        : isStamp
          ? uniqueFieldName(STAMP_FIELD_NAME, taken)
          : uniqueFieldName(`signer-${spec.signerIndex + 1}`, taken);
      taken.add(fieldName);
      if (box.x < 0 || box.y < 0 || box.x + box.width > geometry.width + 0.5 || box.y + box.height > geometry.height + 0.5) {
        warnings.push(`field '${fieldName}' extends beyond the visible page (${geometry.width} × ${geometry.height} pt)`);
      }
      addSignatureField(update, { name: fieldName, pageRef, rect, rotate: geometry.rotate });
      prepared.push({ name: fieldName, signerIndex: spec.signerIndex, page: index + 1, rect, box });
    }
    if (options.watermark?.text) addWatermark(update, pages, options.watermark.text, { noTransparency: forbidsTransparency(pdfAConformance(reader)) });
    const result = { fields: prepared, activeContentRemoved: scan.removed, activeContentKept: kept, formAppearancesDrawn, repaired, warnings };
    if (update.isEmpty) return { pdf, ...result };
    const built = update.build(pdf.length, pdf[pdf.length - 1]);
    return { pdf: Buffer.concat([pdf, built.bytes]), ...result };
  });
}
