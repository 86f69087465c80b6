import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectPdf, preparePdf, signPdf, verifyPdf } from '../src/index.ts';
import { textWidth } from '../src/pdf/font/embed.ts';
import { layoutAppearance } from '../src/pdf/layout.ts';
import { formatDate } from '../src/pdf/appearance.ts';
import { solidPng } from './support/images.ts';
import { rawPdf, type PageSetup } from './support/pages.ts';
import { createTestPki, type TestPki } from './support/pki.ts';
import { changedBox, isDark, isGreen, pixelBox, render, sameBox, within, type Box, type Renderer } from './support/render.ts';
import { removeScratch } from './support/scratch.ts';
import { pdfsig, qpdfCheck } from './support/validators.ts';

let pki: TestPki;
afterAll(removeScratch);
beforeAll(async () => {
  pki = await createTestPki();
}, 30_000);

const field: Box = { x: 40, y: 50, width: 200, height: 70 };
const date = new Date('2026-03-14T09:26:53Z');
const appearance = { signerName: 'Éloïse Dupré', reason: 'Lu et approuvé', location: 'Orléans', date, handwrittenPng: solidPng(300, 100) };

/** Where the layout puts the handwriting, in visible-page coordinates. */
function expectedImage(box: Box): Box {
  const layout = layoutAppearance({
    width: box.width,
    height: box.height,
    name: appearance.signerName,
    details: [
      { text: appearance.reason, priority: 2 },
      { text: appearance.location, priority: 1 },
      { text: formatDate(date), priority: 3 },
    ],
    imageAspect: 3,
    measure: textWidth,
  });
  const r = layout.image!;
  return { x: box.x + r.x, y: box.y + r.y, width: r.width, height: r.height };
}

const cases: Array<{ label: string; setup: PageSetup; visible: [number, number] }> = [
  { label: '/Rotate 90', setup: { rotate: 90 }, visible: [792, 612] },
  { label: '/Rotate 180', setup: { rotate: 180 }, visible: [612, 792] },
  { label: '/Rotate 270', setup: { rotate: 270 }, visible: [792, 612] },
  { label: 'MediaBox [100 200 712 992]', setup: { mediaBox: [100, 200, 712, 992] }, visible: [612, 792] },
  { label: 'CropBox inside a larger MediaBox', setup: { mediaBox: [0, 0, 612, 792], cropBox: [50, 60, 450, 560] }, visible: [400, 500] },
  {
    label: 'rotation, MediaBox and CropBox inherited from the Pages node',
    setup: { inherit: true, mediaBox: [100, 200, 712, 992], cropBox: [150, 250, 650, 900], rotate: 90 },
    visible: [650, 500],
  },
  { label: '/Rotate -90 on a MediaBox around the origin', setup: { mediaBox: [-300, -400, 312, 392], rotate: -90 }, visible: [792, 612] },
  {
    label: 'CropBox larger than the MediaBox (clipped), /Rotate 180',
    setup: { mediaBox: [0, 0, 500, 600], cropBox: [-50, -50, 800, 900], rotate: 180 },
    visible: [500, 600],
  },
];

