/** Verification helpers behind the verify report: CMS signatures, RFC 3161 tokens, certificate descriptions. */
import { digest, hashNameOf } from './algorithms.ts';
import { checkSigner, parseSignedData, singleAttribute, type AttributeMap, type ParsedSignerInfo } from './cms-parse.ts';
import { DerError, children, expectTag, fields, parseDer, raw, readIntegerBytes, readOctets, readOid, readTime, type DerNode } from './der.ts';
import { guard } from './guard.ts';
import { OID } from './oids.ts';
import { bytesEqual, commonNameOf, extendedKeyUsage, nameToString, parseCertificate, toHex, type ParsedCertificate } from './x509.ts';
import type { CmsVerification, Der, TimestampVerification } from './types.ts';

export type HashName = 'sha1' | 'sha256' | 'sha384' | 'sha512';

/**
 * Checks a PDF signature's CMS against the signed byte ranges. `contentDigest` is their SHA-256, or a function
 * computing their digest with the algorithm the CMS declares (for third-party SHA-384/512 signatures).
 * Throws SigningError CMS_INVALID only when the bytes are not a SignedData at all.
 */
export function verifyCmsSignature(cmsDer: Der, contentDigest: Uint8Array | ((hash: HashName) => Uint8Array)): CmsVerification {
  const signedData = guard('CMS_INVALID', 'malformed CMS', () => parseSignedData(cmsDer));
  const errors: string[] = [];
  const info = signedData.signerInfos[0];
  if (!info) {
    return { integrity: false, certificates: signedData.certificates, hasSigningCertificateV2: false, errors: ['no SignerInfo'] };
  }
  if (signedData.signerInfos.length > 1) errors.push('more than one SignerInfo; only the first is checked');
  return guard('CMS_INVALID', 'malformed CMS', () => {
    const signer = checkSigner(info, signedData.certificates, errors);
    const digestMatches = checkMessageDigest(info, signer.hash, contentDigest, errors);
    checkAttribute(info.attributes, OID.contentType, OID.data, errors);
    const hasSigningCertificateV2 = info.attributes.has(OID.signingCertificateV2);
    if (signer.certificate) checkSigningCertificate(info.attributes, signer.certificate, errors, false);
    const signingTimeNode = singleAttribute(info.attributes, OID.signingTime, errors, 'signing-time');
    const tokenNode = info.unsignedAttributes.get(OID.signatureTimeStampToken)?.[0]?.[0];
    const result: CmsVerification = {
      integrity: digestMatches && signer.signatureValid,
      certificates: signerFirst(signedData.certificates, signer.certificate?.der),
      hasSigningCertificateV2,
      errors,
    };
    if (signer.certificate) {
      result.signerCertificate = signer.certificate.der;
      result.signerSubject = nameToString(signer.certificate.subjectAttributes);
    }
    if (signingTimeNode) result.signingTimeAttribute = readTime(signingTimeNode);
    if (tokenNode) result.signatureTimestamp = timestampOrFailure(raw(tokenNode), info.signature);
    return result;
  });
}

/** A broken embedded token is reported on the time-stamp, not as an unreadable CMS. */
function timestampOrFailure(token: Der, signatureValue: Uint8Array): TimestampVerification {
  try {
    return verifyTimestampToken(token, { data: signatureValue });
  } catch (error) {
    return { valid: false, certificates: [], errors: [error instanceof Error ? error.message : String(error)] };
  }
}

function checkMessageDigest(
  info: ParsedSignerInfo,
  hash: string | undefined,
  contentDigest: Uint8Array | ((hash: HashName) => Uint8Array),
  errors: string[],
): boolean {
  const node = singleAttribute(info.attributes, OID.messageDigest, errors, 'message-digest');
  if (!node) {
    errors.push('no message-digest attribute');
    return false;
  }
  if (!hash) return false;
  let expected: Uint8Array;
  if (typeof contentDigest === 'function') expected = contentDigest(hash as HashName);
  else if (hash === 'sha256') expected = contentDigest;
  else {
    errors.push(`the CMS uses ${hash}; a digest function is needed to check it`);
    return false;
  }
  const matches = bytesEqual(readOctets(node), expected);
  if (!matches) errors.push('message-digest does not match the signed content (document modified?)');
  return matches;
}

function checkAttribute(attributes: AttributeMap, type: string, expectedOid: string, errors: string[]): void {
  const node = singleAttribute(attributes, type, errors, 'content-type');
  if (!node) errors.push('no content-type attribute');
  else if (readOid(node) !== expectedOid) errors.push(`content-type is ${readOid(node)}, expected ${expectedOid}`);
}

