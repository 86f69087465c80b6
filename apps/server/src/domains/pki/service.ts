import { hkdfSync } from 'node:crypto';
import {
  SigningError,
  createCertificateAuthority,
  createLocalTsa,
  describeCertificate,
  loadPkcs12,
  openCertificateAuthority,
  openIdentity,
  sealIdentity,
  type CertificateAuthority,
  type Der,
  type KeyAlgorithm,
  type LocalTsa,
  type OneTimeIdentity,
  type RevocationEntry,
  type RevocationReason,
  type RevocationSource,
  type SealedAuthority,
  type SealedIdentity,
  type SignerCertificateRequest,
  type SignerIdentity,
} from '@paraphe/signing';
import { AppError } from '../../platform/errors.ts';
import { openPkcs12 } from '../../platform/workers/pool.ts';
import type { Platform } from '../../platform/context.ts';
import type { TenantSealOrigin } from './schema.ts';
import { RevocationCache } from './revocation-cache.ts';
import * as repo from './repository.ts';

/**
 * The instance's trust services (docs/trust-services.md): a two-level CA created once per database, an
 * RFC 3161 TSA certified by it, per-tenant seal certificates, short-lived signer certificates, and the
 * revocation data (CRL/OCSP) that B-LT signatures embed — cached. One instance per server process: the CA is
 * opened once (scrypt, ≈100 ms) and kept in memory.
 */
export interface TrustServicesOptions {
  /** Shown in the CA subjects ("<name> Root CA"). Only used when the CA is created. */
  authorityName?: string;
  /** Keys of the CA, the TSA and platform seals (default RSA-2048). */
  keyAlgorithm?: KeyAlgorithm;
  /** How long a signed CRL / OCSP response is reused (default 1 hour; the CA writes a 24-hour nextUpdate). */
  revocationCacheMs?: number;
  /** How often revocations made by other nodes are read back before revocation data is served (default 30 s). */
  revocationSyncMs?: number;
}

export interface SignerIdentityRequest {
  firstName: string;
  lastName: string;
  email: string;
  /**
   * RSA-2048 (default) is read by every PDF reader but its key generation costs 40–95 ms per signer; P-256
   * keys are generated in well under 1 ms and sign faster, for campaigns. Both are accepted by current
   * readers and by the EU DSS validator.
   */
  keyAlgorithm?: 'RSA-2048' | 'P-256';
  /** Default 3 years (the engine's one-time validity): viewers that check at the current time keep showing it valid. */
  validityDays?: number;
}

/** `workers`: where a PKCS#12 is opened (off the event loop); without it (a bare test node) on the calling thread. */
type Deps = Pick<Platform, 'database' | 'config' | 'clock' | 'logger'> & Partial<Pick<Platform, 'workers'>>;

const DAY = 24 * 60 * 60 * 1000;
/** Seal and TSA certificates are replaced when they have less than this left. */
export const RENEW_BEFORE_MS = 30 * DAY;
const TSA_VALIDITY_DAYS = 5 * 365;
const SEAL_CACHE_LIMIT = 1000;

interface OpenedSeal {
  identity: SignerIdentity;
  origin: TenantSealOrigin;
  company: string;
  notAfter: Date;
}

export class TrustServices {
  readonly #deps: Deps;
  readonly #secret: () => Promise<string>;
  readonly #options: Required<TrustServicesOptions>;
  readonly #cache: RevocationCache;
  readonly #flights = new Map<string, Promise<unknown>>();
  readonly #seals = new Map<string, OpenedSeal>();
  #authority: CertificateAuthority | undefined;
  #tsa: { tsa: LocalTsa; notAfter: Date } | undefined;
  #knownRevocations = 0;
  #lastSync = 0;

