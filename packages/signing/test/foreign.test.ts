import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePdf, signPdf, toPem, verifyPdf } from '../src/index.ts';
import { expectExternallyValid } from './support/pades-checks.ts';
import { addSignatureField } from '../src/pdf/fields.ts';
import { PdfDict, PdfString, name, pdfDate } from '../src/pdf/objects.ts';
import { appendSignedRevision, openRevision, placeholderEntries } from '../src/pdf/placeholder.ts';
import { IncrementalPdf } from '../src/pdf/update.ts';
import { makePdf, qpdfTransform } from './support/documents.ts';
import { createTestPki, type TestPki } from './support/pki.ts';
import { pdfsig, qpdfCheck, run, tempFile } from './support/validators.ts';
import { PdfReader } from '../src/pdf/reader.ts';
import { removeScratch } from './support/scratch.ts';

let pki: TestPki;
afterAll(removeScratch);
beforeAll(async () => {
  pki = await createTestPki();
}, 30_000);

/**
 * A signature laid out the way other tools do it (adbe.pkcs7.detached, /Contents before /ByteRange, CMS made
 * by OpenSSL with its own attribute set including signing-time), in an object-stream file.
 */
async function signWithOpenssl(pdf: Uint8Array): Promise<Uint8Array> {
  const doc = new IncrementalPdf(pdf);
  const update = openRevision(doc);
  const sigRef = update.allocate();
  const fieldRef = addSignatureField(update, { name: 'Signature1', pageRef: update.reader.pageRefs()[0]!, rect: [0, 0, 0, 0] });
  update.edit(fieldRef).set('V', sigRef);
  const [byteRange, contents] = placeholderEntries(8192);
  update.set(
    sigRef,
    new PdfDict([
      ['Type', name('Sig')],
      contents!,
      ['Filter', name('Adobe.PPKLite')],
      ['SubFilter', name('adbe.pkcs7.detached')],
      byteRange!,
      ['M', PdfString.fromText(pdfDate(new Date()))],
    ]),
  );
  const dir = pki.dir;
  const keyPem = join(dir, 'signer2.key');
  writeFileSync(keyPem, pki.signer2.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(join(dir, 'signer2.pem'), toPem(pki.signer2.certificate));
  writeFileSync(join(dir, 'chain.pem'), pki.ca.chain.map((c) => toPem(c)).join(''));
  let signedBytes: Buffer | undefined;
  await appendSignedRevision(doc, update, sigRef, async (_digest, signed) => {
    // OpenSSL needs the data itself, not its digest: the two byte ranges just written.
    signedBytes = Buffer.concat(signed());
    const out = join(dir, `openssl-${Date.now()}.p7s`);
    const r = run('openssl', [
      'cms',
      '-sign',
      '-binary',
      '-outform',
      'DER',
      '-in',
      tempFile(signedBytes, 'data.bin'),
      '-signer',
      join(dir, 'signer2.pem'),
      '-inkey',
      keyPem,
      '-certfile',
      join(dir, 'chain.pem'),
      '-md',
      'sha256',
      '-out',
      out,
    ]);
    if (r.status !== 0) throw new Error(r.stderr);
    return (await import('node:fs')).readFileSync(out);
  });
  expect(signedBytes).toBeDefined();
  return doc.bytes();
}

describe('signatures made by other tools', () => {
  it('verifies an OpenSSL-made adbe.pkcs7.detached signature in an object-stream file', async () => {
    const pdf = await signWithOpenssl(qpdfTransform(await makePdf({ pages: 2 }), ['--object-streams=generate']));
    const [external] = pdfsig(pdf, pki);
    expect(external!.valid && external!.trusted && external!.total).toBe(true);
    const report = await verifyPdf(pdf, { trustedRoots: [pki.ca.rootCertificate], revocation: pki.ca.revocationSource() });
    const [sig] = report.signatures;
    expect(sig).toMatchObject({ fieldName: 'Signature1', subFilter: 'adbe.pkcs7.detached', integrity: true, certificateTrusted: true, level: null });
    expect(sig!.signerName).toBe('Jean Martin');
    expect(report.indication).toBe('TOTAL_PASSED');
  });

  it('without the trusted root the same file is INDETERMINATE, not FAILED', async () => {
    const pdf = await signWithOpenssl(await makePdf());
    const report = await verifyPdf(pdf, { trustedRoots: [] });
    expect(report.signatures[0]!.integrity).toBe(true);
    expect(report.indication).toBe('INDETERMINATE');
  });
});

/** A hybrid-reference file (classic table + /XRefStm, page object inside an object stream), as Word writes them. */
function hybridPdf(): Buffer {
  const parts: Buffer[] = [];
  let length = 0;
  const offsets = new Map<number, number>();
  const add = (text: string | Buffer, num?: number) => {
    if (num !== undefined) offsets.set(num, length);
    const b = typeof text === 'string' ? Buffer.from(text, 'latin1') : text;
    parts.push(b);
    length += b.length;
  };
  add('%PDF-1.5\n');
  add('1 0 obj\n<</Type /Catalog /Pages 2 0 R>>\nendobj\n', 1);
  add('2 0 obj\n<</Type /Pages /Count 1 /Kids [3 0 R]>>\nendobj\n', 2);
  const objStm = '3 0 <</Type /Page /Parent 2 0 R /MediaBox [0 0 300 300]>>';
  add(`5 0 obj\n<</Type /ObjStm /N 1 /First 4 /Length ${objStm.length}>>\nstream\n${objStm}\nendstream\nendobj\n`, 5);
  const row = Buffer.from([2, 0, 0, 0, 5, 0, 0]);
  const xrefStm = length;
  add(`4 0 obj\n<</Type /XRef /W [1 4 2] /Index [3 1] /Size 6 /Length ${row.length}>>\nstream\n`, 4);
  add(row);
  add('\nendstream\nendobj\n');
  const table = length;
  const entry = (n: number) => `${String(offsets.get(n)).padStart(10, '0')} 00000 n\r\n`;
  add(`xref\n0 3\n0000000000 65535 f\r\n${entry(1)}${entry(2)}4 2\n${entry(4)}${entry(5)}`);
  add(`trailer\n<</Size 6 /Root 1 0 R /XRefStm ${xrefStm}>>\nstartxref\n${table}\n%%EOF\n`);
  return Buffer.concat(parts);
}

describe('files from other producers', () => {
  it('prepares, signs and verifies a hybrid-reference file', async () => {
    const hybrid = hybridPdf();
    expect(qpdfCheck(hybrid).status, 'the fixture itself is valid').toBe(0);
    expect(PdfReader.open(hybrid).reconstructed, 'read through its /XRefStm, not rebuilt').toBe(false);
    const prepared = await preparePdf(hybrid, { fields: [{ signerIndex: 0, x: 20, y: 20 }] });
    const pdf = await signPdf(prepared.pdf, { field: 'signer-1', signer: pki.signer, level: 'B-T', tsa: pki.tsa });
    expectExternallyValid(pdf, pki);
    const report = await verifyPdf(pdf, { trustedRoots: [pki.ca.rootCertificate], revocation: pki.ca.revocationSource() });
    expect(report.indication).toBe('TOTAL_PASSED');
  });
});
