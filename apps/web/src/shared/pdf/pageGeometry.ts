import { defaultFieldSize } from '@paraphe/contracts';

/**
 * What the position editor (signatures) and the signing page share about a PDF page: its size in PDF points
 * (1/72 inch, as pdf.js gives it at scale 1), the default size of a signature field, and page numbers where
 * -1 means the last page.
 */
export type PageSize = { width: number; height: number };

/** A field without a size takes the engine's 150 × 60 points. */
export const fieldSize = defaultFieldSize;

/** The 1-based page a field is on (-1 → the last page). */
export function resolvePage(page: number, pageCount: number): number {
  return page < 0 ? Math.max(1, pageCount + 1 + page) : page;
}