/** ESS signing-certificate(-v2): present (when required), single, and naming the certificate that signed. */
function checkSigningCertificate(attributes: AttributeMap, certificate: ParsedCertificate, errors: string[], required: boolean): boolean {
  const v2 = attributes.get(OID.signingCertificateV2);
  const v1 = attributes.get(OID.signingCertificate);
  if (!v2 && !v1) {
    if (required) errors.push('no ESS signing-certificate attribute');
    return !required;
  }
  const isV2 = v2 !== undefined;
  const node = singleAttribute(attributes, isV2 ? OID.signingCertificateV2 : OID.signingCertificate, errors, 'signing-certificate');
  const [certIds] = fields(node, 0x30, 'SigningCertificate', 1);
  const first = fields(children(expectTag(certIds, 0x30, 'certs'))[0], 0x30, 'ESSCertID', 1);
  let index = 0;
  let hash: string | undefined = isV2 ? 'sha256' : 'sha1';
  if (isV2 && first[0]!.tag === 0x30) hash = hashNameOf(first[index++]);
  const certHash = readOctets(first[index]);
  const matches = hash !== undefined && bytesEqual(certHash, digest(hash, certificate.der));
  if (!matches) errors.push('the ESS signing-certificate attribute does not match the signer certificate');
  return matches;
}

function signerFirst(certificates: Der[], signer: Der | undefined): Der[] {
  if (!signer) return certificates;
  return [signer, ...certificates.filter((der) => der !== signer)];
}

// ---------------------------------------------------------------- RFC 3161 tokens

/**
 * Verifies a TimeStampToken (or a whole TimeStampResp) against the time-stamped data or its digest:
 * imprint, message-digest over TSTInfo, signature, ESS signing-certificate and the TSA certificate's EKU.
 * Chain trust is a separate step (verifyCertificateChain with `tsaCertificate`).
 */
export function verifyTimestampToken(tokenDer: Der, imprint: { digest: Uint8Array } | { data: Uint8Array }): TimestampVerification {
  const token = guard('CMS_INVALID', 'malformed time-stamp token', () => unwrapResponse(tokenDer));
  const signedData = guard('CMS_INVALID', 'malformed time-stamp token', () => parseSignedData(token));
  return guard('CMS_INVALID', 'malformed time-stamp token', () => {
    const errors: string[] = [];
    const result: TimestampVerification = { valid: false, certificates: signedData.certificates, errors };
    if (signedData.eContentType !== OID.tstInfo || !signedData.eContent) {
      errors.push('not an RFC 3161 time-stamp token');
      return result;
    }
    const tstInfo = parseTstInfo(signedData.eContent);
    result.genTime = tstInfo.genTime;
    result.policyOid = tstInfo.policy;
    result.serialNumber = tstInfo.serialHex;
    const imprintMatches = checkImprint(tstInfo, imprint, errors);
    const info = signedData.signerInfos[0];
    if (!info) {
      errors.push('no SignerInfo');
      return result;
    }
    const signer = checkSigner(info, signedData.certificates, errors);
    let contentMatches = false;
    const mdNode = singleAttribute(info.attributes, OID.messageDigest, errors, 'message-digest');
    if (mdNode && signer.hash) contentMatches = bytesEqual(readOctets(mdNode), digest(signer.hash, signedData.eContent));
    if (!contentMatches) errors.push('message-digest does not match the TSTInfo');
    checkAttribute(info.attributes, OID.contentType, OID.tstInfo, errors);
    let essMatches = false;
    if (signer.certificate) {
      result.tsaCertificate = signer.certificate.der;
      result.tsaSubject = nameToString(signer.certificate.subjectAttributes);
      essMatches = checkSigningCertificate(info.attributes, signer.certificate, errors, true);
      const usage = extendedKeyUsage(signer.certificate);
      if (!usage || !usage.critical || usage.usages.length !== 1 || usage.usages[0] !== OID.ekuTimeStamping) {
        errors.push('the TSA certificate lacks the single critical timeStamping extended key usage');
      }
    }
    result.valid = imprintMatches && signer.signatureValid && contentMatches && essMatches && errors.length === 0;
    return result;
  });
}

/** Accepts either a TimeStampToken or a TimeStampResp and returns the token bytes. */
function unwrapResponse(der: Der): Der {
  const [first, second] = fields(parseDer(der, true), 0x30, 'TimeStampToken', 1);
  if (first!.tag === 0x06) return der;
  const [status] = fields(first, 0x30, 'PKIStatusInfo', 1);
  const value = readIntegerBytes(status);
  if (value.length !== 1 || value[0]! > 1) throw new DerError('the time-stamp response is not granted');
  if (!second) throw new DerError('the time-stamp response carries no token');
  return raw(second);
}

export interface TstInfo {
  policy: string;
  hash?: string;
  hashedMessage: Uint8Array;
  serialHex: string;
  genTime: Date;
  nonce?: Uint8Array;
}

