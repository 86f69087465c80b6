/**
 * CMS SignedData (RFC 5652) built by direct DER encoding. Shared by PDF signatures (cms.ts) and RFC 3161 tokens
 * (tsa.ts). Everything that depends only on the signer identity — the certificate set, the SignerIdentifier, the
 * ESS signing-certificate-v2 attribute, algorithm identifiers — is encoded once and cached per identity.
 */
import { signSha256, sha256, sha256AlgorithmIdentifier, signatureAlgorithmFor } from './algorithms.ts';
import { explicit, implicitConstructed, integer, octetString, oid, sequence, set, setOf } from './der.ts';
import { OID } from './oids.ts';
import { bytesEqual, parseCertificate, spkiOf, type ParsedCertificate } from './x509.ts';
import type { Der, SignerIdentity } from './types.ts';
import { SigningError } from '../errors.ts';
import { guard } from './guard.ts';

export interface SignerMaterial {
  identity: SignerIdentity;
  certificate: ParsedCertificate;
  /** [0] IMPLICIT CertificateSet: signer certificate then chain, duplicates removed. */
  certificateSet: Uint8Array;
  /** IssuerAndSerialNumber. */
  signerIdentifier: Uint8Array;
  /** Attribute: signing-certificate-v2 with one ESSCertIDv2 (SHA-256, IssuerSerial with [4] directoryName). */
  signingCertificateV2: Uint8Array;
  signatureAlgorithm: Uint8Array;
}

const materialCache = new WeakMap<SignerIdentity, SignerMaterial>();

export function attribute(type: string, ...values: Uint8Array[]): Uint8Array {
  return sequence(oid(type), set(...values));
}

/** Encoded once per identity object; recomputed if the identity's certificate was replaced. */
export function signerMaterial(identity: SignerIdentity): SignerMaterial {
  const cached = materialCache.get(identity);
  if (cached && cached.certificate.der === identity.certificate) return cached;
  const material = guard('CERTIFICATE_INVALID', 'signer certificate', () => buildMaterial(identity));
  materialCache.set(identity, material);
  return material;
}

function buildMaterial(identity: SignerIdentity): SignerMaterial {
  const certificate = parseCertificate(identity.certificate);
  if (!bytesEqual(spkiOf(identity.privateKey), certificate.spki)) {
    throw new SigningError('CERTIFICATE_INVALID', 'the private key does not match the signer certificate');
  }
  const unique: Der[] = [];
  for (const der of [identity.certificate, ...identity.chain]) if (!unique.some((seen) => bytesEqual(seen, der))) unique.push(der);
  const serial = integer(certificate.serial);
  const essCertIdV2 = sequence(
    // hashAlgorithm omitted: SHA-256 is the DEFAULT (DER forbids encoding a default value)
    octetString(sha256(identity.certificate)),
    sequence(sequence(explicit(4, certificate.issuer)), serial),
  );
  return {
    identity,
    certificate,
    certificateSet: implicitConstructed(0, ...unique),
    signerIdentifier: sequence(certificate.issuer, serial),
    signingCertificateV2: attribute(OID.signingCertificateV2, sequence(sequence(essCertIdV2))),
    signatureAlgorithm: signatureAlgorithmFor(identity.privateKey),
  };
}

export const contentTypeAttribute = (contentType: string): Uint8Array => attribute(OID.contentType, oid(contentType));
export const messageDigestAttribute = (digest: Uint8Array): Uint8Array => attribute(OID.messageDigest, octetString(digest));

export interface SignedAttributesResult {
  /** The signed attributes as hashed (SET OF, tag 0x31). */
  signedAttributes: Uint8Array;
  signatureValue: Uint8Array;
}

/** Signs the DER SET OF signed attributes (RFC 5652 §5.4). */
export function signAttributes(material: SignerMaterial, attributes: Uint8Array[]): SignedAttributesResult {
  const signedAttributes = setOf(attributes);
  return { signedAttributes, signatureValue: signSha256(material.identity.privateKey, signedAttributes) };
}

export interface AssembleOptions {
  eContentType: string;
  /** Encapsulated content (RFC 3161 TSTInfo); absent for detached PDF signatures. */
  eContent?: Uint8Array;
  includeCertificates: boolean;
  unsignedAttributes?: Uint8Array[];
}

/** ContentInfo { signedData, SignedData } around one SignerInfo. */
export function assembleSignedData(material: SignerMaterial, signed: SignedAttributesResult, options: AssembleOptions): Der {
  const signedAttributesImplicit = Uint8Array.from(signed.signedAttributes);
  signedAttributesImplicit[0] = 0xa0; // [0] IMPLICIT SET OF Attribute
  const unsigned = options.unsignedAttributes?.length ? [implicitConstructed(1, ...options.unsignedAttributes)] : [];
  const signerInfo = sequence(
    integer(1),
    material.signerIdentifier,
    sha256AlgorithmIdentifier,
    signedAttributesImplicit,
    material.signatureAlgorithm,
    octetString(signed.signatureValue),
    ...unsigned,
  );
  const encapsulated = options.eContent
    ? sequence(oid(options.eContentType), explicit(0, octetString(options.eContent)))
    : sequence(oid(options.eContentType));
  const signedData = sequence(
    integer(options.eContentType === OID.data ? 1 : 3), // RFC 5652 §5.1: v3 when eContentType is not id-data
    set(sha256AlgorithmIdentifier),
    encapsulated,
    ...(options.includeCertificates ? [material.certificateSet] : []),
    set(signerInfo),
  );
  return sequence(oid(OID.signedData), explicit(0, signedData));
}
