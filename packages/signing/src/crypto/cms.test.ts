import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { verifyCertificateChain } from './chain.ts';
import { parseSignedData } from './cms-parse.ts';
import { buildSignatureCms } from './cms.ts';
import { raw } from './der.ts';
import { OID } from './oids.ts';
import { createTestPki, openssl, type TestPki } from './test-support.ts';
import { createLocalTsa, type LocalTsa } from './tsa.ts';
import type { SignatureFormat } from './types.ts';
import { parseCertificate } from './x509.ts';
import { verifyCmsSignature, verifyTimestampToken } from './verify.ts';

let pki: TestPki;
let tsa: LocalTsa;
const content = Buffer.from('%PDF-1.7 … the signed byte ranges of a one-page document …');
const contentDigest = createHash('sha256').update(content).digest();

beforeAll(async () => {
  pki = await createTestPki();
  tsa = createLocalTsa({ identity: pki.tsaIdentity });
  pki.file('data.bin', content);
});
afterAll(() => pki.cleanup());

const formats: SignatureFormat[] = ['PADES', 'PADES-COMP', 'ISO-32000-1'];

describe.each(formats)('%s CMS', (format) => {
  it('verifies with openssl cms over the detached content', async () => {
    const cms = await buildSignatureCms({ format, contentDigest, signer: pki.signer, signingTime: new Date() });
    pki.file(`${format}.der`, cms);
    const result = openssl(
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        `${format}.der`,
        '-content',
        'data.bin',
        '-CAfile',
        'root.pem',
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ],
      pki.dir,
    );
    expect(result.output).toContain('Verification successful');
  });

  it('carries the attributes its format requires', async () => {
    const cms = await buildSignatureCms({ format, contentDigest, signer: pki.signer, signingTime: new Date('2026-01-02T03:04:05Z') });
    const [info] = parseSignedData(cms).signerInfos;
    const essCount = info!.attributes.get(OID.signingCertificateV2)?.length ?? 0;
    expect(essCount).toBe(format === 'ISO-32000-1' ? 0 : 1);
    expect(info!.attributes.has(OID.signingTime)).toBe(format === 'ISO-32000-1');
    expect(info!.unsignedAttributes.size).toBe(0);
    const verification = verifyCmsSignature(cms, contentDigest);
    expect(verification).toMatchObject({ integrity: true, hasSigningCertificateV2: format !== 'ISO-32000-1', errors: [] });
    expect(verification.signerSubject).toContain('CN=Jeanne Dupré');
    expect(verification.certificates).toHaveLength(3);
    if (format === 'ISO-32000-1') expect(verification.signingTimeAttribute?.toISOString()).toBe('2026-01-02T03:04:05.000Z');
  });
});

describe('B-T signatures', () => {
  it('embed a signature time-stamp over the signature value that openssl ts accepts', async () => {
    const cms = await buildSignatureCms({ format: 'PADES', contentDigest, signer: pki.signer, tsa });
    pki.file('bt.der', cms);
    expect(
      openssl(
        ['cms', '-verify', '-binary', '-inform', 'DER', '-in', 'bt.der', '-content', 'data.bin', '-CAfile', 'root.pem', '-purpose', 'any', '-out', '/dev/null'],
        pki.dir,
      ).output,
    ).toContain('Verification successful');
    const [info] = parseSignedData(cms).signerInfos;
    const tokens = info!.unsignedAttributes.get(OID.signatureTimeStampToken);
    expect(tokens).toHaveLength(1);
    pki.file('bt-token.der', raw(tokens![0]![0]!));
    const signatureDigest = createHash('sha256').update(info!.signature).digest('hex');
    const result = openssl(
      ['ts', '-verify', '-digest', signatureDigest, '-token_in', '-in', 'bt-token.der', '-CAfile', 'root.pem', '-untrusted', 'tsa-chain.pem'],
      pki.dir,
    );
    expect(result.output).toContain('Verification: OK');

    const verification = verifyCmsSignature(cms, contentDigest);
    expect(verification.integrity).toBe(true);
    expect(verification.signatureTimestamp).toMatchObject({ valid: true, errors: [] });
    expect(verification.signatureTimestamp?.tsaSubject).toContain('Time-Stamping Authority');
  });

  it('fails signing when the TSA fails, instead of signing without a time-stamp', async () => {
    const failing = { timestamp: () => Promise.reject(new Error('network down')) };
    await expect(buildSignatureCms({ format: 'PADES', contentDigest, signer: pki.signer, tsa: failing })).rejects.toMatchObject({ code: 'TSA_UNAVAILABLE' });
  });
});

