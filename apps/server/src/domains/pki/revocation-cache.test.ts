import { beforeAll, describe, expect, it } from 'vitest';
import { createCertificateAuthority, describeCertificate, openCertificateAuthority, type CertificateAuthority, type SignerIdentity } from '@paraphe/signing';
import { RevocationCache } from './revocation-cache.ts';

const newAuthority = async (name: string) =>
  openCertificateAuthority(await createCertificateAuthority({ name, encryptionKey: 'k', keyAlgorithm: 'P-256' }), 'k');

describe('RevocationCache', () => {
  let authority: CertificateAuthority;
  let signers: SignerIdentity[];
  let foreign: SignerIdentity;
  beforeAll(async () => {
    authority = await newAuthority('Cache');
    signers = await Promise.all([1, 2, 3].map((n) => authority.issueSignerCertificate({ commonName: `S${n}`, email: `s${n}@example.com` })));
    foreign = await (await newAuthority('Other')).issueSignerCertificate({ commonName: 'X', email: 'x@example.com' });
  });

  it('reuses signed data until the time-to-live, then signs again', () => {
    let now = Date.parse('2026-11-21T10:00:00Z');
    const cache = new RevocationCache({ ttlMs: 60_000, clock: () => new Date(now) });
    const first = cache.revocationFor(authority, signers[0]!.certificate);
    expect(first.crls).toHaveLength(1);
    expect(first.ocsps).toHaveLength(1);
    now += 59_000;
    const second = cache.revocationFor(authority, signers[0]!.certificate);
    expect(second.ocsps[0]).toBe(first.ocsps[0]);
    expect(second.crls[0]).toBe(first.crls[0]);
    // Another certificate of the same CA shares the CRL, not the OCSP response.
    const other = cache.revocationFor(authority, signers[1]!.certificate);
    expect(other.crls[0]).toBe(first.crls[0]);
    expect(other.ocsps[0]).not.toBe(first.ocsps[0]);
    now += 2_000;
    const later = cache.revocationFor(authority, signers[0]!.certificate);
    expect(later.ocsps[0]).not.toBe(first.ocsps[0]);
    expect(later.crls[0]).not.toBe(first.crls[0]);
  });

  it('gives the root CRL for the issuing CA, nothing for the root or a foreign certificate', () => {
    const cache = new RevocationCache({ ttlMs: 60_000, clock: () => new Date() });
    const issuing = cache.revocationFor(authority, authority.issuingCertificate);
    expect(issuing.ocsps).toHaveLength(1);
    expect(issuing.crls[0]).toBe(cache.crl(authority, 'root'));
    expect(cache.revocationFor(authority, authority.rootCertificate)).toEqual({ crls: [], ocsps: [] });
    expect(cache.revocationFor(authority, foreign.certificate)).toEqual({ crls: [], ocsps: [] });
  });

  it('stays within its size bound and forgets everything on clear()', () => {
    const cache = new RevocationCache({ ttlMs: 60_000, clock: () => new Date(), maxEntries: 3 });
    for (const signer of signers) cache.revocationFor(authority, signer.certificate);
    expect(cache.size).toBeLessThanOrEqual(3);
    const crl = cache.crl(authority, 'issuing');
    authority.revoke(describeCertificate(signers[0]!.certificate).serialHex);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.crl(authority, 'issuing')).not.toBe(crl);
  });
});
