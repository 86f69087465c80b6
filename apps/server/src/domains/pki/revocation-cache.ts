import { createHash } from 'node:crypto';
import type { CertificateAuthority, Der, RevocationData } from '@paraphe/signing';
import type { Clock } from '../../platform/context.ts';

/**
 * Signed revocation data reused for a while instead of being signed again for every B-LT signature (one CRL
 * and one OCSP response cost 2–8 ms). CRLs are kept per issuing CA, OCSP responses per certificate. Entries
 * live `ttlMs` (far less than the 24-hour validity the CA writes in nextUpdate), and everything is dropped as
 * soon as a revocation becomes known, so a revoked certificate never gets a cached "good".
 */
export class RevocationCache {
  readonly #entries = new Map<string, { value: Der; expiresAt: number }>();
  readonly #ttlMs: number;
  readonly #clock: Clock;
  readonly #maxEntries: number;

  constructor(options: { ttlMs: number; clock: Clock; maxEntries?: number }) {
    this.#ttlMs = options.ttlMs;
    this.#clock = options.clock;
    this.#maxEntries = options.maxEntries ?? 10_000;
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }

  #get(key: string, produce: () => Der): Der {
    const now = this.#clock().getTime();
    const hit = this.#entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    if (this.#entries.size >= this.#maxEntries) this.#evict(now);
    const value = produce();
    this.#entries.set(key, { value, expiresAt: now + this.#ttlMs });
    return value;
  }

  /** Drops expired entries, then the oldest ones if still full (a Map iterates in insertion order). */
  #evict(now: number): void {
    for (const [key, entry] of this.#entries) if (entry.expiresAt <= now) this.#entries.delete(key);
    for (const key of this.#entries.keys()) {
      if (this.#entries.size < this.#maxEntries) break;
      this.#entries.delete(key);
    }
  }

  crl(authority: CertificateAuthority, issuer: 'root' | 'issuing'): Der {
    return this.#get(`crl:${issuer}`, () => authority.crl(issuer));
  }

  /** The CRL of the certificate's issuer and an OCSP response for it; nothing for the root or a foreign certificate. */
  revocationFor(authority: CertificateAuthority, certificate: Der): RevocationData {
    if (sameBytes(certificate, authority.rootCertificate)) return { crls: [], ocsps: [] };
    const issuer = sameBytes(certificate, authority.issuingCertificate) ? 'root' : 'issuing';
    let ocsp: Der;
    try {
      ocsp = this.#get(`ocsp:${createHash('sha256').update(certificate).digest('hex')}`, () => authority.ocspResponse(certificate));
    } catch {
      return { crls: [], ocsps: [] }; // not issued by this authority (ocspResponse checks the issuer's signature)
    }
    return { crls: [this.crl(authority, issuer)], ocsps: [ocsp] };
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.byteLength === b.byteLength && Buffer.compare(a, b) === 0;