describe('one coordinate model: visible-page coordinates', () => {
  it.each(cases)('$label: the signature lands on the field, upright, in pdftoppm and mutool', async ({ setup, visible }) => {
    const original = rawPdf({ pages: [{ ...setup, content: '0 g 0 0 5 5 re f' }] });
    const inspection = await inspectPdf(original);
    expect(inspection.ok && inspection.pages[0]).toMatchObject({ width: visible[0], height: visible[1] });
    const prepared = await preparePdf(original, { fields: [{ signerIndex: 0, ...field }] });
    expect(prepared.fields[0]!.box).toEqual(field);
    const rect = prepared.fields[0]!.rect;
    const quarter = (((setup.rotate ?? 0) % 180) + 180) % 180 === 90;
    expect([rect[2] - rect[0], rect[3] - rect[1]]).toEqual(quarter ? [field.height, field.width] : [field.width, field.height]);
    const signed = await signPdf(prepared.pdf, { field: 'signer-1', signer: pki.signer, level: 'B-B', appearance });
    const image = expectedImage(field);
    for (const renderer of ['pdftoppm', 'mutool'] as Renderer[]) {
      const before = render(prepared.pdf, renderer);
      const after = render(signed, renderer);
      expect([after.width, after.height], `${renderer} page size`).toEqual(visible);
      const changed = changedBox(before, after);
      expect(changed, `${renderer}: something was drawn`).toBeDefined();
      expect(within(changed!, field), `${renderer}: drawn ${JSON.stringify(changed)} inside the field ${JSON.stringify(field)}`).toBe(true);
      const green = pixelBox(after, isGreen);
      expect(green && sameBox(green, image), `${renderer}: handwriting at ${JSON.stringify(green)}, expected ${JSON.stringify(image)}`).toBe(true);
      // Upright: the 3:1 handwriting is wider than tall, and the text is to its right (not above, below or mirrored).
      expect(green!.width).toBeGreaterThan(green!.height * 2);
      const newInk = (r: number, g: number, b: number, i: number) => isDark(r, g, b) && !isDark(before.rgba[i]!, before.rgba[i + 1]!, before.rgba[i + 2]!);
      const text = pixelBox(after, (r, g, b, i) => newInk(r, g, b, i) && (i / 4) % after.width > green!.x + green!.width + 1);
      expect(text, `${renderer}: text drawn`).toBeDefined();
      expect(within(text!, { x: green!.x + green!.width, y: field.y, width: field.x + field.width - green!.x - green!.width, height: field.height })).toBe(
        true,
      );
      expect(text!.width, `${renderer}: text lines run left to right`).toBeGreaterThan(text!.height);
    }
    const check = qpdfCheck(signed);
    expect(check.status, check.stdout).toBe(0);
    const [sig] = pdfsig(signed, pki);
    expect(sig!.valid && sig!.total).toBe(true);
  });

  it('keeps the user-space /Rect in PreparedField.rect and the visible box in .box', async () => {
    const pdf = rawPdf({ pages: [{ mediaBox: [100, 200, 712, 992], rotate: 90 }] });
    const { fields } = await preparePdf(pdf, { fields: [{ signerIndex: 0, x: 10, y: 20, width: 100, height: 40 }] });
    // Visible (10,20) on a page turned 90°: user x = 712 - 20 - 40, user y = 200 + 10.
    expect(fields[0]!.rect).toEqual([652, 210, 692, 310]);
    expect(fields[0]!.box).toEqual({ x: 10, y: 20, width: 100, height: 40 });
  });

  it('the watermark runs corner to corner of the page as shown, on rotated pages too', async () => {
    for (const setup of [{ rotate: 90 }, { mediaBox: [100, 200, 712, 992] }, { cropBox: [50, 60, 450, 560] }] as PageSetup[]) {
      const original = rawPdf({ pages: [setup] });
      const { pdf } = await preparePdf(original, { fields: [], watermark: { text: 'Sans valeur légale — test' } });
      const after = render(pdf, 'mutool');
      const drawn = changedBox(render(original, 'mutool'), after);
      expect(drawn, JSON.stringify(setup)).toBeDefined();
      // Centred on the visible page and spread over most of it.
      expect(Math.abs(drawn!.x + drawn!.width / 2 - after.width / 2)).toBeLessThan(after.width * 0.05);
      expect(Math.abs(drawn!.y + drawn!.height / 2 - after.height / 2)).toBeLessThan(after.height * 0.05);
      expect(drawn!.width).toBeGreaterThan(after.width * 0.6);
      expect(drawn!.height).toBeGreaterThan(after.height * 0.6);
    }
  });

  it('verification of a signature on a rotated page passes', async () => {
    const prepared = await preparePdf(rawPdf({ pages: [{ rotate: 270 }] }), { fields: [{ signerIndex: 0, ...field }] });
    const signed = await signPdf(prepared.pdf, { field: 'signer-1', signer: pki.signer, level: 'B-B', appearance });
    const report = await verifyPdf(signed, { trustedRoots: [pki.ca.rootCertificate], revocation: pki.ca.revocationSource() });
    expect(report.indication).toBe('TOTAL_PASSED');
    expect(report.signatures[0]!.position).toEqual({ page: 1, ...field });
  });
});
