import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SigningError } from '../errors.ts';
import { buildSignatureCms } from './cms.ts';
import { loadPkcs12 } from './pkcs12.ts';
import { createTestPki, openssl, type TestPki } from './test-support.ts';
import { describeCertificate, verifyCmsSignature } from './verify.ts';
import { bytesEqual } from './x509.ts';

let pki: TestPki;
const PASSWORD = 'p4ss wörd';
const contentDigest = createHash('sha256').update('content').digest();

beforeAll(async () => {
  pki = await createTestPki();
  pki.file('signer.key', pki.signer.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
  pki.file('ca-chain.pem', pki.authority.issuingPem + pki.authority.rootPem);
});
afterAll(() => pki.cleanup());

function exportP12(name: string, extra: string[]): Uint8Array {
  const result = openssl(
    ['pkcs12', '-export', '-inkey', 'signer.key', '-in', 'signer.pem', '-certfile', 'ca-chain.pem', '-passout', `pass:${PASSWORD}`, '-out', name, ...extra],
    pki.dir,
  );
  expect(result.status, result.output).toBe(0);
  return readFileSync(join(pki.dir, name));
}

describe('loadPkcs12', () => {
  const encodings: Array<[string, string[]]> = [
    ['OpenSSL 3 default (PBES2, AES-256-CBC, HMAC-SHA256 MAC)', []],
    ['classic 3DES (legacy key and certificate PBE, SHA-1 MAC)', ['-legacy', '-keypbe', 'PBE-SHA1-3DES', '-certpbe', 'PBE-SHA1-3DES', '-macalg', 'sha1']],
    ['PBES2 with AES-128 and an unencrypted certificate bag', ['-keypbe', 'AES-128-CBC', '-certpbe', 'NONE']],
  ];

  it.each(encodings)('reads %s and the identity signs', async (_name, options) => {
    const identity = loadPkcs12(exportP12(`${options.length}.p12`, options), PASSWORD);
    expect(bytesEqual(identity.certificate, pki.signer.certificate)).toBe(true);
    expect(identity.chain.map((der) => bytesEqual(der, pki.authority.issuingCertificate))).toEqual([true, false]);
    expect(bytesEqual(identity.chain[1]!, pki.authority.rootCertificate)).toBe(true);
    const cms = await buildSignatureCms({ format: 'PADES', contentDigest, signer: identity });
    expect(verifyCmsSignature(cms, contentDigest).integrity).toBe(true);
  });

  it('rejects a wrong password and a broken file with PKCS12_INVALID', () => {
    const bytes = exportP12('default.p12', []);
    expect(() => loadPkcs12(bytes, 'wrong')).toThrow(expect.objectContaining({ code: 'PKCS12_INVALID', details: { reason: 'WRONG_PASSWORD' } }));
    expect(() => loadPkcs12(bytes.subarray(0, bytes.length - 40), PASSWORD)).toThrow(SigningError);
    expect(() => loadPkcs12(new TextEncoder().encode('not a p12 at all'), PASSWORD)).toThrow(expect.objectContaining({ code: 'PKCS12_INVALID' }));
  });

  it("says why a file holds no usable key (details.reason) and describes the certificate's key usage", () => {
    expect(() => loadPkcs12(exportP12('nokey.p12', ['-nokeys']), PASSWORD)).toThrow(expect.objectContaining({ details: { reason: 'NO_PRIVATE_KEY' } }));
    expect(() => loadPkcs12(exportP12('nocert.p12', ['-nocerts']), PASSWORD)).toThrow(expect.objectContaining({ details: { reason: 'KEY_MISMATCH' } }));
    expect(describeCertificate(pki.signer.certificate).keyUsage).toEqual(['digitalSignature', 'nonRepudiation']);
    expect(describeCertificate(pki.authority.rootCertificate).keyUsage).toEqual(['keyCertSign', 'cRLSign']);
  });

  it('reads the RC2-40 certificate encryption of OpenSSL 1.x / -legacy files', () => {
    const legacy = openssl(
      [
        'pkcs12',
        '-export',
        '-legacy',
        '-inkey',
        'signer.key',
        '-in',
        'signer.pem',
        '-certfile',
        'ca-chain.pem',
        '-passout',
        `pass:${PASSWORD}`,
        '-out',
        'rc2.p12',
      ],
      pki.dir,
    );
    expect(legacy.status, legacy.output).toBe(0);
    expect(openssl(['pkcs12', '-in', 'rc2.p12', '-info', '-noout', '-legacy', '-passin', `pass:${PASSWORD}`], pki.dir).output).toContain(
      'pbeWithSHA1And40BitRC2-CBC',
    );
    const identity = loadPkcs12(readFileSync(join(pki.dir, 'rc2.p12')), PASSWORD);
    expect(bytesEqual(identity.certificate, pki.signer.certificate)).toBe(true);
    expect(identity.chain).toHaveLength(2);
  });
});
