import { z } from 'zod';
import { maxSignersPerRequest } from './constants.ts';

/** signerIndex -1 is the company stamp. */
export const stampSignerIndex = -1;
/** Page -1 means the last page of the document. */
export const lastPage = -1;
export const defaultFieldPosition = { x: 70, y: 70, page: lastPage } as const;
/** Default fields are spread horizontally across this many units. */
export const fieldSpreadWidth = 415;

export const defaultFieldName = (signerIndex: number) => (signerIndex === stampSignerIndex ? 'cachet' : 'signer');

/** A field's size in PDF points; the engine's historical fixed size is the default. */
export const defaultFieldSize = { width: 150, height: 60 } as const;
/** Smallest / largest accepted field (PDF points): big enough to click, never larger than a page. */
export const fieldSizeBounds = { width: { min: 20, max: 600 }, height: { min: 10, max: 300 } } as const;

/** width/height are optional: payloads written before fields had a size stay valid (150 × 60). */
export const signatureFieldSchema = z.object({
  page: z.number().int(),
  name: z.string(),
  x: z.number(),
  y: z.number(),
  width: z.number().optional(),
  height: z.number().optional(),
  signerIndex: z.number().int(),
});
export type SignatureField = z.infer<typeof signatureFieldSchema>;
export type FieldSize = { width: number; height: number };

/** The size a field is drawn and prepared with: its own, else the default. */
export function fieldSizeOf(field: { width?: number | null; height?: number | null }): FieldSize {
  return { width: field.width ?? defaultFieldSize.width, height: field.height ?? defaultFieldSize.height };
}

const coordinate = z
  .number()
  .min(0)
  .max(10_000)
  .nullish()
  .transform((v) => v ?? 0);
const sizeInput = (dimension: keyof FieldSize) =>
  z
    .number()
    .min(fieldSizeBounds[dimension].min)
    .max(fieldSizeBounds[dimension].max)
    .nullish()
    .transform((v) => v ?? defaultFieldSize[dimension]);
/**
 * A missing name becomes 'signer' or 'cachet' (stamp); missing x/y become 0; a missing page is the last one;
 * a missing width/height becomes 150 × 60.
 */
export const signatureFieldInputSchema = z
  .object({
    page: z
      .number()
      .int()
      .min(-1)
      .max(10_000)
      .refine((p) => p !== 0, { message: 'Pages are numbered from 1 (-1 = last page).', params: { rule: 'invalid_value' } })
      .nullish()
      .transform((p) => p ?? lastPage),
    name: z.string().trim().max(100).nullish(),
    x: coordinate,
    y: coordinate,
    width: sizeInput('width'),
    height: sizeInput('height'),
    signerIndex: z.number().int().min(stampSignerIndex).max(maxSignersPerRequest),
  })
  .transform((f): SignatureField & FieldSize => ({ ...f, name: f.name || defaultFieldName(f.signerIndex) }));
export type SignatureFieldInput = z.input<typeof signatureFieldInputSchema>;

/** Where default fields may go: from the default position up to the top and right margins of an A4 page. */
export const defaultFieldArea = { x: 70, y: 70, width: 470, height: 700 } as const;
const defaultFieldGap = 10;

/**
 * Default fields for a new document: one per signer (signerIndex 0…n-1) plus the stamp, on the last page, never
 * overlapping, each wide enough for the visible signature to set the name legibly (its layout measures the text
 * and sizes the name to the box, packages/signing/src/pdf/layout.ts):
 * - one or two fields: at y=70, spread horizontally from x=70 across 415 units, 150 × 60 each (as always);
 * - three and more: rows of three 150 × 60 fields (x = 70, 230, 390, 10 apart), rows going up from y=70 by 70;
 * - more than fit on an A4 page that way (31 and more): more columns of smaller fields (2.5 : 1), as many as
 *   needed for every row to fit within `defaultFieldArea`.
 */
export function defaultSignatureFields(signerCount: number, hasStamp: boolean): (SignatureField & FieldSize)[] {
  const indexes = [...Array.from({ length: Math.max(0, signerCount) }, (_, i) => i), ...(hasStamp ? [stampSignerIndex] : [])];
  if (indexes.length === 0) return [];
  const field = (signerIndex: number, x: number, y: number, size: FieldSize = defaultFieldSize) => ({
    page: defaultFieldPosition.page,
    name: defaultFieldName(signerIndex),
    x: Math.round(x),
    y: Math.round(y),
    ...size,
    signerIndex,
  });
  if (indexes.length <= 2) {
    const step = fieldSpreadWidth / indexes.length;
    return indexes.map((signerIndex, slot) => field(signerIndex, defaultFieldPosition.x + slot * step, defaultFieldPosition.y));
  }
  const area = defaultFieldArea;
  let columns = 3;
  let size: FieldSize = defaultFieldSize;
  for (; ; columns++) {
    const width = Math.min(defaultFieldSize.width, Math.floor((area.width - (columns - 1) * defaultFieldGap) / columns));
    size = { width, height: Math.min(defaultFieldSize.height, Math.floor(width / 2.5)) };
    const rows = Math.ceil(indexes.length / columns);
    if (rows * (size.height + defaultFieldGap) - defaultFieldGap <= area.height || width <= fieldSizeBounds.width.min) break;
  }
  return indexes.map((signerIndex, slot) =>
    field(signerIndex, area.x + (slot % columns) * (size.width + defaultFieldGap), area.y + Math.floor(slot / columns) * (size.height + defaultFieldGap), size),
  );
}
