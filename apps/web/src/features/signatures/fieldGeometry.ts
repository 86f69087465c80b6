import { defaultSignatureFields, fieldSizeBounds, fieldSizeOf, type FieldSize, type SignatureField } from '@paraphe/contracts';
import { fieldSize, resolvePage, type PageSize } from '../../shared/pdf/pageGeometry.ts';

/**
 * Coordinate convention (docs/signatures.md, packages/signing prepare.ts): a field's x/y are PDF points
 * (1/72 inch) of the field's lower-left corner, measured from the BOTTOM-LEFT corner of the page; its
 * width/height are PDF points too (150 × 60 when a field has none). The screen measures CSS pixels from the
 * TOP-LEFT corner of the rendered page, at `scale` pixels per point. Page -1 means the last page. Rotated pages
 * are taken as pdf.js shows them (viewport at scale 1).
 */
export { fieldSize, resolvePage, type PageSize };

export type ScreenBox = { left: number; top: number; width: number; height: number };
type Point = { x: number; y: number };
type Sized = Point & { width?: number; height?: number };

const clamp = (v: number, min: number, max: number) => Math.round(Math.min(Math.max(min, v), Math.max(min, max)));

/** Keeps the whole field (of that size) on the page. */
export function clampToPage(point: Point, page: PageSize, size: FieldSize = fieldSize): Point {
  return { x: clamp(point.x, 0, page.width - size.width), y: clamp(point.y, 0, page.height - size.height) };
}

export function pdfToScreen(field: Sized, page: PageSize, scale: number): ScreenBox {
  const size = fieldSizeOf(field);
  return {
    left: field.x * scale,
    top: (page.height - field.y - size.height) * scale,
    width: size.width * scale,
    height: size.height * scale,
  };
}

/** The field of that size whose top-left corner is at (left, top) on screen, in PDF points, kept on the page. */
export function screenToPdf(left: number, top: number, page: PageSize, scale: number, size: FieldSize = fieldSize): Point {
  return clampToPage({ x: left / scale, y: page.height - top / scale - size.height }, page, size);
}

/**
 * A new size for the field, as its bottom-right corner is dragged: the top-left corner stays where it is (so the
 * PDF y, measured to the bottom edge, follows the height), the size within the contract bounds and the page.
 */
export function resizedField<F extends Sized>(field: F, to: FieldSize, page: PageSize): F & FieldSize {
  const top = field.y + fieldSizeOf(field).height;
  const width = clamp(to.width, fieldSizeBounds.width.min, Math.min(fieldSizeBounds.width.max, page.width - field.x));
  const height = clamp(to.height, fieldSizeBounds.height.min, Math.min(fieldSizeBounds.height.max, top));
  return { ...field, width, height, y: Math.round(top - height) };
}

export function fieldsOnPage(fields: readonly SignatureField[], pageNumber: number, pageCount: number): number[] {
  return fields.flatMap((f, i) => (resolvePage(f.page, pageCount) === pageNumber ? [i] : []));
}

/** A new field of the default size for that signer, centred on the page. */
export function addField(fields: readonly SignatureField[], signerIndex: number, pageNumber: number, page: PageSize): SignatureField[] {
  const centre = clampToPage({ x: (page.width - fieldSize.width) / 2, y: (page.height - fieldSize.height) / 2 }, page);
  return [...fields, { page: pageNumber, name: 'signer', signerIndex, ...centre, ...fieldSize }];
}

export function moveField(fields: readonly SignatureField[], index: number, to: Point, page: PageSize): SignatureField[] {
  return fields.map((f, i) => (i === index ? { ...f, ...clampToPage(to, page, fieldSizeOf(f)) } : f));
}

export function resizeField(fields: readonly SignatureField[], index: number, to: FieldSize, page: PageSize): SignatureField[] {
  return fields.map((f, i) => (i === index ? resizedField(f, to, page) : f));
}

export function removeField(fields: readonly SignatureField[], index: number): SignatureField[] {
  return fields.filter((_, i) => i !== index);
}

/** 'Apply to all pages': that field's signer gets exactly one field per page, at the same place and size. */
export function applyToAllPages(fields: readonly SignatureField[], index: number, pageCount: number): SignatureField[] {
  const model = fields[index];
  if (!model) return [...fields];
  const others = fields.filter((f) => f.signerIndex !== model.signerIndex);
  const copies = Array.from({ length: pageCount }, (_, p) => ({ ...model, page: p + 1 }));
  return [...others, ...copies];
}

/**
 * Signers (role signer) without any field on the document get the contract's default position: from x=70, y=70
 * on the last page, never overlapping (defaultSignatureFields: rows of three from three participants on).
 */
export function withDefaultFields(fields: readonly SignatureField[], signers: readonly { role: string }[]): SignatureField[] {
  const placed = new Set(fields.map((f) => f.signerIndex));
  const defaults = defaultSignatureFields(signers.length, false).filter((f) => signers[f.signerIndex]?.role === 'signer' && !placed.has(f.signerIndex));
  return [...fields, ...defaults];
}

/**
 * After signers were reordered or removed: `newIndexOf[old]` is the new signerIndex, or -1 when that signer
 * was removed (its fields go). The stamp (-1) is kept as it is.
 */
export function remapSignerIndexes(fields: readonly SignatureField[], newIndexOf: readonly number[]): SignatureField[] {
  return fields.flatMap((f) => {
    if (f.signerIndex < 0) return [f];
    const next = newIndexOf[f.signerIndex] ?? -1;
    return next < 0 ? [] : [{ ...f, signerIndex: next }];
  });
}

/**
 * Keyboard resizing of the selected field (Alt + arrows, accessibility): 1 point, 10 with Shift. Right/Down move
 * the bottom-right corner as the pointer handle does: wider, taller.
 */
export function resizeDelta(key: string, shift: boolean): { dw: number; dh: number } | null {
  const step = shift ? 10 : 1;
  const deltas: Record<string, { dw: number; dh: number }> = {
    ArrowLeft: { dw: -step, dh: 0 },
    ArrowRight: { dw: step, dh: 0 },
    ArrowUp: { dw: 0, dh: -step },
    ArrowDown: { dw: 0, dh: step },
  };
  return deltas[key] ?? null;
}

/** Keyboard moves of the selected field (accessibility): arrows move by 1 point, 10 with Shift. */
export function arrowDelta(key: string, shift: boolean): { dx: number; dy: number } | null {
  const step = shift ? 10 : 1;
  // PDF y grows upwards: ArrowUp raises the field.
  const deltas: Record<string, { dx: number; dy: number }> = {
    ArrowLeft: { dx: -step, dy: 0 },
    ArrowRight: { dx: step, dy: 0 },
    ArrowUp: { dx: 0, dy: step },
    ArrowDown: { dx: 0, dy: -step },
  };
  return deltas[key] ?? null;
}
