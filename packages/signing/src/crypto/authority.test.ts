import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SigningError } from '../errors.ts';
import { createCertificateAuthority, openCertificateAuthority } from './authority.ts';
import { verifyCertificateChain } from './chain.ts';
import { openIdentity, sealIdentity } from './keystore.ts';
import { createTestPki, openssl, TEST_SECRET, type TestPki } from './test-support.ts';
import { describeCertificate } from './verify.ts';
import { parseCertificate, toPem } from './x509.ts';

let pki: TestPki;
beforeAll(async () => {
  pki = await createTestPki();
});
afterAll(() => pki.cleanup());

describe('sealed certificate authority', () => {
  it('survives a JSON round trip and reopens with the same certificates', async () => {
    const copy = JSON.parse(JSON.stringify(pki.sealed));
    const reopened = await openCertificateAuthority(copy, TEST_SECRET);
    expect(Buffer.from(reopened.rootCertificate).equals(Buffer.from(pki.authority.rootCertificate))).toBe(true);
    expect(JSON.stringify(pki.sealed)).not.toContain('PRIVATE');
  });

  it('refuses a wrong encryption key with KEY_DECRYPTION_FAILED', async () => {
    await expect(openCertificateAuthority(pki.sealed, 'wrong key')).rejects.toMatchObject({ code: 'KEY_DECRYPTION_FAILED' });
    const tampered = { ...pki.sealed, rootKey: { ...pki.sealed.rootKey, tag: Buffer.alloc(16).toString('base64') } };
    await expect(openCertificateAuthority(tampered, TEST_SECRET)).rejects.toBeInstanceOf(SigningError);
  });

  it('creates P-256 authorities that OpenSSL accepts', async () => {
    const sealed = await createCertificateAuthority({ name: 'EC Test', encryptionKey: TEST_SECRET, keyAlgorithm: 'P-256' });
    const authority = await openCertificateAuthority(sealed, TEST_SECRET);
    const signer = await authority.issueSignerCertificate({ commonName: 'EC Signer', email: 'ec@example.test' });
    pki.file('ec-root.pem', authority.rootPem);
    pki.file('ec-issuing.pem', authority.issuingPem);
    pki.file('ec-signer.pem', toPem(signer.certificate));
    const result = openssl(['verify', '-CAfile', 'ec-root.pem', '-untrusted', 'ec-issuing.pem', 'ec-signer.pem'], pki.dir);
    expect(result.output).toContain('ec-signer.pem: OK');
  });

  it('seals and reopens a single identity (tenant seal, TSA)', async () => {
    const sealed = await sealIdentity(pki.tsaIdentity, TEST_SECRET);
    const opened = await openIdentity(JSON.parse(JSON.stringify(sealed)), TEST_SECRET);
    expect(Buffer.from(opened.certificate).equals(Buffer.from(pki.tsaIdentity.certificate))).toBe(true);
    await expect(openIdentity(sealed, 'nope')).rejects.toMatchObject({ code: 'KEY_DECRYPTION_FAILED' });
  });
});

describe('issued certificates', () => {
  it('chain to the root according to openssl verify', async () => {
    const seal = await pki.authority.issueSealCertificate({ organizationName: 'Acme SAS', organizationIdentifier: 'VATFR-12345678901', country: 'FR' });
    pki.file('seal.pem', toPem(seal.certificate));
    const result = openssl(['verify', '-CAfile', 'root.pem', '-untrusted', 'issuing.pem', 'signer.pem', 'seal.pem', 'tsa.pem'], pki.dir);
    expect(result.status).toBe(0);
    for (const name of ['signer.pem', 'seal.pem', 'tsa.pem']) expect(result.output).toContain(`${name}: OK`);
    expect(describeCertificate(seal.certificate).subject).toBe('CN=Acme SAS, organizationIdentifier=VATFR-12345678901, O=Acme SAS, C=FR');
  });

  it('gives signers a short-lived certificate with the level-2 policy, no EKU and the publication URLs', () => {
    const text = openssl(['x509', '-in', 'signer.pem', '-noout', '-text'], pki.dir).output;
    expect(text).toContain('Digital Signature, Non Repudiation');
    expect(text).not.toContain('Extended Key Usage');
    expect(text).toContain('Policy: 2.25.18875024402200135173095747549508955649.1.2');
    expect(text).toContain('URI:https://sign.example.test/pki/issuing.crl');
    expect(text).not.toContain('OCSP - URI'); // see profiles.ts: poppler mishandles AIA OCSP
    expect(text).toContain('CA Issuers - URI:https://sign.example.test/pki/issuing.cer');
    expect(text).toContain('email:jeanne@example.test');
    const described = describeCertificate(pki.signer.certificate);
    expect(described).toMatchObject({ commonName: 'Jeanne Dupré', email: 'jeanne@example.test' });
    expect(described.notAfter.getTime() - described.notBefore.getTime()).toBe(65 * 60_000);
  });

  it('refuses subjects that cannot be encoded faithfully', async () => {
    const { authority } = pki;
    await expect(authority.issueSignerCertificate({ commonName: 'X', email: 'not-an-email' })).rejects.toMatchObject({ code: 'CERTIFICATE_INVALID' });
    await expect(authority.issueSignerCertificate({ commonName: ' ', email: 'a@example.test' })).rejects.toMatchObject({ code: 'CERTIFICATE_INVALID' });
    await expect(authority.issueSignerCertificate({ commonName: 'X', email: 'a@example.test', validityMinutes: -5 })).rejects.toMatchObject({
      code: 'CERTIFICATE_INVALID',
    });
    await expect(authority.issueSealCertificate({ organizationName: 'Acme', country: 'France' })).rejects.toMatchObject({ code: 'CERTIFICATE_INVALID' });
  });

  it('gives the TSA exactly one, critical, timeStamping EKU', () => {
    const text = openssl(['x509', '-in', 'tsa.pem', '-noout', '-ext', 'extendedKeyUsage'], pki.dir).output;
    expect(text).toMatch(/X509v3 Extended Key Usage: critical\s+Time Stamping\s*$/);
  });
});

