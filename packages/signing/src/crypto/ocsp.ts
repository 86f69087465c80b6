/** OCSP (RFC 6960): building basic responses, parsing requests and responses. */
import type { KeyObject } from 'node:crypto';
import { digest, signSha256, signatureAlgorithmFor } from './algorithms.ts';
import {
  DerError,
  bitString,
  children,
  enumerated,
  explicit,
  expectTag,
  fields,
  generalizedTime,
  implicitConstructed,
  implicitPrimitive,
  integer,
  nullValue,
  octetString,
  oid,
  parseDer,
  raw,
  readBitString,
  readIntegerBytes,
  readOctets,
  readOid,
  readSmallInteger,
  readTime,
  sequence,
  type DerNode,
} from './der.ts';
import { OID, hashNames } from './oids.ts';
import { bytesEqual, type ParsedCertificate } from './x509.ts';
import type { Der } from './types.ts';

export interface CertId {
  hash: 'sha1' | 'sha256' | 'sha384' | 'sha512';
  issuerNameHash: Uint8Array;
  issuerKeyHash: Uint8Array;
  serial: Uint8Array;
}

const hashOids: Record<CertId['hash'], string> = { sha1: OID.sha1, sha256: OID.sha256, sha384: OID.sha384, sha512: OID.sha512 };

export function certIdFor(serial: Uint8Array, issuer: ParsedCertificate, hash: CertId['hash'] = 'sha1'): CertId {
  return {
    hash,
    issuerNameHash: digest(hash, issuer.subject),
    issuerKeyHash: digest(hash, issuer.publicKeyBits),
    serial,
  };
}

export function certIdMatchesIssuer(certId: CertId, issuer: ParsedCertificate): boolean {
  return bytesEqual(certId.issuerNameHash, digest(certId.hash, issuer.subject)) && bytesEqual(certId.issuerKeyHash, digest(certId.hash, issuer.publicKeyBits));
}

function encodeCertId(certId: CertId): Uint8Array {
  return sequence(
    sequence(oid(hashOids[certId.hash]), nullValue()),
    octetString(certId.issuerNameHash),
    octetString(certId.issuerKeyHash),
    integer(certId.serial),
  );
}

function readCertId(node: DerNode | undefined): CertId {
  const [algorithm, nameHash, keyHash, serial] = fields(node, 0x30, 'CertID', 4);
  const hash = hashNames[readOid(children(expectTag(algorithm, 0x30, 'hashAlgorithm'))[0])];
  if (!hash) throw new DerError('unsupported CertID hash');
  return { hash, issuerNameHash: readOctets(nameHash), issuerKeyHash: readOctets(keyHash), serial: readIntegerBytes(serial) };
}

export type CertStatus = { status: 'good' } | { status: 'revoked'; revokedAt: Date; reasonCode?: number } | { status: 'unknown' };

export interface SingleResponse {
  certId: CertId;
  certStatus: CertStatus;
  thisUpdate: Date;
  nextUpdate?: Date;
}

export interface OcspResponder {
  certificate: ParsedCertificate;
  key: KeyObject;
  /** Certificates to ship with the response (the responder certificate, so any client can find the signer). */
  certificates: Der[];
}

function encodeStatus(status: CertStatus): Uint8Array {
  switch (status.status) {
    case 'good':
      return implicitPrimitive(0, new Uint8Array(0));
    case 'unknown':
      return implicitPrimitive(2, new Uint8Array(0));
    case 'revoked':
      return implicitConstructed(
        1,
        generalizedTime(status.revokedAt),
        ...(status.reasonCode === undefined ? [] : [explicit(0, enumerated(status.reasonCode))]),
      );
  }
}

/** A successful OCSPResponse carrying a BasicOCSPResponse signed by `responder` (responderID byKey). */
export function buildOcspResponse(responder: OcspResponder, responses: SingleResponse[], producedAt: Date, nonce?: Uint8Array): Der {
  const signatureAlgorithm = signatureAlgorithmFor(responder.key);
  const keyHash = digest('sha1', responder.certificate.publicKeyBits);
  const tbs = sequence(
    explicit(2, octetString(keyHash)),
    generalizedTime(producedAt),
    sequence(
      ...responses.map((response) =>
        sequence(
          encodeCertId(response.certId),
          encodeStatus(response.certStatus),
          generalizedTime(response.thisUpdate),
          ...(response.nextUpdate ? [explicit(0, generalizedTime(response.nextUpdate))] : []),
        ),
      ),
    ),
    ...(nonce ? [explicit(1, sequence(sequence(oid(OID.ocspNonce), octetString(octetString(nonce)))))] : []),
  );
  const basic = sequence(tbs, signatureAlgorithm, bitString(signSha256(responder.key, tbs)), explicit(0, sequence(...responder.certificates)));
  return sequence(enumerated(0), explicit(0, sequence(oid(OID.ocspBasic), octetString(basic))));
}

