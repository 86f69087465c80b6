/**
 * The local two-level PKI: a root CA and an issuing CA whose keys are created once and stored sealed
 * (keystore.ts). The CA holds no other state: revocations are a plain list passed in and read back by the caller.
 */
import type { KeyObject } from 'node:crypto';
import { SigningError } from '../errors.ts';
import { generateKey, verifyWithAlgorithm } from './algorithms.ts';
import { buildCrl, revocationReasons, type RevocationReason } from './crl.ts';
import { guard } from './guard.ts';
import { deriveKey, fromBase64, newKeyDerivation, openKey, sealKey, toBase64, type EncryptionSecret, type KeyDerivation, type SealedKey } from './keystore.ts';
import { buildOcspErrorResponse, buildOcspResponse, certIdFor, certIdMatchesIssuer, parseOcspRequest, type CertId, type SingleResponse } from './ocsp.ts';
import { OID } from './oids.ts';
import { oneTimeIdentity, type OneTimeIdentity } from './one-time.ts';
import { endEntityExtensions, issuingCaExtensions, publicationUrls, rootCaExtensions, tsaExtensions } from './profiles.ts';
import type { Der, KeyAlgorithm, RevocationData, RevocationSource, SignerIdentity } from './types.ts';
import {
  buildCertificate,
  bytesEqual,
  encodeName,
  parseCertificate,
  publicKeyOf,
  randomSerial,
  toHex,
  toPem,
  type NameAttribute,
  type ParsedCertificate,
} from './x509.ts';

export interface SealedAuthority {
  format: 'paraphe-ca/1';
  name: string;
  keyAlgorithm: KeyAlgorithm;
  baseUrl?: string;
  rootCertificate: string; // base64 DER
  issuingCertificate: string; // base64 DER
  kdf: KeyDerivation;
  rootKey: SealedKey;
  issuingKey: SealedKey;
}

export interface CreateAuthorityOptions {
  /** Shown in the CA subjects: "<name> Root CA", "<name> Issuing CA", O=<name>. */
  name: string;
  encryptionKey: EncryptionSecret;
  keyAlgorithm?: KeyAlgorithm;
  /** Public base URL under which the server publishes /pki/{root,issuing}.crl, /pki/{root,issuing}.cer and /pki/ocsp. */
  baseUrl?: string;
  country?: string;
  clock?: () => Date;
}

export interface RevocationEntry {
  serialHex: string;
  issuer: 'root' | 'issuing';
  reason: RevocationReason;
  revokedAt: string; // ISO 8601
}