describe('verification', () => {
  it('reports a modified document and a token over other data', async () => {
    const cms = await buildSignatureCms({ format: 'PADES', contentDigest, signer: pki.signer, tsa });
    const other = createHash('sha256').update('tampered').digest();
    const verification = verifyCmsSignature(cms, other);
    expect(verification.integrity).toBe(false);
    expect(verification.errors.join()).toContain('message-digest does not match');
    const token = await tsa.timestamp({ hashAlgorithm: 'SHA-256', digest: contentDigest });
    expect(verifyTimestampToken(token, { data: content })).toMatchObject({ valid: true });
    expect(verifyTimestampToken(token, { digest: other })).toMatchObject({ valid: false });
  });

  it('detects a flipped bit in the signature value', async () => {
    const cms = Uint8Array.from(await buildSignatureCms({ format: 'PADES', contentDigest, signer: pki.signer }));
    cms[cms.length - 10]! ^= 0x01; // last bytes of a B-B CMS are the signature value
    expect(verifyCmsSignature(cms, contentDigest)).toMatchObject({ integrity: false });
  });

  it('tolerates the zero padding of a PDF /Contents placeholder', async () => {
    const cms = await buildSignatureCms({ format: 'PADES', contentDigest, signer: pki.signer });
    const padded = new Uint8Array(cms.length + 500);
    padded.set(cms);
    expect(verifyCmsSignature(padded, contentDigest).integrity).toBe(true);
  });

  it('builds the chain to a trusted root and notices untrusted, expired and revoked certificates', async () => {
    const base = { certificate: pki.signer.certificate, candidates: pki.signer.chain, trustedRoots: [pki.authority.rootCertificate] };
    expect(verifyCertificateChain({ ...base, at: new Date() })).toMatchObject({ trusted: true, revoked: false });
    expect(verifyCertificateChain({ ...base, trustedRoots: [], at: new Date() }).trusted).toBe(false);
    const later = verifyCertificateChain({ ...base, at: new Date(Date.now() + 2 * 3600_000) });
    expect(later.trusted).toBe(false);
    expect(later.errors.join()).toContain('expired');

    const victim = await pki.authority.issueSignerCertificate({ commonName: 'Revoked', email: 'r@example.test' });
    const revokedAt = new Date(Date.now() - 1000);
    pki.authority.revoke(parseCertificate(victim.certificate).serial, 'keyCompromise', revokedAt);
    const source = pki.authority.revocationSource();
    const revocation = await source.revocationFor(victim.certificate, pki.authority.issuingCertificate);
    const checked = verifyCertificateChain({
      certificate: victim.certificate,
      candidates: victim.chain,
      trustedRoots: [pki.authority.rootCertificate],
      at: new Date(),
      revocation,
    });
    expect(checked).toMatchObject({ trusted: false, revoked: true });
    const crlOnly = verifyCertificateChain({
      certificate: victim.certificate,
      candidates: victim.chain,
      trustedRoots: [pki.authority.rootCertificate],
      at: new Date(),
      revocation: { crls: revocation.crls, ocsps: [] },
    });
    expect(crlOnly.revoked).toBe(true);
    const before = verifyCertificateChain({
      certificate: victim.certificate,
      candidates: victim.chain,
      trustedRoots: [pki.authority.rootCertificate],
      at: new Date(revokedAt.getTime() - 60_000),
      revocation,
    });
    expect(before.revoked).toBe(false);
  });
});
