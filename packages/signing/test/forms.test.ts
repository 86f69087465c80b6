import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectPdf, preparePdf, signPdf, verifyPdf } from '../src/index.ts';
import { listFields } from '../src/pdf/fields.ts';
import { pageGeometry, userRectToVisible } from '../src/pdf/geometry.ts';
import { PdfReader } from '../src/pdf/reader.ts';
import { solidPng } from './support/images.ts';
import { libreOfficeForm } from './support/libreoffice.ts';
import { firstExtra, rawPdf } from './support/pages.ts';
import { pdfjsAnnotations } from './support/pdfjs.ts';
import { createTestPki, type TestPki } from './support/pki.ts';
import { isGreen, pixelBox, render, renderers, within, type Box, type Raster } from './support/render.ts';
import { removeScratch } from './support/scratch.ts';
import { pdfsig, qpdfCheck } from './support/validators.ts';

let pki: TestPki;
let libreOffice: Uint8Array;
afterAll(removeScratch);
beforeAll(async () => {
  pki = await createTestPki();
  libreOffice = libreOfficeForm();
}, 180_000);

const appearance = { signerName: 'Éloïse Dupré', reason: 'Lu et approuvé', date: new Date(), handwrittenPng: solidPng(300, 100) };
const sigBox: Box = { x: 300, y: 100, width: 200, height: 70 };

/** Visible boxes of every non-signature widget, by field name. */
function widgetBoxes(pdf: Uint8Array): Map<string, Box> {
  const reader = PdfReader.open(pdf);
  const page = reader.getDict(reader.pageRefs()[0]!);
  const out = new Map<string, Box>();
  for (const f of listFields(reader)) {
    if (f.isSignature) continue;
    const rect = reader.resolveArray(f.widget.get('Rect')) as number[];
    out.set(f.name, userRectToVisible(pageGeometry(reader, page), rect));
  }
  return out;
}

/** Some non-white ink inside `box` (shrunk by one pixel so borders of neighbours do not count). */
function inked(raster: Raster, box: Box): boolean {
  const inner = { x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2 };
  const found = pixelBox(raster, (r, g, b, i) => {
    const col = (i / 4) % raster.width;
    const row = raster.height - 1 - Math.floor(i / 4 / raster.width);
    return r + g + b < 450 && col >= inner.x && col < inner.x + inner.width && row >= inner.y && row < inner.y + inner.height;
  });
  return found !== undefined;
}

function needAppearances(pdf: Uint8Array): unknown {
  const reader = PdfReader.open(pdf);
  return reader.resolveDict(reader.catalog().get('AcroForm'))?.get('NeedAppearances');
}

async function expectSignatureShown(signed: Uint8Array, box: Box): Promise<void> {
  for (const renderer of renderers) {
    const green = pixelBox(render(signed, renderer), isGreen);
    expect(green && within(green, box), `${renderer}: signature appearance drawn in ${JSON.stringify(box)}, found ${JSON.stringify(green)}`).toBe(true);
  }
  const sig = (await pdfjsAnnotations(signed)).find((a) => a.fieldType === 'Sig' && a.ops.length > 0);
  expect(sig, 'pdf.js draws the signature widget').toBeDefined();
  expect(sig!.hasAppearance).toBe(true);
  expect(sig!.ops).toEqual(expect.arrayContaining(['paintImageXObject', 'showText']));
}

describe('/NeedAppearances true (LibreOffice forms)', () => {
  it('a real LibreOffice form: fields stay visible, the certified signature shows in poppler, MuPDF, Ghostscript and pdf.js', async () => {
    const inspection = await inspectPdf(libreOffice);
    expect(inspection).toMatchObject({ ok: true, hasForm: true, needAppearances: true });
    const prepared = await preparePdf(libreOffice, { fields: [{ signerIndex: 0, ...sigBox }] });
    expect(needAppearances(prepared.pdf)).toBeUndefined();
    expect(prepared.formAppearancesDrawn).toBe(2);
    const signed = await signPdf(prepared.pdf, { field: 'signer-1', signer: pki.signer, level: 'B-B', certify: true, appearance });
    await expectSignatureShown(signed, sigBox);
    const boxes = widgetBoxes(signed);
    expect([...boxes.keys()].sort()).toEqual(['accord', 'nom']);
    for (const renderer of renderers) {
      const raster = render(signed, renderer);
      for (const [fieldName, box] of boxes) expect(inked(raster, box), `${renderer}: field '${fieldName}' visible`).toBe(true);
    }
    const [sig] = pdfsig(signed, pki);
    expect(sig!.valid && sig!.trusted && sig!.total, sig!.lines.join(' | ')).toBe(true);
    expect(qpdfCheck(signed).status).toBe(0);
    const report = await verifyPdf(signed, { trustedRoots: [pki.ca.rootCertificate], revocation: pki.ca.revocationSource() });
    expect(report.indication).toBe('TOTAL_PASSED');
    expect(report.signatures[0]!.certification).toEqual({ permission: 2 });
  });

  it("without the fix, MuPDF shows LibreOffice's empty text appearance (why the engine draws one)", () => {
    const box = widgetBoxes(libreOffice).get('nom')!;
    expect(inked(render(libreOffice, 'mutool'), box)).toBe(false);
  });
});

