import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { verifyCmsSignature, verifyPdf, type PadesLevel } from '../../src/index.ts';
import { PdfReader } from '../../src/pdf/reader.ts';
import { PdfStream } from '../../src/pdf/objects.ts';
import type { TestPki } from './pki.ts';
import {
  embeddedSignatures,
  opensslCmsVerify,
  opensslDataTimestampVerify,
  opensslSignatureTimestampVerify,
  pdfsig,
  qpdfCheck,
  type EmbeddedSignature,
} from './validators.ts';

const LEVELS: PadesLevel[] = ['B-B', 'B-T', 'B-LT', 'B-LTA'];
const atLeast = (level: PadesLevel, wanted: PadesLevel) => LEVELS.indexOf(level) >= LEVELS.indexOf(wanted);

/** pdfsig, OpenSSL (CMS + every time-stamp token) and qpdf on a signed file; returns the embedded signatures. */
export function expectExternallyValid(pdf: Uint8Array, pki: TestPki, options: { endsWithDss?: boolean } = {}): EmbeddedSignature[] {
  const check = qpdfCheck(pdf);
  expect(check.status, check.stdout + check.stderr).toBe(0);
  expect(check.stdout).toContain('No syntax or stream encoding errors found');
  const reported = pdfsig(pdf, pki);
  const embedded = embeddedSignatures(pdf);
  expect(reported.length).toBe(embedded.length);
  for (const s of reported) {
    if (s.type === 'unknown') continue; // document time-stamps: pdfsig cannot validate them (pitfall 11), OpenSSL does below
    expect(s.valid, `${s.field}: ${s.lines.join(' | ')}`).toBe(true);
    expect(s.trusted, `${s.field}: ${s.lines.join(' | ')}`).toBe(true);
  }
  // A B-LT file ends with the DSS revision, which no signature covers (the next document time-stamp will).
  expect(reported[reported.length - 1]!.total, 'last signature covers the whole document').toBe(!options.endsWithDss);
  for (const sig of embedded) {
    if (sig.subFilter === 'ETSI.RFC3161') {
      const ts = opensslDataTimestampVerify(sig.der, sig.signedData, pki);
      expect(ts.status, `document time-stamp ${sig.field}: ${ts.stdout}${ts.stderr}`).toBe(0);
      continue;
    }
    const cms = opensslCmsVerify(sig, pki);
    expect(cms.status, `CMS ${sig.field}: ${cms.stderr}`).toBe(0);
    if (verifyCmsSignature(sig.der, new Uint8Array(32)).signatureTimestamp) {
      const ts = opensslSignatureTimestampVerify(sig, pki);
      expect(ts.status, `signature time-stamp ${sig.field}: ${ts.stdout}${ts.stderr}`).toBe(0);
    }
  }
  return embedded;
}

function stateBefore(pdf: Uint8Array, offset: number): PdfReader {
  const eof = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).lastIndexOf('%%EOF', offset);
  return PdfReader.open(pdf.subarray(0, eof + 5));
}

/** The level checklist of pades.md, on the dictionaries and CMS attributes, for the signature in `field`. */
export function expectPadesChecklist(pdf: Uint8Array, field: string, level: PadesLevel, pki: TestPki): void {
  const embedded = embeddedSignatures(pdf);
  const sig = embedded.find((s) => s.field === field)!;
  expect(sig, `signature ${field}`).toBeDefined();
  const reader = PdfReader.open(pdf);
  const acroForm = reader.resolveDict(reader.catalog().get('AcroForm'));
  expect(acroForm?.get('SigFlags')).toBe(3);
  expect(sig.type).toBe('Sig');
  expect(sig.filter).toBe('Adobe.PPKLite');
  expect(sig.subFilter).toBe('ETSI.CAdES.detached');
  expect(sig.keys).toEqual(expect.arrayContaining(['Type', 'Filter', 'SubFilter', 'ByteRange', 'Contents', 'M']));
  const cms = verifyCmsSignature(sig.der, createHash('sha256').update(sig.signedData).digest());
  expect(cms.integrity).toBe(true);
  expect(cms.errors, 'one signer, exactly one signing-certificate-v2, content-type id-data').toEqual([]);
  expect(cms.hasSigningCertificateV2).toBe(true);
  expect(cms.signingTimeAttribute).toBeUndefined();
  expect(cms.signerCertificate, 'signer certificate included in the CMS').toBeDefined();
  expect(cms.signatureTimestamp !== undefined).toBe(atLeast(level, 'B-T'));
  const dss = reader.resolveDict(reader.catalog().get('DSS'));
  if (atLeast(level, 'B-LT')) {
    expect(dss, 'root /DSS').toBeDefined();
    const certs = reader.resolveArray(dss!.get('Certs')).map((r) => Buffer.from((reader.resolve(r) as PdfStream).data));
    const has = (der: Uint8Array) => certs.some((c) => c.equals(Buffer.from(der)));
    for (const der of [cms.signerCertificate!, ...pki.ca.chain, pki.tsaIdentity.certificate])
      expect(has(der), 'DSS /Certs covers signer and TSA chains').toBe(true);
    const revocations = reader.resolveArray(dss!.get('CRLs')).length + reader.resolveArray(dss!.get('OCSPs')).length;
    expect(revocations).toBeGreaterThan(0);
  }
  const last = embedded[embedded.length - 1]!;
  if (level === 'B-LT') {
    const covered = last.byteRange[2]! + last.byteRange[3]!;
    expect(PdfReader.open(pdf.subarray(0, covered)).catalog().has('DSS'), 'the signature precedes the DSS revision').toBe(false);
  } else expect(last.byteRange[2]! + last.byteRange[3]!).toBe(pdf.length);
  if (level === 'B-LTA') {
    expect(last.type).toBe('DocTimeStamp');
    expect(last.subFilter).toBe('ETSI.RFC3161');
    expect(stateBefore(pdf, last.byteRange[1]!).catalog().has('DSS'), 'the DSS revision precedes the document time-stamp').toBe(true);
  }
}

/** Our own verifier: every signature passes and the one in `field` reaches `level`. */
export async function expectVerified(pdf: Uint8Array, field: string, level: PadesLevel, pki: TestPki): Promise<void> {
  const report = await verifyPdf(pdf, { trustedRoots: [pki.ca.rootCertificate], revocation: pki.ca.revocationSource() });
  expect(report.indication, JSON.stringify(report.signatures.map((s) => [s.fieldName, s.indication, s.errors]))).toBe('TOTAL_PASSED');
  const sig = report.signatures.find((s) => s.fieldName === field)!;
  expect(sig.level).toBe(level);
  expect(sig.integrity && sig.certificateTrusted && !sig.modifiedAfterSigning).toBe(true);
}
