import type { KeyObject } from 'node:crypto';

/** DER bytes of an X.509 certificate, CRL, OCSP response, CMS or RFC 3161 structure. */
export type Der = Uint8Array;

/** Key algorithms the local PKI can create (RSA-2048 by default). */
export type KeyAlgorithm = 'RSA-2048' | 'RSA-3072' | 'P-256';

/** What signs: a private key, its certificate and the chain up to (and including) the root. */
export interface SignerIdentity {
  privateKey: KeyObject;
  certificate: Der;
  /** Issuer first, root last. Embedded in the CMS and in the DSS. */
  chain: Der[];
}

/**
 * A signer whose private key is elsewhere (a remote signing service such as a QTSP over the CSC API, an HSM):
 * the engine builds the CMS signed attributes and asks for the signature value of their SHA-256 digest.
 */
export interface ExternalSignerIdentity {
  certificate: Der;
  /** Issuer first, root last. */
  chain: Der[];
  /**
   * The signature value over `digest` (SHA-256 of the DER signed attributes): PKCS#1 v1.5 (sha256WithRSAEncryption)
   * for an RSA certificate, DER ECDSA-Sig-Value for an EC one. Checked against the certificate before use.
   */
  signDigest(digest: Uint8Array): Promise<Uint8Array>;
}

/** What a PDF/CMS signature can be made with: a key in memory, or an external signer. */
export type CmsSigner = SignerIdentity | ExternalSignerIdentity;

/**
 * The three signature formats of the spec (stamp formats; signer signatures use 'PADES').
 * - PADES: /SubFilter ETSI.CAdES.detached, PAdES baseline attributes, no signing-time.
 * - PADES-COMP: /SubFilter adbe.pkcs7.detached with the CAdES attributes (signing-certificate-v2) for older readers.
 * - ISO-32000-1: /SubFilter adbe.pkcs7.detached, plain ISO 32000-1 (signing-time allowed, no ESS attribute).
 */
export type SignatureFormat = 'PADES' | 'PADES-COMP' | 'ISO-32000-1';

export interface MessageImprint {
  hashAlgorithm: 'SHA-256';
  digest: Uint8Array;
}

/** An RFC 3161 time-stamping authority, local (in-process) or remote (HTTP with failover). */
export interface TimestampAuthority {
  /** Returns the TimeStampToken (a CMS ContentInfo, DER). Throws SigningError TSA_UNAVAILABLE / TSA_RESPONSE_INVALID. */
  timestamp(imprint: MessageImprint): Promise<Der>;
}

/** Revocation material for the DSS (B-LT) and for verification. */
export interface RevocationData {
  crls: Der[];
  ocsps: Der[];
}

/** Finds revocation data for a certificate (CRL of its issuer, and/or an OCSP response). */
export interface RevocationSource {
  revocationFor(certificate: Der, issuer: Der): Promise<RevocationData>;
}

export interface CmsSignatureRequest {
  format: SignatureFormat;
  /** SHA-256 of the signed byte ranges. */
  contentDigest: Uint8Array;
  signer: CmsSigner;
  /** Only used by ISO-32000-1 (signing-time attribute); PAdES formats carry the claimed time in /M. */
  signingTime?: Date;
  /** When given, a signature time-stamp (id-aa-signatureTimeStampToken) is added: level B-T. */
  tsa?: TimestampAuthority;
}

export interface CmsVerification {
  /** message-digest attribute equals the given content digest and the signature value verifies with the certificate. */
  integrity: boolean;
  signerCertificate?: Der;
  signerSubject?: string;
  /** All certificates carried by the CMS (signer first when found). */
  certificates: Der[];
  /** id-aa-signatureTimeStampToken, when present and whether it is valid over the signature value. */
  signatureTimestamp?: TimestampVerification;
  signingTimeAttribute?: Date;
  hasSigningCertificateV2: boolean;
  errors: string[];
}

export interface TimestampVerification {
  valid: boolean;
  genTime?: Date;
  tsaSubject?: string;
  tsaCertificate?: Der;
  /** TSTInfo policy and serial number (hex), when the token could be read. */
  policyOid?: string;
  serialNumber?: string;
  certificates: Der[];
  errors: string[];
}

export interface ChainVerification {
  /** Path built from the signer certificate to one of the trusted roots, signatures and validity checked at `at`. */
  trusted: boolean;
  /**
   * The path reaches one of the trusted roots (whatever else is wrong with it: expiry, a non-CA link, revocation).
   * False for a self-signed certificate nobody trusted or a chain that stops at an unknown issuer: the EU DSS's
   * NO_CERTIFICATE_CHAIN_FOUND.
   */
  anchored: boolean;
  path: Der[];
  revoked: boolean;
  errors: string[];
}
