import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePdf, signPdf, verifyPdf } from '../src/index.ts';
import { PdfDict, PdfStream, PdfString, name } from '../src/pdf/objects.ts';
import { PdfReader } from '../src/pdf/reader.ts';
import { PdfUpdate } from '../src/pdf/update.ts';
import { makePdf } from './support/documents.ts';
import { createTestPki, type TestPki } from './support/pki.ts';
import { pdfsig } from './support/validators.ts';
import { removeScratch } from './support/scratch.ts';

let pki: TestPki;
let signed: Uint8Array;

afterAll(removeScratch);
beforeAll(async () => {
  pki = await createTestPki();
  const prepared = await preparePdf(await makePdf({ pages: 2 }), {
    fields: [
      { signerIndex: 0, page: 1 },
      { signerIndex: 1, page: 2 },
    ],
  });
  signed = await signPdf(prepared.pdf, { field: 'signer-1', signer: pki.signer, level: 'B-T', tsa: pki.tsa, certify: true });
}, 30_000);

const verify = (pdf: Uint8Array) => verifyPdf(pdf, { trustedRoots: [pki.ca.rootCertificate], revocation: pki.ca.revocationSource() });

/** Appends a revision made by "another tool": `change` edits page 1 of the current state. */
function appendRevision(pdf: Uint8Array, change: (update: PdfUpdate, page: PdfDict) => void): Uint8Array {
  const update = new PdfUpdate(PdfReader.open(pdf));
  const pageRef = update.reader.pageRefs()[0]!;
  change(update, update.edit(pageRef));
  return Buffer.concat([pdf, update.build(pdf.length, pdf[pdf.length - 1]).bytes]);
}

describe('tampering', () => {
  it('a signed file verifies before any change', async () => {
    expect((await verify(signed)).indication).toBe('TOTAL_PASSED');
  });

  it('one changed byte inside a signed range: pdfsig "Digest Mismatch." and TOTAL_FAILED', async () => {
    const tampered = Buffer.from(signed);
    const at = tampered.indexOf('Contrat de test', 0, 'latin1');
    const target = at > 0 ? at : 12; // inside the first range either way
    tampered[target] = tampered[target]! ^ 0x01;
    const [sig] = pdfsig(tampered, pki);
    expect(sig!.lines).toContain('Signature Validation: Digest Mismatch.');
    const report = await verify(tampered);
    expect(report.indication).toBe('TOTAL_FAILED');
    expect(report.signatures[0]!.integrity).toBe(false);
  });

  it('content drawn on a page in a later revision is reported as modifiedAfterSigning (pdfsig does not notice)', async () => {
    const modified = appendRevision(signed, (update, page) => {
      const drawing = update.add(new PdfStream(new PdfDict(), Buffer.from('q 1 0 0 rg 50 50 200 200 re f Q', 'latin1')));
      const contents = page.get('Contents');
      page.set('Contents', [...(Array.isArray(contents) ? contents : [contents!]), drawing]);
    });
    const [sig] = pdfsig(modified, pki);
    expect(sig!.valid).toBe(true); // pitfall 12: pdfsig only says "Not total document signed"
    expect(sig!.total).toBe(false);
    const report = await verify(modified);
    expect(report.signatures[0]!.modifiedAfterSigning).toBe(true);
    expect(report.signatures[0]!.modifications.join()).toContain('page 1');
    expect(report.indication).toBe('TOTAL_FAILED');
  });

  it('a new non-signature annotation in a later revision is a modification', async () => {
    const modified = appendRevision(signed, (update, page) => {
      const note = update.add(
        new PdfDict([
          ['Type', name('Annot')],
          ['Subtype', name('Text')],
          ['Rect', [10, 10, 30, 30]],
          ['Contents', PdfString.fromText('ajouté après signature')],
        ]),
      );
      const annots = update.reader.resolveArray(page.get('Annots'));
      page.set('Annots', [...annots, note]);
    });
    const report = await verify(modified);
    expect(report.signatures[0]!.modifiedAfterSigning).toBe(true);
  });

  it('filling the next signature field is not a modification', async () => {
    const second = await signPdf(signed, { field: 'signer-2', signer: pki.signer2, level: 'B-B' });
    const report = await verify(second);
    expect(report.signatures.map((s) => s.modifiedAfterSigning)).toEqual([false, false]);
    expect(report.indication).toBe('TOTAL_PASSED');
  });
});
