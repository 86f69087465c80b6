import { embedFont, textWidth } from './font/embed.ts';
import { pageGeometry, visibleToUser } from './geometry.ts';
import { PdfDict, PdfRef, PdfStream, name, type PdfValue } from './objects.ts';
import { serializeNumber as num } from './serialize.ts';
import type { PdfUpdate } from './update.ts';

function withEntry(update: PdfUpdate, container: PdfValue | undefined, key: string, value: PdfValue): PdfDict {
  const copy = update.reader.resolveDict(container)?.clone() ?? new PdfDict();
  copy.set(key, value);
  return copy;
}

/**
 * Draws `text` across every page, diagonally from the bottom-left to the top-right corner of the page AS SHOWN
 * (rotation and crop box applied), in the engine's embedded font. Translucent red, or — for PDF/A-1, which forbids
 * transparency — red outlines only. The page content is wrapped in q … Q so its graphics state cannot leak into it.
 */
export function addWatermark(update: PdfUpdate, pages: PdfRef[], text: string, options: { noTransparency?: boolean } = {}): void {
  const reader = update.reader;
  const font = embedFont(update, [text]);
  const gsRef = options.noTransparency
    ? undefined
    : update.add(
        new PdfDict([
          ['Type', name('ExtGState')],
          ['ca', 0.25],
          ['CA', 0.25],
        ]),
      );
  const saveRef = update.add(new PdfStream(new PdfDict(), Buffer.from('q\n', 'latin1')));
  const width1 = Math.max(0.01, textWidth(text, 1));
  const drawings = new Map<string, PdfRef>();
  for (const pageRef of pages) {
    const page = update.edit(pageRef);
    const g = pageGeometry(reader, page);
    const key = `${g.view.join(' ')} ${g.rotate}`;
    let drawRef = drawings.get(key);
    if (!drawRef) {
      const { width: w, height: h } = g;
      const angle = Math.atan2(h, w);
      const size = Math.min(64, (0.62 * Math.hypot(w, h)) / width1);
      const half = (width1 * size) / 2;
      const cos = Math.cos(angle);
      const sin = Math.sin(angle);
      const tx = w / 2 - half * cos + (size / 3) * sin;
      const ty = h / 2 - half * sin - (size / 3) * cos;
      const paint = gsRef ? '/PrphWmGS gs 0.8 0 0 rg' : `1 0.55 0.55 RG ${num(Math.max(0.4, size / 60))} w 1 Tr`;
      const ops =
        `\nQ q ${visibleToUser(g).map(num).join(' ')} cm ${paint} BT /PrphWmF ${num(size)} Tf ` +
        `${num(cos)} ${num(sin)} ${num(-sin)} ${num(cos)} ${num(tx)} ${num(ty)} Tm ${font.show(text, 'PrphWmF', size)} ET Q\n`;
      drawRef = update.add(new PdfStream(new PdfDict(), Buffer.from(ops, 'latin1')));
      drawings.set(key, drawRef);
    }
    const contents = page.get('Contents');
    const resolved = contents instanceof PdfRef ? reader.getObject(contents.num) : contents;
    const existing: PdfValue[] = Array.isArray(resolved) ? resolved : contents !== undefined && contents !== null ? [contents] : [];
    page.set('Contents', [saveRef, ...existing, drawRef]);
    const resources = reader.resolveDict(reader.inherited(page, 'Resources'))?.clone() ?? new PdfDict();
    const fonts = update.reader.resolveDict(resources.get('Font'))?.clone() ?? new PdfDict();
    for (const [fontName, ref] of font.resources('PrphWmF')) fonts.set(fontName, ref);
    resources.set('Font', fonts);
    if (gsRef) resources.set('ExtGState', withEntry(update, resources.get('ExtGState'), 'PrphWmGS', gsRef));
    page.set('Resources', resources);
  }
}
