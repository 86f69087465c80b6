import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDss,
  defaultSignatureFields,
  describeCertificate,
  preparePdf,
  sealPdf,
  signPdf,
  timestampFile,
  timestampPdf,
  verifyCmsSignature,
  verifyPdf,
  verifyTimestampToken,
} from '../src/index.ts';
import { makePdf } from './support/documents.ts';
import { handwritingPng } from './support/images.ts';
import { expectExternallyValid } from './support/pades-checks.ts';
import { createTestPki, type TestPki } from './support/pki.ts';
import { embeddedSignatures, opensslCmsVerify, opensslDataTimestampVerify, pdfsig } from './support/validators.ts';
import { removeScratch } from './support/scratch.ts';

let pki: TestPki;
afterAll(removeScratch);
beforeAll(async () => {
  pki = await createTestPki();
}, 30_000);

describe('a full signing chain', () => {
  it('signer 1 → signer 2 → seal → DSS → document time-stamp keeps every signature valid', async () => {
    const prepared = await preparePdf(await makePdf({ pages: 3 }), {
      fields: defaultSignatureFields(2, true),
      watermark: { text: 'Sans valeur légale — test' },
    });
    expect(prepared.fields.map((f) => f.name)).toEqual(['signer-1', 'signer-2', 'cachet']);
    const date = new Date();
    let pdf = await signPdf(prepared.pdf, {
      field: 'signer-1',
      signer: pki.signer,
      level: 'B-T',
      tsa: pki.tsa,
      certify: true,
      appearance: { signerName: 'Éloïse Dupré', reason: 'Lu et approuvé', location: 'Orléans', date, handwrittenPng: handwritingPng() },
    });
    pdf = await signPdf(pdf, {
      field: 'signer-2',
      signer: pki.signer2,
      level: 'B-T',
      tsa: pki.tsa,
      appearance: { signerName: 'Jean Martin', date, handwrittenPng: handwritingPng(60, 60) },
    });
    pdf = await sealPdf(pdf, { identity: pki.seal, format: 'PADES', level: 'B-T', tsa: pki.tsa, appearance: { signerName: 'ACME SAS', date } });
    pdf = await addDss(pdf, {
      certificates: [pki.signer.certificate, pki.signer2.certificate, pki.seal.certificate, ...pki.ca.chain, pki.tsaIdentity.certificate],
      crls: [pki.ca.crl('issuing'), pki.ca.crl('root')],
      ocsps: [pki.ca.ocspResponse(pki.signer.certificate)],
    });
    pdf = await timestampPdf(pdf, { tsa: pki.tsa });

    const embedded = expectExternallyValid(pdf, pki);
    expect(embedded.map((s) => s.field)).toEqual(['signer-1', 'signer-2', 'cachet', 'timestamp-1']);
    const report = await verifyPdf(pdf, { trustedRoots: [pki.ca.rootCertificate] });
    expect(report.indication, JSON.stringify(report.signatures.map((s) => s.errors))).toBe('TOTAL_PASSED');
    expect(report.signatures.map((s) => [s.fieldName, s.type, s.level, s.modifiedAfterSigning])).toEqual([
      ['signer-1', 'signature', 'B-LTA', false],
      ['signer-2', 'signature', 'B-LTA', false],
      ['cachet', 'signature', 'B-LTA', false],
      ['timestamp-1', 'document-timestamp', null, false],
    ]);
    expect(report.signatures[0]!.certification).toEqual({ permission: 2 });
    expect(report.signatures[0]!.signerName).toBe('Éloïse Dupré');
    expect(report.signatures[3]!.coversWholeDocument).toBe(true);
    expect(report.dss).toEqual({ certificates: 6, crls: 2, ocsps: 1 });
  });
});

describe('seal formats', () => {
  it.each([
    ['PADES', 'ETSI.CAdES.detached', true, false],
    ['PADES-COMP', 'adbe.pkcs7.detached', true, false],
    ['ISO-32000-1', 'adbe.pkcs7.detached', false, true],
  ] as const)('%s → /SubFilter %s', async (format, subFilter, signingCertificateV2, signingTime) => {
    // No prepared stamp field: the seal goes into a new invisible field.
    const pdf = await sealPdf(await makePdf(), { identity: pki.seal, format, level: 'B-T', tsa: pki.tsa });
    const [sig] = embeddedSignatures(pdf);
    expect(sig!.field).toBe('cachet');
    expect(sig!.subFilter).toBe(subFilter);
    const cms = verifyCmsSignature(sig!.der, new Uint8Array(32));
    expect(cms.hasSigningCertificateV2).toBe(signingCertificateV2);
    expect(cms.signingTimeAttribute !== undefined).toBe(signingTime);
    expect(cms.signatureTimestamp).toBeDefined();
    expectExternallyValid(pdf, pki);
    const report = await verifyPdf(pdf, { trustedRoots: [pki.ca.rootCertificate], revocation: pki.ca.revocationSource() });
    expect(report.indication).toBe('TOTAL_PASSED');
    expect(report.signatures[0]!.level).toBe(format === 'PADES' ? 'B-T' : null);
  });

  it('fills the prepared stamp field when there is one', async () => {
    const prepared = await preparePdf(await makePdf(), { fields: [{ signerIndex: -1, x: 400, y: 50 }] });
    const pdf = await sealPdf(prepared.pdf, { identity: pki.seal, format: 'PADES', level: 'B-LTA', tsa: pki.tsa, revocation: pki.ca.revocationSource() });
    expect(embeddedSignatures(pdf).map((s) => s.field)).toEqual(['cachet', 'timestamp-1']);
    expectExternallyValid(pdf, pki);
  });
});

