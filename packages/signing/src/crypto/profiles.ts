/**
 * Certificate profiles of the local PKI (see docs/crypto.md for the table). Each function returns the
 * extension list for buildCertificate().
 */
import type { KeyObject } from 'node:crypto';
import { boolean, implicitPrimitive, integer, namedBits, octetString, oid, sequence, implicitConstructed } from './der.ts';
import { OID } from './oids.ts';
import { extension, keyIdentifier } from './x509.ts';

/** KeyUsage bit numbers (RFC 5280 §4.2.1.3). */
const KU = { digitalSignature: 0, nonRepudiation: 1, keyCertSign: 5, cRLSign: 6 } as const;

/**
 * What issued certificates advertise: the issuer's CRL (CRL DP) and certificate (AIA caIssuers). No AIA OCSP
 * URL, although the server answers OCSP at /pki/ocsp and B-LT signatures embed OCSP responses: poppler 22.12
 * (pdfsig, Okular, Evince) reports "Unknown issue with Certificate" for any certificate with an OCSP URL whose
 * responder cannot be reached, and for every signature after the first of a document even when it can (NSS
 * accepts the chain; poppler reads a stale NSS error instead of the result). Reproduced with an OpenSSL-made
 * PKI and `openssl ocsp` as responder: it is not an encoding matter. Validators fetch the CRL instead.
 */
export interface PublicationUrls {
  /** CRL of the certificate's issuer. */
  crl?: string;
  /** Where the issuer certificate can be downloaded (DER). */
  caIssuers?: string;
}

/** The URLs published by a CA served under `baseUrl` (the server exposes them later). */
export function publicationUrls(baseUrl: string | undefined, issuer: 'root' | 'issuing'): PublicationUrls {
  if (!baseUrl) return {};
  const base = baseUrl.replace(/\/+$/, '');
  return { crl: `${base}/pki/${issuer}.crl`, caIssuers: `${base}/pki/${issuer}.cer` };
}

const keyUsage = (...bits: number[]): Uint8Array => extension(OID.keyUsage, true, namedBits(bits));
const subjectKeyId = (key: KeyObject): Uint8Array => extension(OID.subjectKeyIdentifier, false, octetString(keyIdentifier(key)));
const authorityKeyId = (issuerKey: KeyObject): Uint8Array =>
  extension(OID.authorityKeyIdentifier, false, sequence(implicitPrimitive(0, keyIdentifier(issuerKey))));
const policies = (...oids: string[]): Uint8Array => extension(OID.certificatePolicies, false, sequence(...oids.map((policy) => sequence(oid(policy)))));

function publication(urls: PublicationUrls): Uint8Array[] {
  const out: Uint8Array[] = [];
  if (urls.crl) {
    // DistributionPoint { distributionPoint [0] { fullName [0] GeneralNames { uniformResourceIdentifier [6] } } }
    const uri = implicitPrimitive(6, Buffer.from(urls.crl, 'latin1'));
    out.push(extension(OID.crlDistributionPoints, false, sequence(sequence(implicitConstructed(0, implicitConstructed(0, uri))))));
  }
  if (urls.caIssuers) {
    const caIssuers = sequence(oid(OID.accessCaIssuers), implicitPrimitive(6, Buffer.from(urls.caIssuers, 'latin1')));
    out.push(extension(OID.authorityInfoAccess, false, sequence(caIssuers)));
  }
  return out;
}

export function rootCaExtensions(key: KeyObject): Uint8Array[] {
  return [extension(OID.basicConstraints, true, sequence(boolean(true))), keyUsage(KU.keyCertSign, KU.cRLSign), subjectKeyId(key)];
}

export function issuingCaExtensions(key: KeyObject, rootKey: KeyObject, urls: PublicationUrls): Uint8Array[] {
  return [
    extension(OID.basicConstraints, true, sequence(boolean(true), integer(0))),
    keyUsage(KU.digitalSignature, KU.keyCertSign, KU.cRLSign),
    subjectKeyId(key),
    authorityKeyId(rootKey),
    policies('2.5.29.32.0'), // anyPolicy: lets relying parties that process policies accept our end-entity policies
    ...publication(urls),
  ];
}

/**
 * Natural-person signer and legal-person seal certificates: digitalSignature + nonRepudiation, and no extended
 * key usage at all (NSS rejects documentSigning-only certificates; pades.md pitfall 8).
 */
export function endEntityExtensions(key: KeyObject, issuerKey: KeyObject, urls: PublicationUrls, policy: string, email?: string): Uint8Array[] {
  const out = [
    extension(OID.basicConstraints, false, sequence()),
    keyUsage(KU.digitalSignature, KU.nonRepudiation),
    subjectKeyId(key),
    authorityKeyId(issuerKey),
    policies(policy),
    ...publication(urls),
  ];
  if (email) out.push(extension(OID.subjectAltName, false, sequence(implicitPrimitive(1, Buffer.from(email, 'latin1')))));
  return out;
}

/** RFC 3161 §2.3: exactly one EKU, id-kp-timeStamping, critical (pitfall 7). */
export function tsaExtensions(key: KeyObject, issuerKey: KeyObject, urls: PublicationUrls): Uint8Array[] {
  return [
    extension(OID.basicConstraints, false, sequence()),
    keyUsage(KU.digitalSignature, KU.nonRepudiation),
    extension(OID.extKeyUsage, true, sequence(oid(OID.ekuTimeStamping))),
    subjectKeyId(key),
    authorityKeyId(issuerKey),
    policies(OID.policyTimestamp),
    ...publication(urls),
  ];
}
