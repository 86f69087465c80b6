/**
 * The local RFC 3161 time-stamping authority: an in-process TimestampAuthority, and a full TimeStampReq →
 * TimeStampResp responder for HTTP exposure (application/timestamp-query → application/timestamp-reply).
 */
import { randomBytes } from 'node:crypto';
import { sha256 } from './algorithms.ts';
import {
  DerError,
  boolean,
  children,
  content,
  expectTag,
  fields,
  generalizedTime,
  integer,
  namedBits,
  nullValue,
  octetString,
  oid,
  parseDer,
  raw,
  readBoolean,
  readIntegerBytes,
  readOctets,
  readOid,
  readSmallInteger,
  sequence,
  utf8String,
} from './der.ts';
import { OID, hashNames } from './oids.ts';
import { assembleSignedData, contentTypeAttribute, messageDigestAttribute, signAttributes, signerMaterial } from './signed-data.ts';
import { extendedKeyUsage } from './x509.ts';
import type { Der, MessageImprint, SignerIdentity, TimestampAuthority } from './types.ts';
import { SigningError } from '../errors.ts';
import { guard } from './guard.ts';

export interface LocalTsaOptions {
  identity: SignerIdentity;
  /** TSA policy of the issued tokens; default Paraphe's local TSA policy (docs/crypto.md). */
  policyOid?: string;
  clock?: () => Date;
  /** Declared accuracy of genTime, in seconds (default 1). */
  accuracySeconds?: number;
}

export interface LocalTsa extends TimestampAuthority {
  readonly policyOid: string;
  /** Answers a DER TimeStampReq with a DER TimeStampResp (granted, or rejection with a failure reason). */
  respond(requestDer: Der): Promise<Der>;
}

/** PKIFailureInfo bits (RFC 3161 §2.4.2). */
const failure = { badAlg: 0, badRequest: 2, badDataFormat: 5, unacceptedPolicy: 15, unacceptedExtension: 16, systemFailure: 25 } as const;
type FailureReason = keyof typeof failure;

const digestLengths: Record<string, number> = { sha256: 32, sha384: 48, sha512: 64 };
const tstInfoContentType = contentTypeAttribute(OID.tstInfo);
const sha256ImprintAlgorithm = sequence(oid(OID.sha256), nullValue());

interface TimestampRequest {
  /** The MessageImprint exactly as received, echoed into TSTInfo. */
  messageImprint: Uint8Array;
  policy?: string;
  nonce?: Uint8Array;
  certReq: boolean;
}

export function createLocalTsa(options: LocalTsaOptions): LocalTsa {
  const material = signerMaterial(options.identity);
  const usage = extendedKeyUsage(material.certificate);
  if (!usage || !usage.critical || usage.usages.length !== 1 || usage.usages[0] !== OID.ekuTimeStamping) {
    throw new SigningError('CERTIFICATE_INVALID', 'a TSA certificate needs exactly one extended key usage, timeStamping, marked critical');
  }
  const policyOid = options.policyOid ?? OID.policyTimestamp;
  const policy = guard('UNSUPPORTED', 'TSA policy', () => oid(policyOid));
  const accuracy = sequence(integer(options.accuracySeconds ?? 1));
  const clock = options.clock ?? (() => new Date());

  const issueToken = (request: TimestampRequest): Der => {
    const now = clock();
    if (now < material.certificate.notBefore || now > material.certificate.notAfter) {
      // a token outside its certificate's validity would be rejected by every validator
      throw new SigningError('TSA_UNAVAILABLE', 'the TSA certificate is not valid at the current time');
    }
    const tstInfo = sequence(
      integer(1),
      policy,
      request.messageImprint,
      integer(randomSerialNumber()),
      generalizedTime(now, true),
      accuracy,
      ...(request.nonce ? [integer(request.nonce)] : []),
    );
    const signed = signAttributes(material, [tstInfoContentType, messageDigestAttribute(sha256(tstInfo)), material.signingCertificateV2]);
    return assembleSignedData(material, signed, { eContentType: OID.tstInfo, eContent: tstInfo, includeCertificates: request.certReq });
  };

  return {
    policyOid,
    async timestamp(imprint: MessageImprint): Promise<Der> {
      if (imprint.hashAlgorithm !== 'SHA-256' || imprint.digest?.length !== 32) {
        throw new SigningError('TSA_RESPONSE_INVALID', 'the local TSA time-stamps SHA-256 imprints only');
      }
      return issueToken({ messageImprint: sequence(sha256ImprintAlgorithm, octetString(imprint.digest)), certReq: true });
    },
    async respond(requestDer: Der): Promise<Der> {
      let request: TimestampRequest;
      try {
        request = parseTimestampRequest(requestDer);
      } catch (error) {
        return rejection(error instanceof RequestRejected ? error.reason : 'badDataFormat', error instanceof Error ? error.message : 'bad request');
      }
      if (request.policy && request.policy !== policyOid) return rejection('unacceptedPolicy', `policy ${request.policy} is not offered`);
      try {
        return sequence(sequence(integer(0)), issueToken(request));
      } catch (error) {
        return rejection('systemFailure', error instanceof SigningError ? error.message : 'the TSA could not sign');
      }
    },
  };
}

/** 128 random bits, positive: unique without shared state between processes. */
function randomSerialNumber(): Uint8Array {
  const serial = randomBytes(16);
  serial[0]! &= 0x7f;
  return serial;
}

class RequestRejected extends Error {
  readonly reason: FailureReason;
  constructor(reason: FailureReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

function parseTimestampRequest(der: Uint8Array): TimestampRequest {
  const [version, imprintNode, ...rest] = fields(parseDer(der), 0x30, 'TimeStampReq', 2);
  if (readSmallInteger(version) !== 1) throw new RequestRejected('badRequest', 'unsupported TimeStampReq version');
  const [algorithm, hashedMessage] = fields(imprintNode, 0x30, 'MessageImprint', 2);
  const hash = hashNames[readOid(children(expectTag(algorithm, 0x30, 'hashAlgorithm'))[0])];
  if (!hash || !digestLengths[hash]) throw new RequestRejected('badAlg', 'unsupported hash algorithm');
  if (readOctets(hashedMessage).length !== digestLengths[hash]) throw new RequestRejected('badDataFormat', 'digest length does not match its algorithm');
  const request: TimestampRequest = { messageImprint: raw(imprintNode!), certReq: false };
  for (const node of rest) {
    if (node.tag === 0x06) request.policy = readOid(node);
    else if (node.tag === 0x02) {
      if (content(node)[0]! & 0x80) throw new RequestRejected('badDataFormat', 'negative nonce');
      request.nonce = readIntegerBytes(node);
    } else if (node.tag === 0x01) request.certReq = readBoolean(node);
    else if (node.tag === 0xa0) throw new RequestRejected('unacceptedExtension', 'request extensions are not supported');
    else throw new DerError('unexpected field in TimeStampReq');
  }
  return request;
}

function rejection(reason: FailureReason, text: string): Der {
  return sequence(sequence(integer(2), sequence(utf8String(text)), namedBits([failure[reason]])));
}

/** Builds a DER TimeStampReq (used by the remote client and by tests). */
export function buildTimestampRequest(imprint: MessageImprint, nonce: Uint8Array | undefined, certReq = true): Der {
  return sequence(
    integer(1),
    sequence(sha256ImprintAlgorithm, octetString(imprint.digest)),
    ...(nonce ? [integer(nonce)] : []),
    ...(certReq ? [boolean(true)] : []),
  );
}