export interface OpenAuthorityOptions {
  /** Previously revoked certificates (persisted by the caller from `authority.revocations`). */
  revocations?: RevocationEntry[];
  /** Overrides the base URL stored in the sealed authority for newly issued certificates. */
  baseUrl?: string;
  clock?: () => Date;
  crlValidityHours?: number;
  ocspValidityHours?: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Issued certificates start slightly in the past so that a verifier with a late clock accepts them. */
const BACKDATE = 5 * MINUTE;

export async function createCertificateAuthority(options: CreateAuthorityOptions): Promise<SealedAuthority> {
  const keyAlgorithm = options.keyAlgorithm ?? 'RSA-2048';
  if (!options.name?.trim()) throw new SigningError('UNSUPPORTED', 'the CA needs a name');
  if (options.country !== undefined && !COUNTRY.test(options.country)) throw new SigningError('UNSUPPORTED', 'country must be a two-letter code');
  const now = (options.clock ?? (() => new Date()))();
  const kdf = newKeyDerivation();
  const [rootKey, issuingKey, sealingKey] = await Promise.all([generateKey(keyAlgorithm), generateKey(keyAlgorithm), deriveKey(options.encryptionKey, kdf)]);
  const organisation = (cn: string): NameAttribute[] => [
    ...(options.country ? [{ type: OID.country, value: options.country }] : []),
    { type: OID.organization, value: bounded(options.name) },
    { type: OID.commonName, value: bounded(cn) },
  ];
  const rootName = encodeName(organisation(`${options.name} Root CA`));
  const rootCertificate = buildCertificate(
    {
      serial: randomSerial(),
      issuer: rootName,
      subject: rootName,
      publicKey: rootKey,
      notBefore: new Date(now.getTime() - BACKDATE),
      notAfter: new Date(now.getTime() + 20 * 365 * DAY),
      extensions: rootCaExtensions(rootKey),
    },
    rootKey,
  );
  const issuingCertificate = buildCertificate(
    {
      serial: randomSerial(),
      issuer: rootName,
      subject: encodeName(organisation(`${options.name} Issuing CA`)),
      publicKey: issuingKey,
      notBefore: new Date(now.getTime() - BACKDATE),
      notAfter: new Date(now.getTime() + 10 * 365 * DAY),
      extensions: issuingCaExtensions(issuingKey, rootKey, publicationUrls(options.baseUrl, 'root')),
    },
    rootKey,
  );
  return {
    format: 'paraphe-ca/1',
    name: options.name,
    keyAlgorithm,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    rootCertificate: toBase64(rootCertificate),
    issuingCertificate: toBase64(issuingCertificate),
    kdf,
    rootKey: sealKey(rootKey, sealingKey, 'root'),
    issuingKey: sealKey(issuingKey, sealingKey, 'issuing'),
  };
}

export async function openCertificateAuthority(
  sealed: SealedAuthority,
  encryptionKey: EncryptionSecret,
  options: OpenAuthorityOptions = {},
): Promise<CertificateAuthority> {
  if (sealed?.format !== 'paraphe-ca/1') throw new SigningError('KEY_DECRYPTION_FAILED', 'not a sealed certificate authority');
  const key = await deriveKey(encryptionKey, sealed.kdf);
  const rootKey = openKey(sealed.rootKey, key, 'root');
  const issuingKey = openKey(sealed.issuingKey, key, 'issuing');
  return new CertificateAuthority(sealed, rootKey, issuingKey, options);
}

export interface SignerCertificateRequest {
  commonName: string;
  givenName?: string;
  surname?: string;
  email: string;
  organizationName?: string;
  /**
   * Default 60 (kept for compatibility). Poppler-based viewers (Evince, Okular) check the certificate at the
   * CURRENT time and show "Certificate has Expired" once it has passed, whatever the time-stamp and the DSS
   * say: prefer issueOneTimeSignerCertificate(), valid for years, whose key is destroyed after signing.
   */
  validityMinutes?: number;
  /** Alternative to validityMinutes (not both). */
  validityDays?: number;
  keyAlgorithm?: KeyAlgorithm;
}

/** Default validity of one-time certificates: 3 years (1,096 days, leap day included). */
export const ONE_TIME_VALIDITY_DAYS = 1096;
/** Default floor below which a one-time certificate is refused rather than shortened (1 year + 1 month). */
export const ONE_TIME_MINIMUM_VALIDITY_DAYS = 400;

export interface OneTimeCertificateOptions {
  /**
   * Default ONE_TIME_VALIDITY_DAYS (3 years). A certificate never outlives the issuing CA: near the end of
   * the issuing CA's life the validity is shortened to its notAfter.
   */
  validityDays?: number;
  /**
   * When the issuing CA leaves less than this, issuance fails (CERTIFICATE_INVALID, details.reason
   * 'ISSUING_CA_EXPIRING') instead of producing a certificate that viewers would soon show as expired.
   * Default min(ONE_TIME_MINIMUM_VALIDITY_DAYS, validityDays).
   */
  minimumValidityDays?: number;
  /** Default 'P-256': generated in well under a millisecond, and thrown away after the signature. */
  keyAlgorithm?: KeyAlgorithm;
}

/** Level 2: a natural person's certificate for one signature (key destroyed afterwards). */
export interface OneTimeSignerCertificateRequest extends OneTimeCertificateOptions {
  commonName: string;
  givenName?: string;
  surname?: string;
  email: string;
  organizationName?: string;
}

/**
 * Level 1 (simple signature): a certificate of the tenant ORGANISATION for one signature made at its request by
 * `signerName` (key destroyed afterwards). Subject: [C], O=<organizationName>, [organizationIdentifier],
 * description=<description>, CN=<commonName>. The CA certifies the organisation, not the person: the person's
 * name is a qualifier of this seal (as declared by the organisation), never givenName/surname/pseudonym.
 * Without `signerName` it is a one-time company seal (the stamp): CN=<organizationName>, seal policy.
 */
export interface OneTimeSealCertificateRequest extends OneTimeCertificateOptions {
  organizationName: string;
  /** e.g. "VATFR-12345678901" or "NTRFR-123456789" (ETSI EN 319 412-1 §5.1.4). */
  organizationIdentifier?: string;
  country?: string;
  /** The person who signs (level 1). Absent for the company stamp. */
  signerName?: string;
  /**
   * Shown by viewers as "Signed by". Default `<organizationName> — <signerName>` (64 characters at most), or
   * `<organizationName>` without a signer.
   */
  commonName?: string;
  /**
   * X.520 description (2.5.4.13), up to 1,024 characters, e.g. in the document's language. Default:
   * `One-time seal of <organizationName> for the simple electronic signature of <signerName>`, or
   * `One-time seal of <organizationName>` without a signer.
   */
  description?: string;
}

export interface SealCertificateRequest {
  organizationName: string;
  /** e.g. "VATFR-12345678901" or "NTRFR-123456789" (ETSI EN 319 412-1 §5.1.4). */
  organizationIdentifier?: string;
  country?: string;
  /** Default 365. */
  validityDays?: number;
  keyAlgorithm?: KeyAlgorithm;
}

export interface TsaCertificateRequest {
  commonName?: string;
  /** Default 5 years. */
  validityDays?: number;
  keyAlgorithm?: KeyAlgorithm;
}

interface Authority {
  certificate: ParsedCertificate;
  key: KeyObject;
}

export class CertificateAuthority {
  readonly name: string;
  readonly keyAlgorithm: KeyAlgorithm;
  readonly rootCertificate: Der;
  readonly issuingCertificate: Der;
  readonly #root: Authority;
  readonly #issuing: Authority;
  readonly #revoked = new Map<string, RevocationEntry>();
  readonly #options: OpenAuthorityOptions;
  readonly #baseUrl: string | undefined;

