import { embedFont, textDepth, textWidth } from './font/embed.ts';
import { readsRightToLeft } from './font/shape.ts';
import { uprightMatrix, type Rotation } from './geometry.ts';
import { imageXObject } from './image.ts';
import { layoutAppearance } from './layout.ts';
import { PdfDict, PdfStream, name, type PdfRef } from './objects.ts';
import { serializeNumber as num } from './serialize.ts';
import type { PdfUpdate } from './update.ts';

export interface VisibleAppearance {
  signerName: string;
  reason?: string;
  location?: string;
  date: Date;
  /** Handwritten signature image (PNG, alpha kept as a soft mask). Bounds: see HANDWRITING_LIMITS. */
  handwrittenPng?: Uint8Array;
}

export interface AppearanceOptions {
  /** The page's /Rotate: the appearance gets a /Matrix so that it reads upright in the viewer. */
  rotate?: Rotation;
  /** PDF/A-1 input: no transparency (the handwriting gets a stencil mask instead of a soft mask). */
  noTransparency?: boolean;
}

export function formatDate(date: Date): string {
  return date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, ' UTC');
}

/**
 * The widget's normal appearance (/AP /N): a Form XObject holding the handwriting and the text, so that signing
 * never touches page content (pdfsig cannot see page changes made after a signature). `width` × `height` is the
 * field as the viewer shows it; on a rotated page the /Matrix turns it back into the widget's user-space /Rect.
 * Text uses embedded subsets of the engine's fonts (font/embed.ts), shaped and ordered (font/shape.ts): any Latin,
 * Greek, Cyrillic, Hebrew, Arabic, CJK or Hangul name, extractable (ToUnicode, /ActualText for shaped lines).
 */
export function buildAppearance(
  update: PdfUpdate,
  width: number,
  height: number,
  a: VisibleAppearance,
  options: AppearanceOptions = {},
): { ref: PdfRef; fontBytes: number } {
  const resources = new PdfDict();
  const details = [
    { text: a.reason?.trim() ?? '', priority: 2 },
    { text: a.location?.trim() ?? '', priority: 1 },
    { text: formatDate(a.date), priority: 3, shorter: [formatDate(a.date).replace(/:\d\d UTC$/, ' UTC'), formatDate(a.date).slice(0, 10)] },
  ].filter((d) => d.text !== '');
  const image = a.handwrittenPng ? imageXObject(update, a.handwrittenPng, { noTransparency: options.noTransparency }) : undefined;
  const layout = layoutAppearance({
    width,
    height,
    name: a.signerName.trim() || ' ',
    details,
    imageAspect: image ? image.width / image.height : undefined,
    measure: textWidth,
    rightToLeft: readsRightToLeft,
    depth: textDepth,
  });
  const ops: string[] = [];
  if (image && layout.image) {
    resources.set('XObject', new PdfDict([['Im1', image.ref]]));
    const r = layout.image;
    ops.push(`q ${num(r.width)} 0 0 ${num(r.height)} ${num(r.x)} ${num(r.y)} cm /Im1 Do Q`);
  }
  const font = embedFont(update, layout.lines);
  resources.set('Font', new PdfDict(font.resources('F1')));
  ops.push('BT', '0 g');
  let size = -1;
  for (const line of layout.lines) {
    if (line.size !== size) ops.push(`/F1 ${num((size = line.size))} Tf`);
    ops.push(`1 0 0 1 ${num(line.x)} ${num(line.y)} Tm ${font.show(line.text, 'F1', size, line.direction)}`);
  }
  ops.push('ET');
  const form = new PdfDict([
    ['Type', name('XObject')],
    ['Subtype', name('Form')],
    ['BBox', [0, 0, width, height]],
    ['Resources', resources],
  ]);
  if (options.rotate) form.set('Matrix', uprightMatrix(options.rotate));
  const ref = update.add(new PdfStream(form, Buffer.from(ops.join('\n'), 'latin1')));
  return { ref, fontBytes: font.bytes };
}
