import { defaultSignatureFields, type SignatureField } from '@paraphe/contracts';

/**
 * Coordinate convention (docs/signatures.md, packages/signing prepare.ts): a field's x/y are PDF points
 * (1/72 inch) of the field's lower-left corner, measured from the BOTTOM-LEFT corner of the page; the engine
 * draws every field 150 × 60 points (DEFAULT_FIELD_WIDTH/HEIGHT) since the contract carries no size. The
 * screen measures CSS pixels from the TOP-LEFT corner of the rendered page, at `scale` pixels per point.
 * Page -1 means the last page. Rotated pages are taken as pdf.js shows them (viewport at scale 1).
 */
export const fieldSize = { width: 150, height: 60 } as const;

export type PageSize = { width: number; height: number };
export type ScreenBox = { left: number; top: number; width: number; height: number };

/** The 1-based page a field is on (-1 → the last page). */
export function resolvePage(page: number, pageCount: number): number {
  return page < 0 ? Math.max(1, pageCount + 1 + page) : page;
}

/** Keeps the whole field on the page. */
export function clampToPage(point: { x: number; y: number }, page: PageSize): { x: number; y: number } {
  const clamp = (v: number, max: number) => Math.round(Math.min(Math.max(0, v), Math.max(0, max)));
  return { x: clamp(point.x, page.width - fieldSize.width), y: clamp(point.y, page.height - fieldSize.height) };
}

export function pdfToScreen(field: { x: number; y: number }, page: PageSize, scale: number): ScreenBox {
  return {
    left: field.x * scale,
    top: (page.height - field.y - fieldSize.height) * scale,
    width: fieldSize.width * scale,
    height: fieldSize.height * scale,
  };
}

/** The field whose top-left corner is at (left, top) on screen, in PDF points, kept on the page. */
export function screenToPdf(left: number, top: number, page: PageSize, scale: number): { x: number; y: number } {
  return clampToPage({ x: left / scale, y: page.height - top / scale - fieldSize.height }, page);
}

export function fieldsOnPage(fields: readonly SignatureField[], pageNumber: number, pageCount: number): number[] {
  return fields.flatMap((f, i) => (resolvePage(f.page, pageCount) === pageNumber ? [i] : []));
}

/** A new field for that signer, centred on the page. */
export function addField(fields: readonly SignatureField[], signerIndex: number, pageNumber: number, page: PageSize): SignatureField[] {
  const centre = clampToPage({ x: (page.width - fieldSize.width) / 2, y: (page.height - fieldSize.height) / 2 }, page);
  return [...fields, { page: pageNumber, name: 'signer', signerIndex, ...centre }];
}

export function moveField(fields: readonly SignatureField[], index: number, to: { x: number; y: number }, page: PageSize): SignatureField[] {
  return fields.map((f, i) => (i === index ? { ...f, ...clampToPage(to, page) } : f));
}

export function removeField(fields: readonly SignatureField[], index: number): SignatureField[] {
  return fields.filter((_, i) => i !== index);
}

/** 'Apply to all pages': that field's signer gets exactly one field per page, at the same place. */
export function applyToAllPages(fields: readonly SignatureField[], index: number, pageCount: number): SignatureField[] {
  const model = fields[index];
  if (!model) return [...fields];
  const others = fields.filter((f) => f.signerIndex !== model.signerIndex);
  const copies = Array.from({ length: pageCount }, (_, p) => ({ ...model, page: p + 1 }));
  return [...others, ...copies];
}

/**
 * Signers (role signer) without any field on the document get the contract's default position: x=70, y=70
 * on the last page, spread across 415 units by the number of participants.
 */
export function withDefaultFields(fields: readonly SignatureField[], signers: readonly { role: string }[]): SignatureField[] {
  const placed = new Set(fields.map((f) => f.signerIndex));
  const defaults = defaultSignatureFields(signers.length, false).filter(
    (f) => signers[f.signerIndex]?.role === 'signer' && !placed.has(f.signerIndex),
  );
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