describe('time-stamps', () => {
  it('timestampPdf adds a document time-stamp revision', async () => {
    const original = await makePdf();
    const pdf = await timestampPdf(original, { tsa: pki.tsa });
    expect(Buffer.from(pdf.subarray(0, original.length)).equals(Buffer.from(original))).toBe(true);
    const [ts] = embeddedSignatures(pdf);
    expect([ts!.type, ts!.subFilter]).toEqual(['DocTimeStamp', 'ETSI.RFC3161']);
    expect(opensslDataTimestampVerify(ts!.der, ts!.signedData, pki).status).toBe(0);
    expect(pdfsig(pdf, pki)[0]!.total).toBe(true);
    const report = await verifyPdf(pdf, { trustedRoots: [pki.ca.rootCertificate] });
    expect(report.indication).toBe('TOTAL_PASSED');
    expect(report.signatures[0]!.type).toBe('document-timestamp');
  });

  it('timestampFile returns a detached RFC 3161 token that openssl accepts', async () => {
    const file = Buffer.from('any file at all, not only PDF — données');
    const token = await timestampFile(file, { tsa: pki.tsa });
    const check = opensslDataTimestampVerify(token, file, pki);
    expect(check.status, check.stderr).toBe(0);
    expect(verifyTimestampToken(token, { data: file }).valid).toBe(true);
    expect(opensslDataTimestampVerify(token, Buffer.from('other'), pki).status).not.toBe(0);
  });
});

describe('signing errors', () => {
  it('refuses B-T without a TSA, unknown or signed fields, and a too small placeholder', async () => {
    const prepared = await preparePdf(await makePdf(), { fields: [{ signerIndex: 0 }] });
    const field = prepared.fields[0]!.name;
    await expect(signPdf(prepared.pdf, { field, signer: pki.signer, level: 'B-T' })).rejects.toMatchObject({ code: 'TSA_UNAVAILABLE' });
    await expect(signPdf(prepared.pdf, { field: 'nope', signer: pki.signer, level: 'B-B' })).rejects.toMatchObject({ code: 'PDF_FIELD_NOT_FOUND' });
    await expect(signPdf(prepared.pdf, { field, signer: pki.signer, level: 'B-B', placeholderBytes: 200 })).rejects.toMatchObject({
      code: 'PDF_PLACEHOLDER_TOO_SMALL',
    });
    const signed = await signPdf(prepared.pdf, { field, signer: pki.signer, level: 'B-B' });
    await expect(signPdf(signed, { field, signer: pki.signer, level: 'B-B' })).rejects.toMatchObject({ code: 'PDF_FIELD_ALREADY_SIGNED' });
    expect(opensslCmsVerify(embeddedSignatures(signed)[0]!, pki).status).toBe(0);
  });
});

describe('long-term validation across signatures', () => {
  it('a B-LTA signature brings the earlier signatures to B-LTA too (the DSS covers every chain)', async () => {
    const prepared = await preparePdf(await makePdf(), { fields: defaultSignatureFields(2) });
    let pdf = await signPdf(prepared.pdf, { field: 'signer-1', signer: pki.signer, level: 'B-T', tsa: pki.tsa, certify: true });
    pdf = await signPdf(pdf, { field: 'signer-2', signer: pki.signer2, level: 'B-LTA', tsa: pki.tsa, revocation: pki.ca.revocationSource() });
    expectExternallyValid(pdf, pki);
    const report = await verifyPdf(pdf, { trustedRoots: [pki.ca.rootCertificate] });
    expect(report.signatures.map((s) => s.level)).toEqual(['B-LTA', 'B-LTA', null]);
    expect(report.indication).toBe('TOTAL_PASSED');
  });

  it('a revoked signer certificate fails a signature that has no time-stamp proving it was made before', async () => {
    const sealed = await createTestPki();
    const prepared = await preparePdf(await makePdf(), { fields: defaultSignatureFields(1) });
    const pdf = await signPdf(prepared.pdf, { field: 'signer-1', signer: sealed.signer, level: 'B-B' });
    const options = { trustedRoots: [sealed.ca.rootCertificate], revocation: sealed.ca.revocationSource() };
    expect((await verifyPdf(pdf, options)).indication).toBe('TOTAL_PASSED');
    sealed.ca.revoke(describeCertificate(sealed.signer.certificate).serialHex, 'keyCompromise');
    const report = await verifyPdf(pdf, options);
    expect(report.signatures[0]!.revocation).toBe('revoked');
    expect(report.indication).toBe('TOTAL_FAILED');
  });
});