  constructor(sealed: SealedAuthority, rootKey: KeyObject, issuingKey: KeyObject, options: OpenAuthorityOptions) {
    this.name = sealed.name;
    this.keyAlgorithm = sealed.keyAlgorithm;
    this.rootCertificate = fromBase64(sealed.rootCertificate);
    this.issuingCertificate = fromBase64(sealed.issuingCertificate);
    this.#root = { certificate: parseOrThrow(this.rootCertificate), key: rootKey };
    this.#issuing = { certificate: parseOrThrow(this.issuingCertificate), key: issuingKey };
    this.#options = options;
    this.#baseUrl = options.baseUrl ?? sealed.baseUrl;
    for (const entry of options.revocations ?? []) this.#revoked.set(entry.serialHex.toLowerCase(), entry);
  }

  get rootPem(): string {
    return toPem(this.rootCertificate);
  }

  get issuingPem(): string {
    return toPem(this.issuingCertificate);
  }

  /** The chain embedded with every certificate this CA issues (issuer first). */
  get chain(): Der[] {
    return [this.issuingCertificate, this.rootCertificate];
  }

  /** End of the issuing CA's validity: no certificate it issues ends later (issuance shortens or refuses). */
  get issuingCaNotAfter(): Date {
    return new Date(this.#issuing.certificate.notAfter.getTime());
  }

  get rootNotAfter(): Date {
    return new Date(this.#root.certificate.notAfter.getTime());
  }

  #now(): Date {
    return (this.#options.clock ?? (() => new Date()))();
  }

  /**
   * Issues a certificate from the issuing CA. Its notAfter is capped at the issuing CA's notAfter (a certificate
   * never outlives its issuer: path validation at any later time would fail on the CA anyway); when that leaves
   * less than `minimumMs` (default: anything), issuance fails.
   */
  async #issue(
    subject: NameAttribute[],
    validityMs: number,
    algorithm: KeyAlgorithm | undefined,
    extensions: (key: KeyObject) => Uint8Array[],
    minimumMs = 1,
  ): Promise<SignerIdentity> {
    const now = this.#now();
    const issuerEnd = this.#issuing.certificate.notAfter.getTime();
    const notAfter = Math.min(now.getTime() + validityMs, issuerEnd);
    if (notAfter - now.getTime() < minimumMs) {
      throw new SigningError(
        'CERTIFICATE_INVALID',
        `the issuing CA expires on ${new Date(issuerEnd).toISOString()}: too soon for the requested certificate (a new issuing CA is needed)`,
        { reason: 'ISSUING_CA_EXPIRING', issuingCaNotAfter: new Date(issuerEnd).toISOString() },
      );
    }
    const key = await generateKey(algorithm ?? this.keyAlgorithm);
    const certificate = buildCertificate(
      {
        serial: randomSerial(),
        issuer: this.#issuing.certificate.subject,
        subject: encodeName(subject),
        publicKey: key,
        notBefore: new Date(now.getTime() - BACKDATE),
        notAfter: new Date(notAfter),
        extensions: extensions(key),
      },
      this.#issuing.key,
    );
    return { privateKey: key, certificate, chain: this.chain };
  }

  #oneTimeValidity(options: OneTimeCertificateOptions): { validityMs: number; minimumMs: number } {
    const days = positive(options.validityDays, ONE_TIME_VALIDITY_DAYS);
    const minimum = Math.min(positive(options.minimumValidityDays, ONE_TIME_MINIMUM_VALIDITY_DAYS), days);
    return { validityMs: days * DAY, minimumMs: minimum * DAY };
  }