describe('revocation', () => {
  it('publishes CRLs that openssl verifies, listing revoked serials', async () => {
    const victim = await pki.authority.issueSignerCertificate({ commonName: 'Revoked Person', email: 'gone@example.test' });
    const serial = Buffer.from(parseCertificate(victim.certificate).serial).toString('hex');
    pki.authority.revoke(serial, 'keyCompromise');
    pki.file('issuing.crl', pki.authority.crl('issuing'));
    pki.file('root.crl', pki.authority.crl('root'));
    const issuingCrl = openssl(['crl', '-inform', 'DER', '-in', 'issuing.crl', '-CAfile', 'issuing.pem', '-verify', '-noout', '-text'], pki.dir);
    expect(issuingCrl.output).toContain('verify OK');
    expect(issuingCrl.output.toLowerCase()).toContain(serial.toLowerCase());
    expect(issuingCrl.output).toContain('Key Compromise');
    const rootCrl = openssl(['crl', '-inform', 'DER', '-in', 'root.crl', '-CAfile', 'root.pem', '-verify', '-noout'], pki.dir);
    expect(rootCrl.output).toContain('verify OK');
    // the revoked list is plain data the caller persists and passes back
    const reopened = await openCertificateAuthority(pki.sealed, TEST_SECRET, { revocations: pki.authority.revocations });
    expect(reopened.revocations).toEqual(pki.authority.revocations);
  });

  it('answers OCSP: good and revoked responses verified by openssl ocsp', async () => {
    pki.file('good.ocsp', pki.authority.ocspResponse(pki.signer.certificate));
    const good = openssl(['ocsp', '-respin', 'good.ocsp', '-resp_text', '-CAfile', 'root.pem', '-issuer', 'issuing.pem', '-cert', 'signer.pem'], pki.dir);
    expect(good.output).toContain('Response verify OK');
    expect(good.output).toContain('signer.pem: good');

    const victim = await pki.authority.issueSignerCertificate({ commonName: 'Other', email: 'other@example.test' });
    pki.file('victim.pem', toPem(victim.certificate));
    pki.authority.revoke(parseCertificate(victim.certificate).serial, 'superseded');
    pki.file('revoked.ocsp', pki.authority.ocspResponse(victim.certificate));
    const revoked = openssl(['ocsp', '-respin', 'revoked.ocsp', '-CAfile', 'root.pem', '-issuer', 'issuing.pem', '-cert', 'victim.pem'], pki.dir);
    expect(revoked.output).toContain('Response verify OK');
    expect(revoked.output).toContain('victim.pem: revoked');
  });

  it('answers DER OCSP requests made by openssl, echoing the nonce', () => {
    openssl(['ocsp', '-issuer', 'issuing.pem', '-cert', 'signer.pem', '-reqout', 'request.der'], pki.dir);
    const response = pki.authority.respondOcsp(readFileSync(join(pki.dir, 'request.der')));
    pki.file('answer.ocsp', response);
    // -reqin without -cert: openssl then checks the nonce against the request it read (and prints no per-file status)
    const checked = openssl(['ocsp', '-respin', 'answer.ocsp', '-reqin', 'request.der', '-CAfile', 'root.pem', '-resp_text'], pki.dir);
    expect(checked.output).toContain('Response verify OK');
    expect(checked.output).toContain('Cert Status: good');
    expect(checked.output).not.toMatch(/nonce verify error|no nonce/i);
    pki.file('bad.ocsp', pki.authority.respondOcsp(Uint8Array.of(1, 2, 3)));
    expect(openssl(['ocsp', '-respin', 'bad.ocsp', '-resp_text', '-noverify'], pki.dir).output).toContain('malformedrequest');
  });

  it('feeds verifyCertificateChain with CRL + OCSP for every certificate of the chain', async () => {
    const source = pki.authority.revocationSource();
    const [leafData, issuingData, rootData] = await Promise.all([
      source.revocationFor(pki.signer.certificate, pki.authority.issuingCertificate),
      source.revocationFor(pki.authority.issuingCertificate, pki.authority.rootCertificate),
      source.revocationFor(pki.authority.rootCertificate, pki.authority.rootCertificate),
    ]);
    expect(rootData).toEqual({ crls: [], ocsps: [] });
    const revocation = { crls: [...leafData.crls, ...issuingData.crls], ocsps: [...leafData.ocsps, ...issuingData.ocsps] };
    const chain = verifyCertificateChain({
      certificate: pki.signer.certificate,
      candidates: pki.signer.chain,
      trustedRoots: [pki.authority.rootCertificate],
      at: new Date(),
      revocation,
    });
    expect(chain).toMatchObject({ trusted: true, revoked: false, errors: [] });
    expect(chain.path).toHaveLength(3);
  });
});
