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

/**
 * Pixels per PDF point for the whole document: its widest page fills the frame, never beyond 1.5 pixels per point
 * (a readable A4 on desktop). One scale for every page, so pages keep their true relative size — an A3 page is
 * shown √2 times wider than an A4 one, a landscape page wider than a portrait one.
 */
export function documentScale(frameWidth: number, pages: readonly PageSize[]): number {
  const widest = Math.max(0, ...pages.map((page) => page.width));
  if (frameWidth <= 0 || widest <= 0) return 1;
  return Math.min(1.5, frameWidth / widest);
}
