/**
 * CMS signatures for PDF (PAdES baseline B-B / B-T, PAdES-compatible PKCS#7, ISO 32000-1 PKCS#7).
 * The hot path is synchronous node:crypto plus pre-encoded DER: see signed-data.ts.
 */
import { SigningError } from '../errors.ts';
import { sha256 } from './algorithms.ts';
import { x509Time } from './der.ts';
import { asSigningError } from './guard.ts';
import { OID } from './oids.ts';
import { assembleSignedData, attribute, contentTypeAttribute, messageDigestAttribute, signAttributesWith, signerMaterial } from './signed-data.ts';
import type { CmsSignatureRequest, Der } from './types.ts';

const dataContentType = contentTypeAttribute(OID.data);

export async function buildSignatureCms(request: CmsSignatureRequest): Promise<Der> {
  if (!(request.contentDigest instanceof Uint8Array) || request.contentDigest.length !== 32) {
    throw new SigningError('CMS_INVALID', 'contentDigest must be the 32-byte SHA-256 of the signed byte ranges');
  }
  const material = signerMaterial(request.signer);
  const attributes = [dataContentType, messageDigestAttribute(request.contentDigest)];
  switch (request.format) {
    case 'PADES':
    case 'PADES-COMP':
      // ETSI EN 319 142-1: no signing-time (the claimed time is the dictionary's /M); exactly one signing-certificate-v2.
      attributes.push(material.signingCertificateV2);
      break;
    case 'ISO-32000-1':
      attributes.push(attribute(OID.signingTime, x509Time(request.signingTime ?? new Date())));
      break;
    default:
      throw new SigningError('UNSUPPORTED', `unknown signature format ${String(request.format)}`);
  }
  const signed = await signAttributesWith(material, attributes).catch((error: unknown) => {
    throw asSigningError(error, 'CMS_INVALID', 'signing failed');
  });
  const unsignedAttributes: Uint8Array[] = [];
  if (request.tsa) {
    // B-T: signature time-stamp over the signature VALUE (RFC 5652 SignerInfo.signature), ETSI EN 319 122-1 §5.3.
    const token = await request.tsa.timestamp({ hashAlgorithm: 'SHA-256', digest: sha256(signed.signatureValue) }).catch((error: unknown) => {
      throw asSigningError(error, 'TSA_UNAVAILABLE', 'time-stamping failed');
    });
    unsignedAttributes.push(attribute(OID.signatureTimeStampToken, token));
  }
  return assembleSignedData(material, signed, { eContentType: OID.data, includeCertificates: true, unsignedAttributes });
}