export function parseTstInfo(der: Uint8Array): TstInfo {
  const [, policy, messageImprint, serial, genTime, ...rest] = fields(parseDer(der), 0x30, 'TSTInfo', 5);
  const [algorithm, hashedMessage] = fields(messageImprint, 0x30, 'MessageImprint', 2);
  const nonceNode = rest.find((node: DerNode) => node.tag === 0x02);
  return {
    policy: readOid(policy),
    hash: hashNameOf(algorithm),
    hashedMessage: readOctets(hashedMessage),
    serialHex: toHex(readIntegerBytes(serial)),
    genTime: readTime(genTime),
    nonce: nonceNode ? readIntegerBytes(nonceNode) : undefined,
  };
}

function checkImprint(tstInfo: TstInfo, imprint: { digest: Uint8Array } | { data: Uint8Array }, errors: string[]): boolean {
  if (!tstInfo.hash) {
    errors.push('unsupported message imprint hash algorithm');
    return false;
  }
  const expected = 'data' in imprint ? digest(tstInfo.hash, imprint.data) : imprint.digest;
  const matches = bytesEqual(tstInfo.hashedMessage, expected);
  if (!matches) errors.push('the time-stamp does not cover this data (message imprint mismatch)');
  return matches;
}

// ---------------------------------------------------------------- certificates

export interface CertificateDescription {
  subject: string;
  issuer: string;
  serialHex: string;
  notBefore: Date;
  notAfter: Date;
  commonName?: string;
  /** The subject's organizationName (O), when it has one. */
  organization?: string;
  email?: string;
  /** The key usage bits set (RFC 5280 names, e.g. digitalSignature), when the certificate has the extension. */
  keyUsage?: KeyUsageName[];
  /** The certificate policies' OIDs (certificatePolicies extension), empty without it. */
  policies: string[];
}

const keyUsageNames = [
  'digitalSignature',
  'nonRepudiation',
  'keyEncipherment',
  'dataEncipherment',
  'keyAgreement',
  'keyCertSign',
  'cRLSign',
  'encipherOnly',
  'decipherOnly',
] as const;
export type KeyUsageName = (typeof keyUsageNames)[number];

/** The named bits of the keyUsage extension (a BIT STRING: first content byte = unused bits, bit 0 = MSB). */
function keyUsageOf(certificate: ParsedCertificate): KeyUsageName[] | undefined {
  const extension = certificate.extensions.get(OID.keyUsage);
  if (!extension) return undefined;
  const node = expectTag(parseDer(extension.value), 0x03, 'keyUsage');
  const bits = node.buffer.subarray(node.contentStart + 1, node.contentEnd);
  return keyUsageNames.filter((_, bit) => bit < bits.length * 8 && (bits[bit >> 3]! & (0x80 >> (bit & 7))) !== 0);
}

export function describeCertificate(der: Der): CertificateDescription {
  return guard('CERTIFICATE_INVALID', 'malformed certificate', () => {
    const certificate = parseCertificate(der);
    const description: CertificateDescription = {
      subject: nameToString(certificate.subjectAttributes),
      issuer: nameToString(certificate.issuerAttributes),
      serialHex: toHex(certificate.serial),
      notBefore: certificate.notBefore,
      notAfter: certificate.notAfter,
      policies: policiesOf(certificate),
    };
    const organization = certificate.subjectAttributes.find((attribute) => attribute.type === OID.organization)?.value;
    if (organization !== undefined) description.organization = organization;
    const commonName = commonNameOf(certificate.subjectAttributes);
    if (commonName !== undefined) description.commonName = commonName;
    const email = certificate.subjectAttributes.find((attribute) => attribute.type === OID.emailAddress)?.value ?? emailFromAltName(certificate);
    if (email !== undefined) description.email = email;
    const keyUsage = keyUsageOf(certificate);
    if (keyUsage !== undefined) description.keyUsage = keyUsage;
    return description;
  });
}

/** The certificatePolicies OIDs; a malformed extension reads as none (it then matches no profile). */
function policiesOf(certificate: ParsedCertificate): string[] {
  const extension = certificate.extensions.get(OID.certificatePolicies);
  if (!extension) return [];
  try {
    return children(parseDer(extension.value)).flatMap((information) => {
      const [identifier] = children(information);
      return identifier?.tag === 0x06 ? [readOid(identifier)] : [];
    });
  } catch {
    return [];
  }
}

/**
 * A company seal of this engine's CA (its seal or one-time seal policy): the certificate names an organisation as the
 * account that asked for it declared it — whoever checks the name, it is not the CA (the server's verification page,
 * docs/stamps.md "Who a seal is attributed to").
 */
export function isOrganisationSeal(der: Der): boolean {
  const { policies } = describeCertificate(der);
  return policies.includes(OID.policySeal) || policies.includes(OID.policyOneTimeSeal);
}

function emailFromAltName(certificate: ParsedCertificate): string | undefined {
  const extension = certificate.extensions.get(OID.subjectAltName);
  if (!extension) return undefined;
  const rfc822 = children(parseDer(extension.value)).find((name) => name.tag === 0x81);
  return rfc822 ? Buffer.from(rfc822.buffer.subarray(rfc822.contentStart, rfc822.contentEnd)).toString('latin1') : undefined;
}
