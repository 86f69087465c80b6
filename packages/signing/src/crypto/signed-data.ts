/**
 * CMS SignedData (RFC 5652) built by direct DER encoding. Shared by PDF signatures (cms.ts) and RFC 3161 tokens
 * (tsa.ts). Everything that depends only on the signer identity — the certificate set, the SignerIdentifier, the
 * ESS signing-certificate-v2 attribute, algorithm identifiers — is encoded once and cached per identity.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { signSha256, sha256, sha256AlgorithmIdentifier, signatureAlgorithmFor } from './algorithms.ts';
import { explicit, implicitConstructed, integer, octetString, oid, sequence, set, setOf } from './der.ts';
import { OID } from './oids.ts';
import { bytesEqual, parseCertificate, spkiOf, type ParsedCertificate } from './x509.ts';
import type { CmsSigner, Der, ExternalSignerIdentity } from './types.ts';
import { SigningError } from '../errors.ts';
import { guard } from './guard.ts';

export interface SignerMaterial {
  identity: CmsSigner;
  /** The certificate's public key (checks an external signer's answer). */
  publicKey: KeyObject;
  certificate: ParsedCertificate;
  /** [0] IMPLICIT CertificateSet: signer certificate then chain, duplicates removed. */
  certificateSet: Uint8Array;
  /** IssuerAndSerialNumber. */
  signerIdentifier: Uint8Array;
  /** Attribute: signing-certificate-v2 with one ESSCertIDv2 (SHA-256, IssuerSerial with [4] directoryName). */
  signingCertificateV2: Uint8Array;
  signatureAlgorithm: Uint8Array;
}

const materialCache = new WeakMap<CmsSigner, SignerMaterial>();

export const isExternalSigner = (signer: CmsSigner): signer is ExternalSignerIdentity =>
  !('privateKey' in signer) && typeof (signer as ExternalSignerIdentity).signDigest === 'function';

export function attribute(type: string, ...values: Uint8Array[]): Uint8Array {
  return sequence(oid(type), set(...values));
}

/** Encoded once per identity object; recomputed if the identity's certificate was replaced. */
export function signerMaterial(identity: CmsSigner): SignerMaterial {
  const cached = materialCache.get(identity);
  if (cached && cached.certificate.der === identity.certificate) return cached;
  const material = guard('CERTIFICATE_INVALID', 'signer certificate', () => buildMaterial(identity));
  materialCache.set(identity, material);
  return material;
}

function buildMaterial(identity: CmsSigner): SignerMaterial {
  const certificate = parseCertificate(identity.certificate);
  const publicKey = createPublicKey({ key: Buffer.from(certificate.spki), format: 'der', type: 'spki' });
  if (!isExternalSigner(identity) && !bytesEqual(spkiOf(identity.privateKey), certificate.spki)) {
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
    publicKey,
    certificate,
    certificateSet: implicitConstructed(0, ...unique),
    signerIdentifier: sequence(certificate.issuer, serial),
    signingCertificateV2: attribute(OID.signingCertificateV2, sequence(sequence(essCertIdV2))),
    signatureAlgorithm: signatureAlgorithmFor(publicKey),
  };
}

export const contentTypeAttribute = (contentType: string): Uint8Array => attribute(OID.contentType, oid(contentType));
export const messageDigestAttribute = (digest: Uint8Array): Uint8Array => attribute(OID.messageDigest, octetString(digest));

export interface SignedAttributesResult {
  /** The signed attributes as hashed (SET OF, tag 0x31). */
  signedAttributes: Uint8Array;
  signatureValue: Uint8Array;
}

/** Signs the DER SET OF signed attributes (RFC 5652 §5.4) with a key in memory. */
export function signAttributes(material: SignerMaterial, attributes: Uint8Array[]): SignedAttributesResult {
  const signedAttributes = setOf(attributes);
  const { identity } = material;
  if (isExternalSigner(identity)) throw new SigningError('UNSUPPORTED', 'this structure needs a signer key in memory');
  return { signedAttributes, signatureValue: signSha256(identity.privateKey, signedAttributes) };
}

/**
 * The same for any signer: an external one gets the SHA-256 digest of the signed attributes and answers the
 * signature value, which is verified against the certificate (a wrong key or a garbled answer never reaches a PDF).
 */
export async function signAttributesWith(material: SignerMaterial, attributes: Uint8Array[]): Promise<SignedAttributesResult> {
  const { identity } = material;
  if (!isExternalSigner(identity)) return signAttributes(material, attributes);
  const signedAttributes = setOf(attributes);
  const signatureValue = await identity.signDigest(sha256(signedAttributes));
  if (!(signatureValue instanceof Uint8Array) || !verify('sha256', signedAttributes, material.publicKey, signatureValue)) {
    throw new SigningError('CMS_INVALID', 'the external signer returned a signature value that does not verify with the signer certificate');
  }
  return { signedAttributes, signatureValue };
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
  const encapsulated = options.eContent ? sequence(oid(options.eContentType), explicit(0, octetString(options.eContent))) : sequence(oid(options.eContentType));
  const signedData = sequence(
    integer(options.eContentType === OID.data ? 1 : 3), // RFC 5652 §5.1: v3 when eContentType is not id-data
    set(sha256AlgorithmIdentifier),
    encapsulated,
    ...(options.includeCertificates ? [material.certificateSet] : []),
    set(signerInfo),
  );
  return sequence(oid(OID.signedData), explicit(0, signedData));
}