  /** `secret`: the instance secret, or how to read it (on first use). */
  constructor(deps: Deps, secret: string | (() => Promise<string>), options: TrustServicesOptions = {}) {
    this.#deps = deps;
    let known: Promise<string> | undefined = typeof secret === 'string' ? Promise.resolve(secret) : undefined;
    this.#secret = () =>
      (known ??= (secret as () => Promise<string>)().catch((error: unknown) => {
        known = undefined;
        throw error;
      }));
    this.#options = {
      authorityName: options.authorityName ?? 'Paraphe',
      keyAlgorithm: options.keyAlgorithm ?? 'RSA-2048',
      revocationCacheMs: options.revocationCacheMs ?? 60 * 60 * 1000,
      revocationSyncMs: options.revocationSyncMs ?? 30_000,
    };
    this.#cache = new RevocationCache({ ttlMs: this.#options.revocationCacheMs, clock: deps.clock });
  }

  // ------------------------------------------------------------------ the CA

  /** The platform CA, created in the database on first use and opened once per process. */
  async authority(): Promise<CertificateAuthority> {
    return this.#authority ?? this.#once('authority', async () => (this.#authority = await this.#openAuthority()));
  }

  async #openAuthority(): Promise<CertificateAuthority> {
    const { database, config, clock, logger } = this.#deps;
    const key = await this.#keyEncryptionKey();
    let sealed = await database.inSystem((tx) => repo.readSetting<SealedAuthority>(tx, repo.pkiSettings.authority));
    if (!sealed) {
      const created = await createCertificateAuthority({
        name: this.#options.authorityName,
        encryptionKey: key,
        keyAlgorithm: this.#options.keyAlgorithm,
        baseUrl: config.publicUrl,
        clock,
      });
      sealed = await database.inSystem((tx) => repo.keepFirstSetting(tx, repo.pkiSettings.authority, created));
      if (sealed.rootCertificate === created.rootCertificate) logger.info({ baseUrl: config.publicUrl }, 'PKI: certificate authority created');
    }
    const revocations = await this.#readRevocations();
    try {
      const authority = await openCertificateAuthority(sealed, key, { revocations, baseUrl: config.publicUrl, clock });
      this.#knownRevocations = revocations.length;
      this.#lastSync = Date.now();
      return authority;
    } catch (error) {
      throw this.#unavailable(error, 'the CA keys cannot be decrypted: SECRET_KEY differs from the one that created them');
    }
  }

  /** The CA's key encryption key: HKDF-SHA256 of the instance secret with its own label (never stored). */
  async #keyEncryptionKey(): Promise<Uint8Array> {
    return new Uint8Array(hkdfSync('sha256', await this.#secret(), 'paraphe-pki', 'paraphe:pki:key-encryption:v1', 32));
  }

  /**
   * The anchors a signature's chain is checked against: the platform CA's root, then the operator's
   * (TRUSTED_ROOTS_FILE, read at start). Which one a chain reaches is told apart with `platformRoot`.
   */
  async trustedRoots(): Promise<Der[]> {
    return [await this.platformRoot(), ...this.#deps.config.trustedRoots];
  }

  /** The platform CA's root: what certifies tenants' seals under the name their account declared. */
  async platformRoot(): Promise<Der> {
    return (await this.authority()).rootCertificate;
  }

  async certificate(which: 'root' | 'issuing'): Promise<Der> {
    const authority = await this.authority();
    return which === 'root' ? authority.rootCertificate : authority.issuingCertificate;
  }

  // ------------------------------------------------------------------ identities

  /**
   * A natural person's certificate for ONE signature (level 2): fresh key, destroyed by the caller right after
   * signing (withOneTimeIdentity), certificate valid for years so that viewers checking at the current time
   * (poppler) keep showing it valid. Not stored. See packages/signing/docs/crypto.md.
   */
  async signerIdentity(request: SignerIdentityRequest): Promise<OneTimeIdentity> {
    return this.#issuePerson(request, (authority, subject) => authority.issueOneTimeSignerCertificate(subject));
  }

  /**
   * A natural person's LASTING certificate (qualified certificates, docs/qualified.md): same subject as
   * signerIdentity, `validityDays` long; the caller seals and keeps the key (it signs many times).
   */
  async personalIdentity(request: SignerIdentityRequest & { validityDays: number }): Promise<SignerIdentity> {
    return this.#issuePerson(request, (authority, subject) => authority.issueSignerCertificate(subject));
  }

  async #issuePerson<T>(
    request: SignerIdentityRequest,
    issue: (authority: CertificateAuthority, subject: SignerCertificateRequest & { validityDays?: number }) => Promise<T>,
  ): Promise<T> {
    const authority = await this.authority();
    const firstName = request.firstName.trim();
    const lastName = request.lastName.trim();
    try {
      return await issue(authority, {
        commonName: [firstName, lastName].filter(Boolean).join(' '),
        givenName: firstName || undefined,
        surname: lastName || undefined,
        email: request.email.trim(),
        keyAlgorithm: request.keyAlgorithm ?? 'RSA-2048',
        validityDays: request.validityDays,
      });
    } catch (error) {
      throw this.#issuingFailure(error, 'A signer certificate needs a name and an ASCII e-mail address.');
    }
  }

  /**
   * Level 1 (simple signature): a certificate of the tenant organisation naming the signer, for ONE signature.
   * One certificate per signature is what makes every signature of a document show valid in poppler (a shared
   * certificate is reported "Unknown issue" from its second use on).
   */
  async simpleSignatureIdentity(company: string, signerName: string, description?: string): Promise<OneTimeIdentity> {
    const authority = await this.authority();
    try {
      return await authority.issueOneTimeSealCertificate({ organizationName: company, signerName, description });
    } catch (error) {
      throw this.#issuingFailure(error, 'The company name and the signer name are needed for a signature certificate.');
    }
  }

  /**
   * The company stamp of a tenant for ONE seal (stamp fields, evidence file): the tenant's own imported
   * certificate when it gave one (that is why it gave it), otherwise a one-time company seal of the platform CA.
   */
  async companyStampIdentity(appId: string, company: string): Promise<SignerIdentity> {
    const row = await this.#deps.database.inSystem((tx) => repo.findTenantSeal(tx, appId));
    if (row?.origin === 'imported') return this.tenantSealIdentity(appId, company);
    const authority = await this.authority();
    try {
      return await authority.issueOneTimeSealCertificate({ organizationName: company });
    } catch (error) {
      throw this.#issuingFailure(error, 'The company name is needed for a seal certificate.');
    }
  }

  /** A refused request (bad names) is the caller's; an issuing CA too close to its end is the operator's. */
  #issuingFailure(error: unknown, invalidMessage: string): Error {
    if (error instanceof SigningError && error.code === 'CERTIFICATE_INVALID') {
      if ((error.details as { reason?: string } | undefined)?.reason === 'ISSUING_CA_EXPIRING') {
        this.#deps.logger.error({ err: error }, 'PKI: the issuing CA is too close to its end to issue certificates: renew the CA');
        return new AppError('UNAVAILABLE', 'The signing service is unavailable.', { cause: error });
      }
      return new AppError('VALIDATION_FAILED', invalidMessage, { cause: error });
    }
    return error as Error;
  }

  /**
   * The tenant's company seal: issued by the platform CA on first use, stored sealed in tenant_seals, reissued
   * within 30 days of expiry or when the company name changed. An imported PKCS#12 is used as it is.
   */
  async tenantSealIdentity(appId: string, companyName: string): Promise<SignerIdentity> {
    const cached = this.#seals.get(appId);
    if (cached && !this.#sealNeedsRenewal(cached, companyName)) return cached.identity;
    return this.#once(`seal:${appId}`, () => this.#loadTenantSeal(appId, companyName));
  }

  #sealNeedsRenewal(seal: Pick<OpenedSeal, 'origin' | 'company' | 'notAfter'>, companyName: string): boolean {
    if (seal.origin === 'imported') return false;
    return seal.company !== companyName.trim() || seal.notAfter.getTime() - this.#deps.clock().getTime() < RENEW_BEFORE_MS;
  }

  async #loadTenantSeal(appId: string, companyName: string): Promise<SignerIdentity> {
    const { database, logger } = this.#deps;
    const company = companyName.trim();
    let row = await database.inSystem((tx) => repo.findTenantSeal(tx, appId));
    let identity: SignerIdentity | undefined;
    if (!row || this.#sealNeedsRenewal(row, company)) {
      const authority = await this.authority();
      const issued = await authority.issueSealCertificate({ organizationName: company, keyAlgorithm: this.#options.keyAlgorithm });
      const sealed = await sealIdentity(issued, await this.#keyEncryptionKey());
      const candidate = { appId, origin: 'platform' as const, company, sealed, notAfter: describeCertificate(issued.certificate).notAfter };
      row = await database.inSystem(async (tx) => {
        // Under the row lock, another node may have renewed it meanwhile: keep theirs then.
        const current = await repo.findTenantSeal(tx, appId, { lock: true });
        if (!current) await repo.insertTenantSealIfAbsent(tx, candidate);
        else if (this.#sealNeedsRenewal(current, company)) await repo.replaceTenantSeal(tx, candidate);
        return (await repo.findTenantSeal(tx, appId))!;
      });
      if (row.sealed.certificate === sealed.certificate) {
        identity = issued;
        logger.info({ appId, notAfter: row.notAfter }, 'PKI: tenant seal certificate issued');
      }
    }
    if (row.origin === 'imported' && row.notAfter.getTime() <= this.#deps.clock().getTime()) {
      throw new AppError('CONFLICT', 'The company seal certificate has expired: import a new one.');
    }
    identity ??= await this.#openSealed(row.sealed, 'the tenant seal key cannot be decrypted');
    this.#remember(appId, { identity, origin: row.origin, company: row.company, notAfter: row.notAfter });
    return identity;
  }

  /** Replaces the tenant's seal by its own certificate (PKCS#12, e.g. from a qualified provider). */
  async importTenantSeal(appId: string, pkcs12: Uint8Array, password: string): Promise<{ subject: string; notAfter: Date }> {
    let identity: SignerIdentity;
    try {
      identity = this.#deps.workers ? await openPkcs12(this.#deps.workers, pkcs12, password) : loadPkcs12(pkcs12, password);
    } catch (error) {
      if (error instanceof AppError) throw error; // busy (503) or too slow (400), said as such
      throw new AppError('VALIDATION_FAILED', 'The PKCS#12 file cannot be read with this password.', { cause: error });
    }
    const description = describeCertificate(identity.certificate);
    if (description.notAfter.getTime() <= this.#deps.clock().getTime()) throw new AppError('VALIDATION_FAILED', 'This certificate has expired.');
    const sealed = await sealIdentity(identity, await this.#keyEncryptionKey());
    const company = description.commonName ?? description.subject;
    await this.#deps.database.inSystem((tx) => repo.replaceTenantSeal(tx, { appId, origin: 'imported', company, sealed, notAfter: description.notAfter }));
    this.#remember(appId, { identity, origin: 'imported', company, notAfter: description.notAfter });
    return { subject: description.subject, notAfter: description.notAfter };
  }

  #remember(appId: string, seal: OpenedSeal): void {
    this.#seals.delete(appId);
    if (this.#seals.size >= SEAL_CACHE_LIMIT) this.#seals.delete(this.#seals.keys().next().value!);
    this.#seals.set(appId, seal);
  }

  async #openSealed(sealed: SealedIdentity, failure: string): Promise<SignerIdentity> {
    try {
      return await openIdentity(sealed, await this.#keyEncryptionKey());
    } catch (error) {
      throw this.#unavailable(error, failure);
    }
  }

  // ------------------------------------------------------------------ time-stamping

  /** The local RFC 3161 TSA (certificate issued by the platform CA, stored sealed under 'pki.tsa'). */
  async tsa(): Promise<LocalTsa> {
    const current = this.#tsa;
    if (current && current.notAfter.getTime() - this.#deps.clock().getTime() >= RENEW_BEFORE_MS) return current.tsa;
    return this.#once('tsa', async () => (this.#tsa = await this.#openTsa()).tsa);
  }

  async #openTsa(): Promise<{ tsa: LocalTsa; notAfter: Date }> {
    const { database, clock, logger } = this.#deps;
    const stale = (sealed: SealedIdentity | undefined) => !sealed || notAfterOf(sealed).getTime() - clock().getTime() < RENEW_BEFORE_MS;
    let sealed = await database.inSystem((tx) => repo.readSetting<SealedIdentity>(tx, repo.pkiSettings.tsa));
    let identity: SignerIdentity | undefined;
    if (stale(sealed)) {
      const authority = await this.authority();
      const issued = await authority.issueTsaCertificate({ validityDays: TSA_VALIDITY_DAYS, keyAlgorithm: this.#options.keyAlgorithm });
      const candidate = await sealIdentity(issued, await this.#keyEncryptionKey());
      sealed = await database.inSystem(async (tx) => {
        await repo.keepFirstSetting(tx, repo.pkiSettings.tsa, candidate);
        const stored = await repo.readSetting<SealedIdentity>(tx, repo.pkiSettings.tsa, { lock: true });
        if (!stale(stored)) return stored!;
        await repo.writeSetting(tx, repo.pkiSettings.tsa, candidate);
        return candidate;
      });
      if (sealed.certificate === candidate.certificate) {
        identity = issued;
        logger.info({ notAfter: notAfterOf(candidate) }, 'PKI: time-stamping certificate issued');
      }
    }
    identity ??= await this.#openSealed(sealed!, 'the TSA key cannot be decrypted');
    return { tsa: createLocalTsa({ identity, clock }), notAfter: describeCertificate(identity.certificate).notAfter };
  }

  // ------------------------------------------------------------------ revocation

  /** CRL + OCSP for the certificates this CA issued, cached (see RevocationCache); for signPdf B-LT/B-LTA. */
  revocationSource(): RevocationSource {
    return {
      revocationFor: async (certificate: Der) => {
        const authority = await this.#syncedAuthority(false);
        return this.#cache.revocationFor(authority, certificate);
      },
    };
  }

  /** The CRL published at /pki/{root,issuing}.crl (cached like the signing path, current revocations). */
  async crl(issuer: 'root' | 'issuing'): Promise<Der> {
    return this.#cache.crl(await this.#syncedAuthority(true), issuer);
  }

  /** Answers an HTTP OCSP request (nonce echoed, so never cached). */
  async respondOcsp(request: Der): Promise<Der> {
    return (await this.#syncedAuthority(true)).respondOcsp(request);
  }

  /** Revokes a certificate issued by the platform CA (the certificate, or its serial in hex), for every node. */
  async revoke(certificate: Der | string, reason: RevocationReason = 'unspecified'): Promise<RevocationEntry> {
    const authority = await this.authority();
    const serial = typeof certificate === 'string' ? certificate : describeCertificate(certificate).serialHex;
    const entry = authority.revoke(serial, reason, this.#deps.clock());
    const all = await this.#deps.database.inSystem((tx) => repo.appendRevocation(tx, entry));
    this.#applyRevocations(authority, all);
    return entry;
  }

  async #readRevocations(): Promise<RevocationEntry[]> {
    return (await this.#deps.database.inSystem((tx) => repo.readSetting<RevocationEntry[]>(tx, repo.pkiSettings.revocations))) ?? [];
  }

  /** The CA with the revocations other nodes recorded: always for HTTP answers, at most every 30 s when signing. */
  async #syncedAuthority(force: boolean): Promise<CertificateAuthority> {
    const authority = await this.authority();
    if (force || Date.now() - this.#lastSync >= this.#options.revocationSyncMs) {
      this.#applyRevocations(authority, await this.#readRevocations());
    }
    return authority;
  }

  #applyRevocations(authority: CertificateAuthority, entries: RevocationEntry[]): void {
    this.#lastSync = Date.now();
    if (entries.length === this.#knownRevocations) return; // the list only grows
    for (const entry of entries) authority.revoke(entry.serialHex, entry.reason, new Date(entry.revokedAt));
    this.#knownRevocations = entries.length;
    this.#cache.clear();
  }

  // ------------------------------------------------------------------ helpers

  /** Concurrent callers of the same slow operation share one run; a failure is not remembered. */
  #once<T>(key: string, run: () => Promise<T>): Promise<T> {
    const pending = this.#flights.get(key);
    if (pending) return pending as Promise<T>;
    const flight = run().finally(() => this.#flights.delete(key));
    this.#flights.set(key, flight);
    return flight;
  }

  #unavailable(error: unknown, message: string): Error {
    if (!(error instanceof SigningError) || error.code !== 'KEY_DECRYPTION_FAILED') return error as Error;
    this.#deps.logger.error({ err: error }, `PKI: ${message}`);
    return new AppError('UNAVAILABLE', 'The signing service is unavailable.', { cause: error });
  }
}

const notAfterOf = (sealed: SealedIdentity): Date => describeCertificate(Buffer.from(sealed.certificate, 'base64')).notAfter;

// ------------------------------------------------------------------ one instance per server

const instances = new WeakMap<object, TrustServices>();

/** The trust services of a platform (what domains call): one per server, lazy (nothing is created before first use). */
export function trustServices(platform: Platform, options?: TrustServicesOptions): TrustServices {
  let services = instances.get(platform);
  if (!services) {
    services = new TrustServices(platform, platform.secret, options);
    instances.set(platform, services);
  }
  return services;
}
