import { createHash, createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { signSha256, signatureAlgorithmFor } from './algorithms.ts';
import {
  DerError,
  bitString,
  boolean,
  children,
  explicit,
  expectTag,
  fields,
  ia5String,
  integer,
  octetString,
  oid,
  parseDer,
  printableString,
  raw,
  readBitString,
  readBoolean,
  readIntegerBytes,
  readOctets,
  readOid,
  readString,
  readTime,
  sequence,
  set,
  utf8String,
  x509Time,
  type DerNode,
} from './der.ts';
import { OID, attributeNames } from './oids.ts';
import type { Der } from './types.ts';

// ---------------------------------------------------------------- names

export interface NameAttribute {
  type: string; // OID
  value: string;
}

/** Encodes a Name, one attribute per RDN, in the given (most significant first) order. */
export function encodeName(attributes: NameAttribute[]): Uint8Array {
  return sequence(
    ...attributes.map(({ type, value }) => {
      const encodedValue = type === OID.country ? printableString(value) : type === OID.emailAddress ? ia5String(value) : utf8String(value);
      return set(sequence(oid(type), encodedValue));
    }),
  );
}

/** Name attributes in DER order. Unknown string types are skipped rather than failing the whole certificate. */
export function readName(name: DerNode): NameAttribute[] {
  const out: NameAttribute[] = [];
  for (const rdn of children(expectTag(name, 0x30, 'Name'))) {
    for (const attribute of children(expectTag(rdn, 0x31, 'RDN'))) {
      const [type, value] = fields(attribute, 0x30, 'AttributeTypeAndValue', 2);
      try {
        out.push({ type: readOid(type), value: readString(value) });
      } catch (error) {
        if (!(error instanceof DerError)) throw error;
      }
    }
  }
  return out;
}

const escapeRdn = (value: string): string => value.replace(/([,+"\\<>;=])/g, '\\$1');

/** RFC 4514-style string, most specific first ("CN=Jane Doe, O=Acme, C=FR"). */
export function nameToString(attributes: NameAttribute[]): string {
  return [...attributes]
    .reverse()
    .map(({ type, value }) => `${attributeNames[type] ?? type}=${escapeRdn(value)}`)
    .join(', ');
}

// ---------------------------------------------------------------- parsing

export interface ParsedCertificate {
  der: Uint8Array;
  tbs: Uint8Array;
  serial: Uint8Array;
  issuer: Uint8Array; // Name DER
  subject: Uint8Array; // Name DER
  issuerAttributes: NameAttribute[];
  subjectAttributes: NameAttribute[];
  notBefore: Date;
  notAfter: Date;
  spki: Uint8Array;
  /** subjectPublicKey BIT STRING payload (what key identifiers and OCSP key hashes are computed over). */
  publicKeyBits: Uint8Array;
  signatureAlgorithm: DerNode;
  signature: Uint8Array;
  extensions: Map<string, { critical: boolean; value: Uint8Array }>;
}

const parsedCache = new WeakMap<Uint8Array, ParsedCertificate>();

/** Parses an X.509 certificate (throws DerError on malformed input). Results are cached per byte array. */
export function parseCertificate(der: Uint8Array): ParsedCertificate {
  const cached = parsedCache.get(der);
  if (cached) return cached;
  const [tbsNode, signatureAlgorithm, signatureNode] = fields(parseDer(der), 0x30, 'Certificate', 3);
  let tbsFields = fields(tbsNode, 0x30, 'TBSCertificate', 6);
  if (tbsFields[0]!.tag === 0xa0) tbsFields = tbsFields.slice(1);
  const [serialNode, , issuerNode, validityNode, subjectNode, spkiNode, ...rest] = tbsFields;
  const [notBefore, notAfter] = fields(validityNode, 0x30, 'Validity', 2);
  const [, publicKeyNode] = fields(spkiNode, 0x30, 'SubjectPublicKeyInfo', 2);
  const extensions = new Map<string, { critical: boolean; value: Uint8Array }>();
  const extensionsWrapper = rest.find((node) => node.tag === 0xa3);
  if (extensionsWrapper) {
    for (const extension of children(children(extensionsWrapper)[0]!)) {
      const parts = fields(extension, 0x30, 'Extension', 2);
      const critical = parts.length === 3 ? readBoolean(parts[1]) : false;
      extensions.set(readOid(parts[0]), { critical, value: readOctets(parts[parts.length - 1]) });
    }
  }
  const parsed: ParsedCertificate = {
    der,
    tbs: raw(tbsNode!),
    serial: readIntegerBytes(serialNode),
    issuer: raw(expectTag(issuerNode, 0x30, 'issuer')),
    subject: raw(expectTag(subjectNode, 0x30, 'subject')),
    issuerAttributes: readName(issuerNode!),
    subjectAttributes: readName(subjectNode!),
    notBefore: readTime(notBefore),
    notAfter: readTime(notAfter),
    spki: raw(spkiNode!),
    publicKeyBits: readBitString(publicKeyNode),
    signatureAlgorithm: expectTag(signatureAlgorithm, 0x30, 'signatureAlgorithm'),
    signature: readBitString(signatureNode),
    extensions,
  };
  parsedCache.set(der, parsed);
  return parsed;
}

const publicKeyCache = new WeakMap<ParsedCertificate, KeyObject>();

export function publicKeyOf(certificate: ParsedCertificate): KeyObject {
  let key = publicKeyCache.get(certificate);
  if (!key) {
    try {
      key = createPublicKey({ key: Buffer.from(certificate.spki), format: 'der', type: 'spki' });
    } catch {
      throw new DerError('unsupported or malformed public key');
    }
    publicKeyCache.set(certificate, key);
  }
  return key;
}

/** Extended key usages (OIDs) and whether the extension is critical; undefined when absent. */
export function extendedKeyUsage(certificate: ParsedCertificate): { usages: string[]; critical: boolean } | undefined {
  const extension = certificate.extensions.get(OID.extKeyUsage);
  if (!extension) return undefined;
  return { usages: children(parseDer(extension.value)).map((node) => readOid(node)), critical: extension.critical };
}

export const commonNameOf = (attributes: NameAttribute[]): string | undefined => attributes.find((attribute) => attribute.type === OID.commonName)?.value;

// ---------------------------------------------------------------- building

/** SubjectPublicKeyInfo DER of a public key, or of the public half of a private key. */
export function spkiOf(key: KeyObject): Uint8Array {
  return (key.type === 'private' ? createPublicKey(key) : key).export({ type: 'spki', format: 'der' });
}

/** RFC 5280 §4.2.1.2 method 1: SHA-1 of the subjectPublicKey bits. */
export function keyIdentifier(key: KeyObject): Uint8Array {
  const [, bits] = children(parseDer(spkiOf(key)));
  return createHash('sha1').update(readBitString(bits)).digest();
}

export function extension(type: string, critical: boolean, value: Uint8Array): Uint8Array {
  return critical ? sequence(oid(type), boolean(true), octetString(value)) : sequence(oid(type), octetString(value));
}

/** A positive random 128-bit serial (RFC 5280 allows 20 octets; CA/B asks for ≥ 64 bits of entropy). */
export function randomSerial(): Uint8Array {
  const serial = randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x01; // positive, never a leading zero octet
  return serial;
}

export interface CertificateTemplate {
  serial: Uint8Array;
  issuer: Uint8Array; // Name DER
  subject: Uint8Array; // Name DER
  notBefore: Date;
  notAfter: Date;
  publicKey: KeyObject;
  extensions: Uint8Array[];
}

/** Builds and signs a v3 certificate with `issuerKey`. */
export function buildCertificate(template: CertificateTemplate, issuerKey: KeyObject): Der {
  const signatureAlgorithm = signatureAlgorithmFor(issuerKey);
  const tbs = sequence(
    explicit(0, integer(2)),
    integer(template.serial),
    signatureAlgorithm,
    template.issuer,
    sequence(x509Time(template.notBefore), x509Time(template.notAfter)),
    template.subject,
    spkiOf(template.publicKey),
    explicit(3, sequence(...template.extensions)),
  );
  return sequence(tbs, signatureAlgorithm, bitString(signSha256(issuerKey, tbs)));
}

export function toPem(der: Uint8Array, label = 'CERTIFICATE'): string {
  const base64 = Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n');
  return `-----BEGIN ${label}-----\n${base64}${base64.endsWith('\n') ? '' : '\n'}-----END ${label}-----\n`;
}

export function fromPem(pem: string): Der {
  const match = /-----BEGIN [^-]+-----([\s\S]*?)-----END [^-]+-----/.exec(pem);
  if (!match) throw new DerError('no PEM block');
  return new Uint8Array(Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64'));
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

export const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
