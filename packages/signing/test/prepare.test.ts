import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSignatureFields, preparePdf, signPdf, verifyPdf } from '../src/index.ts';
import { PdfReader } from '../src/pdf/reader.ts';
import { listFields } from '../src/pdf/fields.ts';
import { makePdf, qpdfTransform } from './support/documents.ts';
import { createTestPki, type TestPki } from './support/pki.ts';
import { qpdfCheck, run, tempFile } from './support/validators.ts';
import { removeScratch } from './support/scratch.ts';

let pki: TestPki;
let threePages: Uint8Array;
afterAll(removeScratch);
beforeAll(async () => {
  pki = await createTestPki();
  threePages = await makePdf({ pages: 3 });
}, 30_000);

describe('preparePdf', () => {
  it('spreads default fields across 415 units from x=70, y=70 on the last page (spec §5)', () => {
    const fields = defaultSignatureFields(2, true);
    expect(fields.map((f) => [f.signerIndex, f.page, Math.round(f.x!), f.y])).toEqual([
      [0, -1, 70, 70],
      [1, -1, 208, 70],
      [-1, -1, 347, 70],
    ]);
    expect(defaultSignatureFields(1)[0]).toMatchObject({ x: 70, y: 70, page: -1 });
  });

  it('adds one widget per field with unique names, SigFlags 3, as an incremental update', async () => {
    const result = await preparePdf(threePages, {
      fields: [
        { signerIndex: 0, page: 1, x: 10, y: 20 },
        { signerIndex: 1 }, // missing x/y → 0, page → last
        { signerIndex: 1, name: 'signer-2' }, // clash → made unique
        { signerIndex: -1 },
        { signerIndex: -1 },
      ],
    });
    expect(result.fields.map((f) => [f.name, f.page, f.rect[0], f.rect[1]])).toEqual([
      ['signer-1', 1, 10, 20],
      ['signer-2', 3, 0, 0],
      ['signer-2-2', 3, 0, 0],
      ['cachet', 3, 0, 0],
      ['cachet-2', 3, 0, 0],
    ]);
    expect(Buffer.from(result.pdf.subarray(0, threePages.length)).equals(Buffer.from(threePages))).toBe(true);
    const reader = PdfReader.open(result.pdf);
    expect(reader.resolveDict(reader.catalog().get('AcroForm'))!.get('SigFlags')).toBe(3);
    expect(listFields(reader).map((f) => f.name)).toEqual(result.fields.map((f) => f.name));
    const lastPage = reader.resolveDict(reader.pageRefs()[2])!;
    expect(reader.resolveArray(lastPage.get('Annots'))).toHaveLength(4);
    expect(qpdfCheck(result.pdf).status).toBe(0);
  });

  it('draws the test watermark on every page (visible to text extraction)', async () => {
    const { pdf } = await preparePdf(threePages, { fields: [], watermark: { text: 'Sans valeur légale — test' } });
    // -raw keeps the diagonal text in content order; drop the line breaks it puts between glyph runs.
    const text = run('pdftotext', ['-raw', '-enc', 'UTF-8', tempFile(pdf, 'wm.pdf'), '-']).stdout.replace(/\s+/g, '');
    expect(text.match(/Sansvaleurlégale—test/g)).toHaveLength(3);
    expect(qpdfCheck(pdf).status).toBe(0);
  });

  it('draws a watermark in Greek and German as text a reader extracts (the test-mode words follow the request language)', async () => {
    for (const words of ['ΔΟΚΙΜΑΣΤΙΚΗ ΛΕΙΤΟΥΡΓΙΑ — χωρίς νομική ισχύ', 'TESTMODUS — ohne Rechtswirkung']) {
      const { pdf } = await preparePdf(threePages, { fields: [], watermark: { text: words } });
      const text = run('pdftotext', ['-raw', '-enc', 'UTF-8', tempFile(pdf, 'wm-lang.pdf'), '-']).stdout.replace(/\s+/g, '');
      expect(text.split(words.replace(/\s+/g, '')).length - 1).toBe(3);
    }
  });

  it('keeps object-stream files as xref-stream updates that qpdf accepts', async () => {
    const compact = qpdfTransform(threePages, ['--object-streams=generate']);
    const { pdf } = await preparePdf(compact, { fields: defaultSignatureFields(1), watermark: { text: 'TEST' } });
    expect(PdfReader.open(pdf).lastXrefIsStream).toBe(true);
    expect(qpdfCheck(pdf).status).toBe(0);
  });

  it('repairs a damaged file (wrong /Length, shifted cross-reference) once, before the first signature: qpdf finds the signed file clean', async () => {
    const plain = Buffer.from(qpdfTransform(threePages, ['--object-streams=disable', '--stream-data=preserve'])).toString('latin1');
    // A /Length off by a few bytes (same width, so the offsets stay right), then 40 bytes inserted after the header:
    // every cross-reference offset now points 40 bytes too early.
    const wrongLength = plain.replace(/\/Length (\d+)/, (_, n: string) => `/Length ${n.slice(0, -1)}${(Number(n.at(-1)) + 3) % 10}`);
    const firstLine = wrongLength.indexOf('\n') + 1;
    const damaged = Buffer.from(`${wrongLength.slice(0, firstLine)}% 38 bytes a broken tool put here ...\n${wrongLength.slice(firstLine)}`, 'latin1');
    const before = qpdfCheck(damaged);
    expect(before.stdout + before.stderr).toMatch(/WARNING/);

    const prepared = await preparePdf(damaged, { fields: [{ signerIndex: 0 }] });
    expect(prepared.repaired).toEqual(['the cross-reference table was damaged (rebuilt by scanning the file)', '1 stream had a wrong /Length']);
    const signed = await signPdf(prepared.pdf, { field: 'signer-1', signer: pki.signer, level: 'B-B' });
    const after = qpdfCheck(signed);
    expect(after.status, after.stdout + after.stderr).toBe(0);
    expect(after.stdout + after.stderr).not.toMatch(/WARNING/);
    const report = await verifyPdf(signed, { trustedRoots: [pki.ca.rootCertificate], revocation: pki.ca.revocationSource() });
    expect(report.signatures[0]).toMatchObject({ integrity: true, modifiedAfterSigning: false });
    // The same pages and text as the original: the rewrite changes the file, not the document.
    const textOf = (pdf: Uint8Array) => run('pdftotext', [tempFile(pdf, 'text.pdf'), '-']).stdout;
    expect(textOf(signed)).toBe(textOf(threePages));
    // A sound file is left byte for byte.
    expect((await preparePdf(threePages, { fields: [{ signerIndex: 0 }] })).repaired).toEqual([]);
  });

  it('refuses a watermark on a signed document, but may add fields incrementally', async () => {
    const first = await preparePdf(threePages, { fields: [{ signerIndex: 0 }] });
    const signed = await signPdf(first.pdf, { field: 'signer-1', signer: pki.signer, level: 'B-B' });
    await expect(preparePdf(signed, { fields: [], watermark: { text: 'x' } })).rejects.toMatchObject({ code: 'PDF_MODIFICATION_FORBIDDEN' });
    const more = await preparePdf(signed, { fields: [{ signerIndex: 1 }] });
    expect(more.fields[0]!.name).toBe('signer-2');
    const report = await verifyPdf(more.pdf, { trustedRoots: [pki.ca.rootCertificate], revocation: pki.ca.revocationSource() });
    expect(report.signatures[0]!.modifiedAfterSigning).toBe(false);
    const certified = await signPdf(first.pdf, { field: 'signer-1', signer: pki.signer, level: 'B-B', certify: true });
    await expect(preparePdf(certified, { fields: [{ signerIndex: 1 }] })).rejects.toMatchObject({ code: 'PDF_MODIFICATION_FORBIDDEN' });
  });

  it('keeps the field names it is given (accents, spaces), makes duplicates unique, names the others by default', async () => {
    const result = await preparePdf(threePages, {
      fields: [
        { signerIndex: 0, name: 'Signature de Éloïse Dupré' },
        { signerIndex: 1, name: 'Signature de Éloïse Dupré' },
        { signerIndex: 2, name: 'client.final' },
        { signerIndex: 3 },
        { signerIndex: -1, name: 'Cachet ACME' },
      ],
    });
    const names = ['Signature de Éloïse Dupré', 'Signature de Éloïse Dupré-2', 'client_final', 'signer-4', 'Cachet ACME'];
    expect(result.fields.map((f) => f.name)).toEqual(names);
    expect(listFields(PdfReader.open(result.pdf)).map((f) => f.name)).toEqual(names);
    const signed = await signPdf(result.pdf, { field: 'Signature de Éloïse Dupré', signer: pki.signer, level: 'B-B' });
    expect((await verifyPdf(signed, { trustedRoots: [pki.ca.rootCertificate] })).signatures[0]!.fieldName).toBe('Signature de Éloïse Dupré');
  });

  it('rejects pages that do not exist', async () => {
    await expect(preparePdf(threePages, { fields: [{ signerIndex: 0, page: 4 }] })).rejects.toMatchObject({ code: 'UNSUPPORTED' });
  });
});