/** OCSPResponseStatus values for unsuccessful responses. */
export const ocspErrorStatus = { malformedRequest: 1, internalError: 2, tryLater: 3, unauthorized: 6 } as const;

export function buildOcspErrorResponse(status: keyof typeof ocspErrorStatus): Der {
  return sequence(enumerated(ocspErrorStatus[status]));
}

export interface ParsedOcspRequest {
  certIds: CertId[];
  nonce?: Uint8Array;
}

export function parseOcspRequest(der: Uint8Array): ParsedOcspRequest {
  const [tbsRequest] = fields(parseDer(der), 0x30, 'OCSPRequest', 1);
  const tbsFields = fields(tbsRequest, 0x30, 'TBSRequest', 1);
  const requestList = tbsFields.find((node) => node.tag === 0x30);
  const certIds = children(expectTag(requestList, 0x30, 'requestList')).map((request) => readCertId(children(request)[0]));
  if (certIds.length === 0) throw new DerError('empty OCSP request');
  const extensions = tbsFields.find((node) => node.tag === 0xa2);
  return { certIds, nonce: extensions ? findNonce(children(extensions)[0]) : undefined };
}

function findNonce(extensions: DerNode | undefined): Uint8Array | undefined {
  for (const ext of extensions ? children(extensions) : []) {
    const parts = children(ext);
    if (readOid(parts[0]) !== OID.ocspNonce) continue;
    const value = readOctets(parts[parts.length - 1]);
    // RFC 8954: the nonce is an OCTET STRING inside the extension value; some clients send raw bytes.
    try {
      const inner = parseDer(value);
      if (inner.tag === 0x04) return readOctets(inner);
    } catch {
      /* raw nonce */
    }
    return value;
  }
  return undefined;
}

export interface ParsedOcspResponse {
  responseStatus: number;
  tbs: Uint8Array;
  responderKeyHash?: Uint8Array;
  responderName?: Uint8Array;
  producedAt: Date;
  responses: SingleResponse[];
  signatureAlgorithm: DerNode;
  signature: Uint8Array;
  certificates: Der[];
  nonce?: Uint8Array;
}

export function parseOcspResponse(der: Uint8Array): ParsedOcspResponse {
  const [statusNode, bytesWrapper] = fields(parseDer(der), 0x30, 'OCSPResponse', 1);
  const responseStatus = readSmallInteger(statusNode, 0x0a);
  if (responseStatus !== 0 || !bytesWrapper) throw new DerError(`OCSP response status ${responseStatus}`);
  const [type, basicOctets] = fields(children(expectTag(bytesWrapper, 0xa0, 'responseBytes'))[0], 0x30, 'ResponseBytes', 2);
  if (readOid(type) !== OID.ocspBasic) throw new DerError('not a basic OCSP response');
  const [tbsNode, signatureAlgorithm, signatureNode, certsWrapper] = fields(parseDer(readOctets(basicOctets)), 0x30, 'BasicOCSPResponse', 3);
  let tbsFields = fields(tbsNode, 0x30, 'ResponseData', 3);
  if (tbsFields[0]!.tag === 0xa0) tbsFields = tbsFields.slice(1);
  const [responderId, producedAt, responseList, extensions] = tbsFields;
  const responderInner = children(responderId!)[0];
  const responses = children(expectTag(responseList, 0x30, 'responses')).map((single): SingleResponse => {
    const [certId, statusNode, thisUpdate, ...rest] = fields(single, 0x30, 'SingleResponse', 3);
    const next = rest.find((node) => node.tag === 0xa0);
    return {
      certId: readCertId(certId),
      certStatus: readStatus(statusNode!),
      thisUpdate: readTime(thisUpdate),
      nextUpdate: next ? readTime(children(next)[0]) : undefined,
    };
  });
  return {
    responseStatus,
    tbs: raw(tbsNode!),
    responderKeyHash: responderId!.tag === 0xa2 ? readOctets(responderInner) : undefined,
    responderName: responderId!.tag === 0xa1 && responderInner ? raw(responderInner) : undefined,
    producedAt: readTime(producedAt),
    responses,
    signatureAlgorithm: expectTag(signatureAlgorithm, 0x30, 'signatureAlgorithm'),
    signature: readBitString(signatureNode),
    certificates: certsWrapper ? children(children(certsWrapper)[0]!).map((node) => new Uint8Array(raw(node))) : [],
    nonce: extensions?.tag === 0xa1 ? findNonce(children(extensions)[0]) : undefined,
  };
}

function readStatus(node: DerNode): CertStatus {
  if (node.tag === 0x80) return { status: 'good' };
  if (node.tag === 0x82) return { status: 'unknown' };
  if (node.tag !== 0xa1) throw new DerError('bad CertStatus');
  const [time, reason] = children(node);
  return { status: 'revoked', revokedAt: readTime(time), reasonCode: reason ? readSmallInteger(children(reason)[0], 0x0a) : undefined };
}
