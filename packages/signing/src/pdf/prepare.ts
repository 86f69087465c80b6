import { SigningError } from '../errors.ts';
import { winAnsi } from './appearance.ts';
import { addSignatureField, listFields, uniqueFieldName } from './fields.ts';
import type { PdfLimits } from './limits.ts';
import { PdfDict, PdfRef, PdfStream, asNumber, name, type PdfValue } from './objects.ts';
import { PdfReader } from './reader.ts';
import { serializeNumber as num } from './serialize.ts';
import { guarded } from './guard.ts';
import { STAMP_FIELD_NAME } from './sign.ts';
import { PdfUpdate } from './update.ts';

export interface SignatureFieldSpec {
  /** 1-based page number; negative counts from the end (-1 = last page). Default -1. */
  page?: number;
  /** PDF units from the bottom-left corner of the page; missing x/y mean 0 (spec §5). */
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  name?: string;
  /** Index of the signer who fills the field; -1 is the company stamp. */
  signerIndex: number;
}

export interface PreparePdfOptions {
  fields: SignatureFieldSpec[];
  /** Test mode: a "no legal value" text drawn across every page (refused once the document is signed). */
  watermark?: { text: string };
  limits?: Partial<PdfLimits>;
}

export interface PreparedField {
  name: string;
  signerIndex: number;
  /** 1-based page number. */
  page: number;
  rect: [number, number, number, number];
}

export interface PreparedPdf {
  pdf: Uint8Array;
  fields: PreparedField[];
}

export const DEFAULT_FIELD_WIDTH = 150;
export const DEFAULT_FIELD_HEIGHT = 60;
const SPREAD_WIDTH = 415;
const DEFAULT_X = 70;
const DEFAULT_Y = 70;

/**
 * Default positions (spec §5) for signers without one: x=70, y=70 on the last page, spread horizontally
 * across 415 units by the number of signers plus the stamp.
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

/**
 * Adds every signature field (and the optional test watermark) before the first signature, as an
 * incremental update: the original bytes stay a prefix, so it is also safe on an already signed file.
 */
export async function preparePdf(pdf: Uint8Array, options: PreparePdfOptions): Promise<PreparedPdf> {
  return guarded('Preparation', async () => {
    const reader = PdfReader.open(pdf, options.limits);
    const signed = hasSignatures(reader);
    if (signed && options.watermark) throw new SigningError('PDF_MODIFICATION_FORBIDDEN', 'A signed document cannot receive a watermark');
    if (signed && reader.resolveDict(reader.catalog().get('Perms'))?.has('DocMDP')) {
      throw new SigningError('PDF_MODIFICATION_FORBIDDEN', 'A certified document cannot receive new fields');
    }
    const update = new PdfUpdate(reader);
    const pages = reader.pageRefs();
    const taken = new Set(listFields(reader).map((f) => f.name));
    const prepared: PreparedField[] = [];
    for (const spec of options.fields) {
      const index = pageIndex(spec.page, pages.length);
      const x = spec.x ?? 0;
      const y = spec.y ?? 0;
      const rect: [number, number, number, number] = [x, y, x + (spec.width ?? DEFAULT_FIELD_WIDTH), y + (spec.height ?? DEFAULT_FIELD_HEIGHT)];
      const isStamp = spec.signerIndex === -1;
      const fieldName = spec.name?.trim()
        ? uniqueFieldName(spec.name, taken)
        : isStamp
          ? uniqueFieldName(STAMP_FIELD_NAME, taken)
          : uniqueFieldName(`signer-${spec.signerIndex + 1}`, taken);
      taken.add(fieldName);
      addSignatureField(update, { name: fieldName, pageRef: pages[index]!, rect });
      prepared.push({ name: fieldName, signerIndex: spec.signerIndex, page: index + 1, rect });
    }
    if (options.watermark?.text) addWatermark(update, pages, options.watermark.text);
    if (update.isEmpty) return { pdf, fields: prepared };
    const built = update.build(pdf.length, pdf[pdf.length - 1]);
    return { pdf: Buffer.concat([pdf, built.bytes]), fields: prepared };
  });
}

function box(reader: PdfReader, page: PdfDict): [number, number, number, number] {
  const raw = reader.resolveArray(reader.inherited(page, 'CropBox') ?? reader.inherited(page, 'MediaBox'));
  const n = raw.map((v) => asNumber(reader.resolve(v)) ?? 0);
  return n.length === 4 ? [n[0]!, n[1]!, n[2]!, n[3]!] : [0, 0, 612, 792];
}

function withEntry(reader: PdfReader, container: PdfValue | undefined, key: string, value: PdfValue): PdfDict {
  const copy = reader.resolveDict(container)?.clone() ?? new PdfDict();
  copy.set(key, value);
  return copy;
}

/** Draws `text` diagonally, translucent, over every page, wrapped so the page's own graphics state is restored first. */
function addWatermark(update: PdfUpdate, pages: PdfRef[], text: string): void {
  const reader = update.reader;
  const fontRef = update.add(
    new PdfDict([
      ['Type', name('Font')],
      ['Subtype', name('Type1')],
      ['BaseFont', name('Helvetica-Bold')],
      ['Encoding', name('WinAnsiEncoding')],
    ]),
  );
  const gsRef = update.add(new PdfDict([['Type', name('ExtGState')], ['ca', 0.25], ['CA', 0.25]]));
  const saveRef = update.add(new PdfStream(new PdfDict(), Buffer.from('q\n', 'latin1')));
  const encoded = winAnsi(text);
  const drawings = new Map<string, PdfRef>();
  for (const pageRef of pages) {
    const page = update.edit(pageRef);
    const [x1, y1, x2, y2] = box(reader, page);
    const key = [x1, y1, x2, y2].join(' ');
    let drawRef = drawings.get(key);
    if (!drawRef) {
      const w = x2 - x1;
      const h = y2 - y1;
      const angle = Math.atan2(h, w);
      const size = Math.min(64, (0.62 * Math.hypot(w, h) * 1000) / Math.max(1, encoded.width1000));
      const half = (encoded.width1000 * size) / 2000;
      const cos = Math.cos(angle);
      const sin = Math.sin(angle);
      const tx = x1 + w / 2 - half * cos + (size / 3) * sin;
      const ty = y1 + h / 2 - half * sin - (size / 3) * cos;
      const ops = `\nQ q /PrphWmGS gs 0.8 0 0 rg BT /PrphWmF ${num(size)} Tf ${num(cos)} ${num(sin)} ${num(-sin)} ${num(cos)} ${num(tx)} ${num(ty)} Tm <${encoded.bytes.toString('hex')}> Tj ET Q\n`;
      drawRef = update.add(new PdfStream(new PdfDict(), Buffer.from(ops, 'latin1')));
      drawings.set(key, drawRef);
    }
    const contents = page.get('Contents');
    const resolved = contents instanceof PdfRef ? reader.getObject(contents.num) : contents;
    const existing: PdfValue[] = Array.isArray(resolved) ? resolved : contents !== undefined && contents !== null ? [contents] : [];
    page.set('Contents', [saveRef, ...existing, drawRef]);
    const resources = reader.resolveDict(reader.inherited(page, 'Resources'))?.clone() ?? new PdfDict();
    resources.set('Font', withEntry(reader, resources.get('Font'), 'PrphWmF', fontRef));
    resources.set('ExtGState', withEntry(reader, resources.get('ExtGState'), 'PrphWmGS', gsRef));
    page.set('Resources', resources);
  }
}
