import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivePdf, defaultSignatureFields, preparePdf, signPdf, verifyPdf } from '../src/index.ts';
import { makePdf } from './support/documents.ts';
import { expectExternallyValid } from './support/pades-checks.ts';
import { createTestPki, type TestPki } from './support/pki.ts';
import { embeddedSignatures } from './support/validators.ts';
import { removeScratch } from './support/scratch.ts';

let pki: TestPki;
afterAll(removeScratch);
beforeAll(async () => {
  pki = await createTestPki();
});

describe('archivePdf', () => {
  it('brings every B-T signature of a finished document to B-LTA: one DSS revision, then a document time-stamp', async () => {
    const prepared = await preparePdf(await makePdf(), { fields: defaultSignatureFields(2) });
    let pdf = await signPdf(prepared.pdf, { field: prepared.fields[0]!.name, signer: pki.signer, level: 'B-T', tsa: pki.tsa, certify: true });
    pdf = await signPdf(pdf, { field: prepared.fields[1]!.name, signer: pki.signer2, level: 'B-T', tsa: pki.tsa });
    const archived = await archivePdf(pdf, { tsa: pki.tsa, revocation: pki.ca.revocationSource() });
    expect(Buffer.from(archived.subarray(0, pdf.length)).equals(Buffer.from(pdf))).toBe(true);
    expect(embeddedSignatures(archived).map((s) => s.subFilter)).toEqual(['ETSI.CAdES.detached', 'ETSI.CAdES.detached', 'ETSI.RFC3161']);
    const report = await verifyPdf(archived, { trustedRoots: [pki.ca.rootCertificate] });
    expect(report.indication).toBe('TOTAL_PASSED');
    expect(report.signatures.slice(0, 2).map((s) => s.level)).toEqual(['B-LTA', 'B-LTA']);
    expect(report.dss?.ocsps).toBeGreaterThan(0);
    expectExternallyValid(archived, pki);
  });

  it('refuses without a time-stamping authority', async () => {
    await expect(archivePdf(await makePdf(), { tsa: undefined as never, revocation: pki.ca.revocationSource() })).rejects.toMatchObject({
      code: 'TSA_UNAVAILABLE',
    });
  });
});
