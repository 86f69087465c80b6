import type { KeyObject } from 'node:crypto';
import { signSha256, signatureAlgorithmFor } from './algorithms.ts';
import {
  bitString,
  children,
  enumerated,
  explicit,
  expectTag,
  fields,
  implicitPrimitive,
  integer,
  parseDer,
  raw,
  readBitString,
  readIntegerBytes,
  readOctets,
  readOid,
  readSmallInteger,
  readTime,
  sequence,
  x509Time,
  type DerNode,
} from './der.ts';
import { OID } from './oids.ts';
import { extension, keyIdentifier, toHex, type ParsedCertificate } from './x509.ts';
import type { Der } from './types.ts';

/** CRLReason codes (RFC 5280 §5.3.1). */
export const revocationReasons = {
  unspecified: 0,
  keyCompromise: 1,
  cACompromise: 2,
  affiliationChanged: 3,
  superseded: 4,
  cessationOfOperation: 5,
  certificateHold: 6,
  privilegeWithdrawn: 9,
} as const;
export type RevocationReason = keyof typeof revocationReasons;

export interface RevokedEntry {
  serial: Uint8Array;
  revokedAt: Date;
  reason: RevocationReason;
}

export interface CrlInput {
  issuer: ParsedCertificate;
  issuerKey: KeyObject;
  thisUpdate: Date;
  nextUpdate: Date;
  crlNumber: number;
  revoked: RevokedEntry[];
}

export function buildCrl(input: CrlInput): Der {
  const signatureAlgorithm = signatureAlgorithmFor(input.issuerKey);
  const entries = input.revoked.map((entry) =>
    sequence(integer(entry.serial), x509Time(entry.revokedAt), sequence(extension(OID.crlReason, false, enumerated(revocationReasons[entry.reason])))),
  );
  const tbs = sequence(
    integer(1), // v2
    signatureAlgorithm,
    input.issuer.subject,
    x509Time(input.thisUpdate),
    x509Time(input.nextUpdate),
    ...(entries.length ? [sequence(...entries)] : []),
    explicit(
      0,
      sequence(
        extension(OID.authorityKeyIdentifier, false, sequence(implicitPrimitive(0, keyIdentifier(input.issuerKey)))),
        extension(OID.crlNumber, false, integer(input.crlNumber)),
      ),
    ),
  );
  return sequence(tbs, signatureAlgorithm, bitString(signSha256(input.issuerKey, tbs)));
}

export interface ParsedCrl {
  issuer: Uint8Array; // Name DER
  thisUpdate: Date;
  nextUpdate?: Date;
  /** serial (hex, no leading zero octet) → revocation */
  revoked: Map<string, { revokedAt: Date; reasonCode?: number }>;
  tbs: Uint8Array;
  signatureAlgorithm: DerNode;
  signature: Uint8Array;
}

export function parseCrl(der: Uint8Array): ParsedCrl {
  const [tbsNode, signatureAlgorithm, signatureNode] = fields(parseDer(der), 0x30, 'CertificateList', 3);
  let tbsFields = fields(tbsNode, 0x30, 'TBSCertList', 3);
  if (tbsFields[0]!.tag === 0x02) tbsFields = tbsFields.slice(1);
  const [, issuer, thisUpdate, ...rest] = tbsFields;
  let index = 0;
  const nextUpdate = rest[index] && (rest[index]!.tag === 0x17 || rest[index]!.tag === 0x18) ? readTime(rest[index++]) : undefined;
  const revoked = new Map<string, { revokedAt: Date; reasonCode?: number }>();
  if (rest[index]?.tag === 0x30) {
    for (const entry of children(rest[index]!)) {
      const [serial, date, entryExtensions] = fields(entry, 0x30, 'revokedCertificate', 2);
      let reasonCode: number | undefined;
      for (const ext of entryExtensions ? children(entryExtensions) : []) {
        const parts = children(ext);
        if (readOid(parts[0]) === OID.crlReason) reasonCode = readSmallInteger(parseDer(readOctets(parts[parts.length - 1])), 0x0a);
      }
      revoked.set(toHex(readIntegerBytes(serial)), { revokedAt: readTime(date), reasonCode });
    }
  }
  return {
    issuer: raw(expectTag(issuer, 0x30, 'CRL issuer')),
    thisUpdate: readTime(thisUpdate),
    nextUpdate,
    revoked,
    tbs: raw(tbsNode!),
    signatureAlgorithm: expectTag(signatureAlgorithm, 0x30, 'CRL signatureAlgorithm'),
    signature: readBitString(signatureNode),
  };
}
