import { fieldSize, resolvePage, type PageSize } from '../../shared/pdf/pageGeometry.ts';

/** A signature field as the signing page receives it: PDF points, lower-left corner, from the page's bottom-left. */
export type PlacedField = { page: number; x: number; y: number; width?: number; height?: number };

/** A CSS box in percent of the rendered page: it follows the page at any width without recomputing. */
export type PercentBox = { left: string; top: string; width: string; height: string };

const percent = (value: number) => `${Math.round(value * 10000) / 100}%`;

/**
 * PDF points (origin bottom-left, y upwards) → CSS box (origin top-left, y downwards), in percent of the page.
 * Fields without a size use the engine's 150 × 60 points; the box is clipped to the page.
 */
export function fieldToPercentBox(field: PlacedField, page: PageSize): PercentBox {
  const width = Math.min(field.width ?? fieldSize.width, page.width);
  const height = Math.min(field.height ?? fieldSize.height, page.height);
  const left = Math.min(Math.max(0, field.x), page.width - width);
  const bottom = Math.min(Math.max(0, field.y), page.height - height);
  return {
    left: percent(left / page.width),
    top: percent((page.height - bottom - height) / page.height),
    width: percent(width / page.width),
    height: percent(height / page.height),
  };
}

/** The fields drawn on one page (1-based); page -1 means the last page. */
export function fieldsOfPage<F extends PlacedField>(fields: readonly F[], pageNumber: number, pageCount: number): F[] {
  return fields.filter((f) => resolvePage(f.page, pageCount) === pageNumber);
}

/** Page width on screen: the frame's width, but never larger than 1.5 pixels per point (a readable A4 on desktop). */
export function pageScale(frameWidth: number, page: PageSize): number {
  if (frameWidth <= 0 || page.width <= 0) return 1;
  return Math.min(1.5, frameWidth / page.width);
}
