import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { namedDestinations, preparePdf, signPdf, SigningError, splitPdf, splitPdfAtDestinations } from '../src/index.ts';
import { expectExternallyValid } from './support/pades-checks.ts';
import { createTestPki } from './support/pki.ts';
import { changedBox, render } from './support/render.ts';
import { PdfReader } from '../src/pdf/reader.ts';
import { qpdfTransform } from './support/documents.ts';
import { run, tempFile } from './support/validators.ts';

/**
 * A five-page document as an office suite writes a merged mail-merge: the font and the page size inherited from the
 * page tree, named destinations both in the catalog's /Dests and in the /Names tree, an outline, and links from the
 * first page to the second (same record) and to the fourth (another record).
 */
function fivePages(): Buffer {
  const pages = [0, 1, 2, 3, 4];
  const pageNum = (i: number) => 10 + i * 2;
  const objects = new Map<number, string>([
    [1, `<</Type /Catalog /Pages 2 0 R /Dests 3 0 R /Names <</Dests 4 0 R>> /Outlines 5 0 R /PageMode /UseOutlines>>`],
    [2, `<</Type /Pages /Count 5 /Kids [${pages.map((i) => `${pageNum(i)} 0 R`).join(' ')}] /MediaBox [0 0 300 200] /Resources <</Font <</F1 6 0 R>>>>>>`],
    [3, `<</record-0 [${pageNum(0)} 0 R /XYZ 0 200 0] /record-1 <</D [${pageNum(2)} 0 R /Fit]>>>>`],
    [4, `<</Kids [7 0 R]>>`],
    [5, `<</Type /Outlines /First 8 0 R /Last 8 0 R /Count 1>>`],
    [6, `<</Type /Font /Subtype /Type1 /BaseFont /Helvetica>>`],
    [7, `<</Limits [(record-2) (record-2)] /Names [(record-2) [${pageNum(3)} 0 R /XYZ 0 200 0]]>>`],
    [8, `<</Title (Record 2) /Parent 5 0 R /Dest [${pageNum(3)} 0 R /Fit]>>`],
    [
      9,
      `[<</Type /Annot /Subtype /Link /Rect [0 0 50 50] /Dest [${pageNum(1)} 0 R /Fit]>> <</Type /Annot /Subtype /Link /Rect [60 0 110 50] /Dest [${pageNum(3)} 0 R /Fit]>>]`,
    ],
  ]);
  for (const i of pages) {
    const content = `BT /F1 24 Tf 20 100 Td (Page ${i + 1}) Tj ET`;
    objects.set(pageNum(i), `<</Type /Page /Parent 2 0 R /Contents ${pageNum(i) + 1} 0 R${i === 0 ? ' /Annots 9 0 R' : ''}>>`);
    objects.set(pageNum(i) + 1, `<</Length ${content.length}>>\nstream\n${content}\nendstream`);
  }
  let out = '%PDF-1.6\n%\xe2\xe3\xcf\xd3\n';
  const offsets = new Map<number, number>();
  const size = Math.max(...objects.keys()) + 1;
  for (let num = 1; num < size; num++) {
    offsets.set(num, Buffer.byteLength(out, 'latin1'));
    out += `${num} 0 obj\n${objects.get(num)}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${size}\n0000000000 65535 f\r\n`;
  for (let num = 1; num < size; num++) out += `${String(offsets.get(num)).padStart(10, '0')} 00000 n\r\n`;
  out += `trailer\n<</Size ${size} /Root 1 0 R /Info <</Producer (LibreOffice 7.4) /Title (Letters)>>>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const text = (pdf: Uint8Array) =>
  run('pdftotext', ['-layout', tempFile(pdf, 'part.pdf'), '-'])
    .stdout.trim()
    .split('\f')
    .map((page) => page.trim());

describe('splitPdf: one PDF cut into parts of consecutive pages', () => {
  it('finds the named destinations in the catalog and in the name tree', () => {
    expect(Object.fromEntries(namedDestinations(fivePages()))).toEqual({ 'record-0': 0, 'record-1': 2, 'record-2': 3 });
  });

  it('cuts at the destinations: each part a complete PDF with its own pages, inherited attributes written on them', () => {
    const parts = splitPdfAtDestinations(fivePages(), ['record-0', 'record-1', 'record-2']);
    expect(parts.map((p) => p.pageCount)).toEqual([2, 1, 2]);
    expect(parts.map((p) => text(p.bytes).filter(Boolean))).toEqual([['Page 1', 'Page 2'], ['Page 3'], ['Page 4', 'Page 5']]);
    for (const part of parts) {
      expect(run('qpdf', ['--check', tempFile(part.bytes, 'part.pdf')]).status, 'qpdf finds no error').toBe(0);
      const reader = PdfReader.open(part.bytes);
      const page = reader.getDict(reader.pageRefs()[0]!);
      expect(reader.resolveArray(page.get('MediaBox')), 'the inherited page size is on the page').toEqual([0, 0, 300, 200]);
      expect(reader.resolveDict(page.get('Resources'))?.has('Font'), 'and so are the inherited resources').toBe(true);
      const catalog = reader.catalog();
      expect([...catalog.entries.keys()].sort(), 'nothing document-wide of the whole: no outline, no destinations').toEqual(['Pages', 'Type']);
      expect(reader.resolveDict(reader.trailer.get('Info'))?.get('Producer')).toBeDefined();
      expect(part.sha256).toBe(createHash('sha256').update(part.bytes).digest('hex'));
    }
  });

  it('keeps a link to a page of the same part and drops the page of another part', () => {
    const [first] = splitPdfAtDestinations(fivePages(), ['record-0', 'record-1']);
    const reader = PdfReader.open(first!.bytes);
    const [page1, page2] = reader.pageRefs();
    const links = reader.resolveArray(reader.getDict(page1!).get('Annots')).map((a) => reader.resolveDict(a)!);
    expect(reader.resolveArray(links[0]!.get('Dest'))[0], 'to page 2, in this part').toEqual(page2);
    expect(reader.resolveArray(links[1]!.get('Dest'))[0], 'to page 4, in another part').toBeNull();
  });

  it('reads object streams and cross-reference streams (a PDF 1.5 file) the same way', () => {
    const compressed = qpdfTransform(fivePages(), ['--object-streams=generate']);
    const parts = splitPdf(compressed, [0, 1, 4]);
    expect(parts.map((p) => text(p.bytes).filter(Boolean))).toEqual([['Page 1'], ['Page 2', 'Page 3', 'Page 4'], ['Page 5']]);
  });

  it('cuts a merged mail-merge PDF as LibreOffice writes it: five one-page records, each with its own header and page 1', () => {
    const merged = readFileSync(join(import.meta.dirname, 'fixtures/merged-records-libreoffice.pdf'));
    const parts = splitPdfAtDestinations(
      merged,
      [0, 1, 2, 3, 4].map((r) => `paraphe-record-${r}`),
    );
    expect(parts.map((p) => p.pageCount)).toEqual([1, 1, 1, 1, 1]);
    parts.forEach((part, r) => {
      const [page] = text(part.bytes);
      expect(page).toContain(`Dossier ref-${r}`);
      expect(page).toContain(`Bonjour name-${r}`);
      expect(page).toMatch(/Page 1$/);
      expect(run('qpdf', ['--check', tempFile(part.bytes, 'part.pdf')]).status).toBe(0);
    });
    // Each part carries the fonts its pages use (most of a one-page letter's bytes), not the other pages.
    expect(parts[1]!.bytes.length).toBeLessThan(merged.length);
  });

  it("checks each part's start against the end of the part before when the ends are named, and leaves out what follows the last end", () => {
    const parts = splitPdfAtDestinations(fivePages(), ['record-0', 'record-2'], { endNames: ['record-1', 'record-2'] });
    expect(parts.map((p) => text(p.bytes).filter(Boolean))).toEqual([['Page 1', 'Page 2', 'Page 3'], ['Page 4']]);
    // A start one page off (page 3 where the end before is on page 1) is refused, never cut.
    expect(() => splitPdfAtDestinations(fivePages(), ['record-0', 'record-1'], { endNames: ['record-0', 'record-2'] })).toThrow(/do not follow each other/);
    expect(() => splitPdfAtDestinations(fivePages(), ['record-0', 'record-2'], { endNames: ['record-2', 'record-2'] })).toThrow(/do not follow each other/);
  });

  it('gives a cut copy that signs at B-T like any PDF: pdfsig, OpenSSL and qpdf accept it, both renderers draw the field', async () => {
    const merged = readFileSync(join(import.meta.dirname, 'fixtures/merged-records-libreoffice.pdf'));
    const [, second] = splitPdfAtDestinations(
      merged,
      [0, 1, 2, 3, 4].map((r) => `paraphe-record-${r}`),
    );
    const pki = await createTestPki();
    const prepared = await preparePdf(second!.bytes, { fields: [{ page: 1, x: 300, y: 80, signerIndex: 0 }] });
    const signed = await signPdf(prepared.pdf, {
      field: prepared.fields[0]!.name,
      signer: pki.signer,
      level: 'B-T',
      tsa: pki.tsa,
      appearance: { signerName: 'Zoé Martin', date: new Date() },
    });
    expectExternallyValid(signed, pki);
    for (const renderer of ['pdftoppm', 'mutool'] as const) {
      const drawn = changedBox(render(second!.bytes, renderer), render(signed, renderer));
      expect(drawn, `${renderer}: the field is drawn`).toBeDefined();
      // Placed at x = 300 pt from the left (72 dpi renders: a pixel is a point); nothing else on the page changed.
      expect(drawn!.x, renderer).toBeGreaterThanOrEqual(298);
      expect(drawn!.x + drawn!.width, renderer).toBeLessThanOrEqual(300 + prepared.fields[0]!.box.width + 2);
    }
  }, 60_000);

  it('refuses a missing destination and parts out of page order (PDF_INVALID: the caller converts one by one)', () => {
    const refused = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return error instanceof SigningError ? error.code : error;
      }
      return 'no error';
    };
    expect(refused(() => splitPdfAtDestinations(fivePages(), ['record-0', 'record-9']))).toBe('PDF_INVALID');
    expect(refused(() => splitPdfAtDestinations(fivePages(), ['record-1', 'record-0']))).toBe('PDF_INVALID');
    expect(refused(() => splitPdf(fivePages(), [0, 2, 2]))).toBe('PDF_INVALID');
    expect(refused(() => splitPdf(fivePages(), [1]))).toBe('PDF_INVALID');
    expect(refused(() => splitPdf(fivePages(), [0, 5]))).toBe('PDF_INVALID');
  });
});