  /** A natural person's short-lived certificate (policy: advanced signature with a simple certificate, level 2). */
  async issueSignerCertificate(request: SignerCertificateRequest): Promise<SignerIdentity> {
    if (request.validityMinutes !== undefined && request.validityDays !== undefined) {
      throw new SigningError('CERTIFICATE_INVALID', 'give validityMinutes or validityDays, not both');
    }
    const validityMs = request.validityDays !== undefined ? positive(request.validityDays, 0) * DAY : positive(request.validityMinutes, 60) * MINUTE;
    return this.#issueSigner(request, validityMs, request.keyAlgorithm);
  }

  /**
   * Level 2, recommended: a natural person's certificate for ONE signature, valid 3 years by default, with a
   * fresh key (P-256 by default) to destroy right after signing — see withOneTimeIdentity().
   */
  async issueOneTimeSignerCertificate(request: OneTimeSignerCertificateRequest): Promise<OneTimeIdentity> {
    const { validityMs, minimumMs } = this.#oneTimeValidity(request);
    return oneTimeIdentity(await this.#issueSigner(request, validityMs, request.keyAlgorithm ?? 'P-256', minimumMs));
  }

  #issueSigner(
    request: Omit<SignerCertificateRequest, 'validityMinutes' | 'validityDays' | 'keyAlgorithm'>,
    validityMs: number,
    algorithm: KeyAlgorithm | undefined,
    minimumMs?: number,
  ): Promise<SignerIdentity> {
    if (!request.commonName?.trim() || !EMAIL.test(request.email ?? '')) {
      throw new SigningError('CERTIFICATE_INVALID', 'a signer certificate needs a common name and an ASCII email address');
    }
    const subject: NameAttribute[] = [
      ...optional(OID.organization, request.organizationName),
      ...optional(OID.surname, request.surname),
      ...optional(OID.givenName, request.givenName),
      { type: OID.commonName, value: bounded(request.commonName) },
      { type: OID.emailAddress, value: request.email },
    ];
    const urls = publicationUrls(this.#baseUrl, 'issuing');
    return this.#issue(
      subject,
      validityMs,
      algorithm,
      (key) => endEntityExtensions(key, this.#issuing.key, urls, OID.policyAdvancedSimpleCertificate, request.email),
      minimumMs,
    );
  }

  /**
   * Level 1 (simple signature): a certificate of the tenant organisation for ONE signature by `signerName`, valid
   * 3 years by default, fresh key (P-256 by default) to destroy right after signing. One certificate per
   * signature is what makes poppler show every signature of a document as valid and trusted (with one shared
   * certificate it reports "Unknown issue with Certificate" from the second signature on). Without
   * `signerName`: a one-time company seal for a stamp (policy: organisation seal).
   */
  async issueOneTimeSealCertificate(request: OneTimeSealCertificateRequest): Promise<OneTimeIdentity> {
    const organization = request.organizationName?.trim();
    const signer = request.signerName?.trim();
    if (!organization || (request.signerName !== undefined && !signer) || (request.country !== undefined && !COUNTRY.test(request.country))) {
      throw new SigningError(
        'CERTIFICATE_INVALID',
        'a one-time seal certificate needs an organization name, a non-empty signer name if any (and a two-letter country code)',
      );
    }
    const description =
      request.description?.trim() ||
      (signer ? `One-time seal of ${organization} for the simple electronic signature of ${signer}` : `One-time seal of ${organization}`);
    const subject: NameAttribute[] = [
      ...optional(OID.country, request.country),
      { type: OID.organization, value: bounded(organization) },
      ...optional(OID.organizationIdentifier, request.organizationIdentifier),
      { type: OID.description, value: [...description].slice(0, 1024).join('') },
      { type: OID.commonName, value: bounded(request.commonName?.trim() || (signer ? `${organization} — ${signer}` : organization)) },
    ];
    const { validityMs, minimumMs } = this.#oneTimeValidity(request);
    const urls = publicationUrls(this.#baseUrl, 'issuing');
    const policy = signer ? OID.policyOneTimeSeal : OID.policySeal;
    return oneTimeIdentity(
      await this.#issue(subject, validityMs, request.keyAlgorithm ?? 'P-256', (key) => endEntityExtensions(key, this.#issuing.key, urls, policy), minimumMs),
    );
  }

  /** A legal person's seal certificate (a tenant's stamp). */
  async issueSealCertificate(request: SealCertificateRequest): Promise<SignerIdentity> {
    if (!request.organizationName?.trim() || (request.country !== undefined && !COUNTRY.test(request.country))) {
      throw new SigningError('CERTIFICATE_INVALID', 'a seal certificate needs an organization name (and a two-letter country code)');
    }
    const subject: NameAttribute[] = [
      ...optional(OID.country, request.country),
      { type: OID.organization, value: bounded(request.organizationName) },
      ...optional(OID.organizationIdentifier, request.organizationIdentifier),
      { type: OID.commonName, value: bounded(request.organizationName) },
    ];
    const urls = publicationUrls(this.#baseUrl, 'issuing');
    return this.#issue(subject, positive(request.validityDays, 365) * DAY, request.keyAlgorithm, (key) =>
      endEntityExtensions(key, this.#issuing.key, urls, OID.policySeal),
    );
  }

  async issueTsaCertificate(request: TsaCertificateRequest = {}): Promise<SignerIdentity> {
    const subject: NameAttribute[] = [
      { type: OID.organization, value: this.name },
      { type: OID.commonName, value: request.commonName ?? `${this.name} Time-Stamping Authority` },
    ];
    const urls = publicationUrls(this.#baseUrl, 'issuing');
    return this.#issue(subject, positive(request.validityDays, 5 * 365) * DAY, request.keyAlgorithm, (key) => tsaExtensions(key, this.#issuing.key, urls));
  }

  // ------------------------------------------------------------ revocation

  /** Revokes a certificate issued by this CA (serial as DER bytes or hex). Persist `revocations` afterwards. */
  revoke(serial: Uint8Array | string, reason: RevocationReason = 'unspecified', at: Date = this.#now()): RevocationEntry {
    if (!(reason in revocationReasons)) throw new SigningError('UNSUPPORTED', `unknown revocation reason ${reason}`);
    const serialHex = normaliseSerial(serial);
    const existing = this.#revoked.get(serialHex);
    if (existing) return existing;
    const issuer = serialHex === toHex(this.#issuing.certificate.serial) ? 'root' : 'issuing';
    const entry: RevocationEntry = { serialHex, issuer, reason, revokedAt: at.toISOString() };
    this.#revoked.set(serialHex, entry);
    return entry;
  }

  get revocations(): RevocationEntry[] {
    return [...this.#revoked.values()].map((entry) => ({ ...entry }));
  }

  /** A freshly signed CRL of the given CA. The CRL number is the issuing time in seconds: monotonic without state. */
  crl(issuer: 'root' | 'issuing'): Der {
    const authority = issuer === 'root' ? this.#root : this.#issuing;
    const now = this.#now();
    return buildCrl({
      issuer: authority.certificate,
      issuerKey: authority.key,
      thisUpdate: now,
      nextUpdate: new Date(now.getTime() + (this.#options.crlValidityHours ?? 24) * 60 * MINUTE),
      crlNumber: Math.floor(now.getTime() / 1000),
      revoked: [...this.#revoked.values()]
        .filter((entry) => entry.issuer === issuer)
        .map((entry) => ({ serial: Buffer.from(entry.serialHex, 'hex'), revokedAt: new Date(entry.revokedAt), reason: entry.reason })),
    });
  }

  /** An OCSP response (signed by the certificate's issuer) for a certificate this CA issued. */
  ocspResponse(certificate: Der): Der {
    const parsed = parseOrThrow(certificate);
    const authority = this.#issuerOf(parsed);
    if (!authority) throw new SigningError('CERTIFICATE_INVALID', 'certificate was not issued by this authority');
    return this.#signOcsp(authority, [certIdFor(parsed.serial, authority.certificate)]);
  }

  /** Answers a DER OCSPRequest (for the HTTP responder); malformed or foreign requests get an error status. */
  respondOcsp(requestDer: Der): Der {
    let request;
    try {
      request = parseOcspRequest(requestDer);
    } catch {
      return buildOcspErrorResponse('malformedRequest');
    }
    const authority = [this.#issuing, this.#root].find((candidate) => certIdMatchesIssuer(request.certIds[0]!, candidate.certificate));
    if (!authority || !request.certIds.every((certId) => certIdMatchesIssuer(certId, authority.certificate))) {
      return buildOcspErrorResponse('unauthorized');
    }
    return this.#signOcsp(authority, request.certIds, request.nonce);
  }

  #signOcsp(authority: Authority, certIds: CertId[], nonce?: Uint8Array): Der {
    const now = this.#now();
    const nextUpdate = new Date(now.getTime() + (this.#options.ocspValidityHours ?? 24) * 60 * MINUTE);
    const responses = certIds.map((certId): SingleResponse => {
      const entry = this.#revoked.get(toHex(certId.serial));
      const certStatus: SingleResponse['certStatus'] = entry
        ? { status: 'revoked', revokedAt: new Date(entry.revokedAt), reasonCode: revocationReasons[entry.reason] }
        : { status: 'good' };
      return { certId, certStatus, thisUpdate: now, nextUpdate };
    });
    return buildOcspResponse({ certificate: authority.certificate, key: authority.key, certificates: [authority.certificate.der] }, responses, now, nonce);
  }

  #issuerOf(certificate: ParsedCertificate): Authority | undefined {
    return [this.#issuing, this.#root].find(
      (authority) =>
        bytesEqual(certificate.issuer, authority.certificate.subject) &&
        !bytesEqual(certificate.der, authority.certificate.der) &&
        verifyWithAlgorithm(certificate.signatureAlgorithm, certificate.tbs, certificate.signature, publicKeyOf(authority.certificate)),
    );
  }

  /** CRL of the issuer plus an OCSP response, for every certificate this CA issued (roots get nothing). */
  revocationSource(): RevocationSource {
    return {
      revocationFor: async (certificate: Der): Promise<RevocationData> => {
        const parsed = parseOrThrow(certificate);
        const authority = this.#issuerOf(parsed);
        if (!authority) return { crls: [], ocsps: [] };
        return {
          crls: [this.crl(authority === this.#root ? 'root' : 'issuing')],
          ocsps: [this.#signOcsp(authority, [certIdFor(parsed.serial, authority.certificate)])],
        };
      },
    };
  }
}

function normaliseSerial(serial: Uint8Array | string): string {
  const hex = typeof serial === 'string' ? serial.replace(/[:\s]/g, '').toLowerCase() : toHex(serial);
  if (!/^[0-9a-f]+$/.test(hex)) throw new SigningError('CERTIFICATE_INVALID', 'bad serial number');
  const stripped = hex.replace(/^(00)+(?=[0-9a-f]{2})/, '');
  return stripped.length % 2 ? `0${stripped}` : stripped;
}

/** IA5String-safe address (internationalised addresses would need SmtpUTF8Mailbox, not supported). */
const EMAIL = /^[\x21-\x3f\x41-\x7e]{1,64}@[A-Za-z0-9.-]{1,190}$/;
const COUNTRY = /^[A-Z]{2}$/;

/** RFC 5280 upper bound for CN and O is 64 characters; the full name stays in GN/SN. */
const bounded = (value: string): string => [...value.trim()].slice(0, 64).join('');

const optional = (type: string, value: string | undefined): NameAttribute[] => (value?.trim() ? [{ type, value: bounded(value) }] : []);

function positive(value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new SigningError('CERTIFICATE_INVALID', 'validity must be a positive number');
  return value;
}

const parseOrThrow = (certificate: Der): ParsedCertificate => guard('CERTIFICATE_INVALID', 'malformed certificate', () => parseCertificate(certificate));
