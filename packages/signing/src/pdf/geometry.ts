import { PdfRef, asNumber, type PdfDict, type PdfValue } from './objects.ts';
import type { PdfReader } from './reader.ts';

/**
 * The one coordinate model of the product. Callers (the web editor, the signing page, the server) place fields
 * on the page AS IT IS SHOWN (pdf.js): the visible region is the CropBox clipped to the MediaBox, then /Rotate
 * is applied; x goes right and y goes up from the bottom-left corner of that displayed page, in PDF points.
 * The engine converts to user space (what /Rect means) only when it writes the file.
 */
export type Rotation = 0 | 90 | 180 | 270;

/** A rectangle in visible-page coordinates (origin bottom-left of the displayed page, y up, points). */
export interface VisibleBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PageGeometry {
  /** Visible region in user space: CropBox ∩ MediaBox, normalised [x1 y1 x2 y2]. */
  view: [number, number, number, number];
  rotate: Rotation;
  /** Size of the displayed page (swapped for 90/270). */
  width: number;
  height: number;
}

/** US Letter, what viewers assume when a page has no usable /MediaBox. */
const LETTER: [number, number, number, number] = [0, 0, 612, 792];

function boxOf(reader: PdfReader, value: PdfValue | undefined): [number, number, number, number] | undefined {
  const raw = reader.resolveArray(value);
  if (raw.length !== 4) return undefined;
  const n = raw.map((v) => asNumber(reader.resolve(v)));
  if (n.some((v) => v === undefined)) return undefined;
  const [a, b, c, d] = n as [number, number, number, number];
  const box: [number, number, number, number] = [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
  return box[2] - box[0] > 0 && box[3] - box[1] > 0 ? box : undefined;
}

export function normaliseRotation(value: number | undefined): Rotation {
  if (value === undefined || !Number.isInteger(value) || value % 90 !== 0) return 0;
  return (((value % 360) + 360) % 360) as Rotation;
}

/** Geometry of a page, with /MediaBox, /CropBox and /Rotate inherited from the page tree as the spec says. */
export function pageGeometry(reader: PdfReader, page: PdfDict): PageGeometry {
  const media = boxOf(reader, reader.inherited(page, 'MediaBox')) ?? LETTER;
  const crop = boxOf(reader, reader.inherited(page, 'CropBox'));
  let view = media;
  if (crop) {
    const clipped: [number, number, number, number] = [
      Math.max(crop[0], media[0]),
      Math.max(crop[1], media[1]),
      Math.min(crop[2], media[2]),
      Math.min(crop[3], media[3]),
    ];
    // Like pdf.js: a CropBox that does not intersect the MediaBox is ignored.
    if (clipped[2] - clipped[0] > 0 && clipped[3] - clipped[1] > 0) view = clipped;
  }
  const rotate = normaliseRotation(asNumber(reader.resolve(reader.inherited(page, 'Rotate'))));
  const w = view[2] - view[0];
  const h = view[3] - view[1];
  return { view, rotate, width: rotate % 180 ? h : w, height: rotate % 180 ? w : h };
}

export type Matrix = [number, number, number, number, number, number];

/** Maps visible-page coordinates to user space (a `cm` operand): the inverse of what the viewer does. */
export function visibleToUser(g: PageGeometry): Matrix {
  const [x1, y1, x2, y2] = g.view;
  switch (g.rotate) {
    case 90:
      return [0, 1, -1, 0, x2, y1];
    case 180:
      return [-1, 0, 0, -1, x2, y2];
    case 270:
      return [0, -1, 1, 0, x1, y2];
    default:
      return [1, 0, 0, 1, x1, y1];
  }
}

/** The rotation part only: the /Matrix of an appearance drawn upright for the viewer on a rotated page. */
export function uprightMatrix(rotate: Rotation): Matrix {
  const m = visibleToUser({ view: [0, 0, 0, 0], rotate, width: 0, height: 0 });
  return [m[0], m[1], m[2], m[3], 0, 0];
}

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** A visible box as a user-space /Rect [x1 y1 x2 y2]. */
export function visibleToUserRect(g: PageGeometry, box: VisibleBox): [number, number, number, number] {
  const m = visibleToUser(g);
  const [ax, ay] = apply(m, box.x, box.y);
  const [bx, by] = apply(m, box.x + box.width, box.y + box.height);
  return [round(Math.min(ax, bx)), round(Math.min(ay, by)), round(Math.max(ax, bx)), round(Math.max(ay, by))];
}

/** A user-space /Rect as a visible box (inverse of visibleToUserRect). */
export function userRectToVisible(g: PageGeometry, rect: readonly number[]): VisibleBox {
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = rect;
  const [vx1, vy1, vx2, vy2] = g.view;
  const corners: Array<[number, number]> = [
    [Math.min(x1, x2), Math.min(y1, y2)],
    [Math.max(x1, x2), Math.max(y1, y2)],
  ];
  const visible = corners.map(([x, y]): [number, number] => {
    switch (g.rotate) {
      case 90:
        return [y - vy1, vx2 - x];
      case 180:
        return [vx2 - x, vy2 - y];
      case 270:
        return [vy2 - y, x - vx1];
      default:
        return [x - vx1, y - vy1];
    }
  });
  const xs = visible.map((p) => p[0]);
  const ys = visible.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x: round(x), y: round(y), width: round(Math.max(...xs) - x), height: round(Math.max(...ys) - y) };
}

/** Size of a widget as the viewer shows it (swapped on pages turned a quarter). */
export function visibleSize(rect: readonly number[], rotate: Rotation): { width: number; height: number } {
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = rect;
  const w = Math.abs(x2 - x1);
  const h = Math.abs(y2 - y1);
  return rotate % 180 ? { width: h, height: w } : { width: w, height: h };
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** The page an annotation sits on: its /P when it is one of the document's pages, else the page whose /Annots lists it. */
export function pageOfAnnotation(reader: PdfReader, annotRef: PdfRef, annot: PdfDict): { ref: PdfRef; index: number } | undefined {
  const pages = reader.pageRefs();
  const p = annot.get('P');
  if (p instanceof PdfRef) {
    const index = pages.findIndex((r) => r.num === p.num);
    if (index >= 0) return { ref: pages[index]!, index };
  }
  for (let index = 0; index < pages.length; index++) {
    const page = reader.resolveDict(pages[index]);
    if (reader.resolveArray(page?.get('Annots')).some((a) => a instanceof PdfRef && a.num === annotRef.num)) return { ref: pages[index]!, index };
  }
  return undefined;
}