/** A synthetic form: text (UTF-16 value, no /AP), multi-line text, a check box whose /AS has no appearance, a combo box, a signature field. */
function syntheticForm(): Buffer {
  const first = firstExtra(1);
  const utf16 = (text: string) => `<FEFF${Buffer.from(text, 'utf16le').swap16().toString('hex')}>`;
  const widget = (n: number, body: string) => `<</Type /Annot /Subtype /Widget /P 3 0 R /F 4 ${body}>>`;
  const objects = [
    widget(0, `/FT /Tx /T (nom) /V ${utf16('Łukasz Żółć')} /Rect [50 700 250 720] /DA (0 0 1 rg /Helv 12 Tf)`),
    widget(1, '/FT /Tx /Ff 4096 /T (adresse) /V (12 rue des Lilas\\n45000 Orl\\351ans) /Rect [50 600 250 660]'),
    widget(2, `/FT /Btn /T (ok) /V /Yes /AS /Yes /Rect [50 560 62 572] /AP <</N <</Off ${first + 5} 0 R /On ${first + 6} 0 R>>>>`),
    widget(3, '/FT /Ch /Ff 131072 /T (ville) /V (Paris) /Opt [(Paris) (Lyon)] /Rect [50 520 200 540]'),
    '<</Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding>>',
    '<</Type /XObject /Subtype /Form /BBox [0 0 12 12] /Length 0>>\nstream\n\nendstream',
    '<</Type /XObject /Subtype /Form /BBox [0 0 12 12] /Length 16>>\nstream\n0 g 2 2 8 8 re f\nendstream',
    widget(7, `/FT /Sig /T (signer-1) /Rect [${sigBox.x} ${sigBox.y} ${sigBox.x + sigBox.width} ${sigBox.y + sigBox.height}]`),
  ];
  const refs = [0, 1, 2, 3, 7].map((i) => `${first + i} 0 R`).join(' ');
  return rawPdf({
    pages: [{ mediaBox: [0, 0, 612, 792] }],
    catalogExtra: `/AcroForm <</Fields [${refs}] /NeedAppearances true /DA (/Helv 0 Tf 0 g) /DR <</Font <</Helv ${first + 4} 0 R>>>>>>`,
    pageExtra: () => `/Annots [${refs}]`,
    objects,
  });
}

describe('/NeedAppearances true (synthetic form)', () => {
  it('prepare draws text, multi-line, combo and check box appearances and removes the flag', async () => {
    const form = syntheticForm();
    expect(qpdfCheck(form).status).toBe(0);
    const prepared = await preparePdf(form, { fields: [] });
    expect(prepared.formAppearancesDrawn).toBe(4);
    expect(needAppearances(prepared.pdf)).toBeUndefined();
    const reader = PdfReader.open(prepared.pdf);
    for (const f of listFields(reader).filter((x) => !x.isSignature)) expect(reader.resolveDict(f.widget.get('AP'))?.has('N'), f.name).toBe(true);
    const ok = listFields(reader).find((f) => f.name === 'ok')!;
    expect(reader.resolveDict(reader.resolveDict(ok.widget.get('AP'))!.get('N'))!.has('Yes')).toBe(true);
    const boxes = widgetBoxes(prepared.pdf);
    for (const renderer of renderers) {
      const raster = render(prepared.pdf, renderer);
      for (const [fieldName, box] of boxes) expect(inked(raster, box), `${renderer}: field '${fieldName}' visible`).toBe(true);
    }
  });

  it('signPdf settles it in the first signature when the file was not prepared', async () => {
    const signed = await signPdf(syntheticForm(), { field: 'signer-1', signer: pki.signer, level: 'B-B', appearance });
    expect(needAppearances(signed)).toBeUndefined();
    await expectSignatureShown(signed, sigBox);
    const [sig] = pdfsig(signed, pki);
    expect(sig!.valid && sig!.total).toBe(true);
  });
});
