/** Reading CMS SignedData (ours or anyone's: BER indefinite lengths and SubjectKeyIdentifier sids accepted). */
import { hashNameOf, verifyWithAlgorithm } from './algorithms.ts';
import { DerError, children, expectTag, fields, parseDer, raw, readIntegerBytes, readOctets, readOid, type DerNode } from './der.ts';
import { OID } from './oids.ts';
import { bytesEqual, parseCertificate, publicKeyOf, type ParsedCertificate } from './x509.ts';
import type { Der } from './types.ts';

/** Attribute values by type; one inner array per occurrence of the attribute. */
export type AttributeMap = Map<string, DerNode[][]>;

export interface ParsedSignerInfo {
  issuer?: Uint8Array;
  serial?: Uint8Array;
  subjectKeyId?: Uint8Array;
  digestAlgorithm: DerNode;
  /** Signed attributes re-tagged as SET OF (0x31): the bytes the signature covers. */
  signedAttributes?: Uint8Array;
  attributes: AttributeMap;
  signatureAlgorithm: DerNode;
  signature: Uint8Array;
  unsignedAttributes: AttributeMap;
}

export interface ParsedSignedData {
  eContentType: string;
  eContent?: Uint8Array;
  certificates: Der[];
  signerInfos: ParsedSignerInfo[];
}

/**
 * Parses a ContentInfo carrying SignedData. Zero padding after the structure is tolerated (a PDF /Contents
 * placeholder is larger than the CMS it holds); any other trailing byte is an error.
 */
export function parseSignedData(der: Uint8Array): ParsedSignedData {
  const root = parseDer(der, true);
  for (let i = root.end; i < der.length; i++) if (der[i] !== 0) throw new DerError('trailing bytes after the CMS');
  const [contentType, wrapper] = fields(root, 0x30, 'ContentInfo', 2);
  if (readOid(contentType) !== OID.signedData) throw new DerError('not a CMS SignedData');
  const signedDataFields = fields(children(expectTag(wrapper, 0xa0, 'content'))[0], 0x30, 'SignedData', 4);
  const [, , encapsulated, ...rest] = signedDataFields;
  const [eContentTypeNode, eContentWrapper] = fields(encapsulated, 0x30, 'EncapsulatedContentInfo', 1);
  const certificatesNode = rest.find((node) => node.tag === 0xa0);
  const signerInfosNode = rest[rest.length - 1];
  return {
    eContentType: readOid(eContentTypeNode),
    eContent: eContentWrapper ? readOctets(children(expectTag(eContentWrapper, 0xa0, 'eContent'))[0]) : undefined,
    certificates: certificatesNode
      ? children(certificatesNode)
          .filter((node) => node.tag === 0x30)
          .map((node) => raw(node))
      : [],
    signerInfos: children(expectTag(signerInfosNode, 0x31, 'signerInfos')).map(parseSignerInfo),
  };
}

function parseSignerInfo(node: DerNode): ParsedSignerInfo {
  const [, sid, digestAlgorithm, ...rest] = fields(node, 0x30, 'SignerInfo', 5);
  let index = 0;
  const signedNode = rest[index]?.tag === 0xa0 ? rest[index++] : undefined;
  const signatureAlgorithm = expectTag(rest[index++], 0x30, 'signatureAlgorithm');
  const signature = readOctets(rest[index++]);
  const unsignedNode = rest[index]?.tag === 0xa1 ? rest[index] : undefined;
  const info: ParsedSignerInfo = {
    digestAlgorithm: expectTag(digestAlgorithm, 0x30, 'digestAlgorithm'),
    attributes: readAttributes(signedNode),
    signatureAlgorithm,
    signature,
    unsignedAttributes: readAttributes(unsignedNode),
  };
  if (signedNode) {
    const signedAttributes = Uint8Array.from(raw(signedNode));
    signedAttributes[0] = 0x31;
    info.signedAttributes = signedAttributes;
  }
  if (sid!.tag === 0x30) {
    const [issuer, serial] = fields(sid, 0x30, 'IssuerAndSerialNumber', 2);
    info.issuer = raw(expectTag(issuer, 0x30, 'issuer'));
    info.serial = readIntegerBytes(serial);
  } else if (sid!.tag === 0x80) {
    info.subjectKeyId = sid!.buffer.subarray(sid!.contentStart, sid!.contentEnd);
  } else {
    throw new DerError('bad SignerIdentifier');
  }
  return info;
}

function readAttributes(node: DerNode | undefined): AttributeMap {
  const map: AttributeMap = new Map();
  for (const attribute of node ? children(node) : []) {
    const [type, values] = fields(attribute, 0x30, 'Attribute', 2);
    const key = readOid(type);
    const list = map.get(key) ?? [];
    list.push(children(expectTag(values, 0x31, 'attrValues')));
    map.set(key, list);
  }
  return map;
}

/** The single value of an attribute that must occur once with one value; undefined when absent. */
export function singleAttribute(attributes: AttributeMap, type: string, errors: string[], label: string): DerNode | undefined {
  const occurrences = attributes.get(type);
  if (!occurrences) return undefined;
  if (occurrences.length !== 1 || occurrences[0]!.length !== 1) errors.push(`${label} attribute must occur exactly once`);
  return occurrences[0]![0];
}

export interface SignerCheck {
  certificate?: ParsedCertificate;
  signatureValid: boolean;
  /** Digest algorithm of the SignerInfo as a node:crypto name. */
  hash?: string;
}

/** Finds the signer's certificate among `certificates` (malformed ones skipped) and checks the signature value. */
export function checkSigner(info: ParsedSignerInfo, certificates: Der[], errors: string[]): SignerCheck {
  const hash = hashNameOf(info.digestAlgorithm);
  if (!hash) errors.push('unsupported digest algorithm');
  let certificate: ParsedCertificate | undefined;
  for (const der of certificates) {
    let parsed: ParsedCertificate;
    try {
      parsed = parseCertificate(der);
    } catch {
      continue;
    }
    const matches =
      info.issuer && info.serial
        ? bytesEqual(parsed.issuer, info.issuer) && bytesEqual(parsed.serial, info.serial)
        : info.subjectKeyId !== undefined && subjectKeyIdMatches(parsed, info.subjectKeyId);
    if (matches) {
      certificate = parsed;
      break;
    }
  }
  if (!certificate) {
    errors.push('the signer certificate is not included');
    return { signatureValid: false, hash };
  }
  if (!info.signedAttributes) {
    errors.push('signatures without signed attributes are not supported');
    return { certificate, signatureValid: false, hash };
  }
  let signatureValid = false;
  try {
    signatureValid = verifyWithAlgorithm(info.signatureAlgorithm, info.signedAttributes, info.signature, publicKeyOf(certificate), hash);
  } catch (error) {
    errors.push(error instanceof Error ? error.message : 'signature check failed');
  }
  if (!signatureValid) errors.push('the signature value does not verify with the signer certificate');
  return { certificate, signatureValid, hash };
}

function subjectKeyIdMatches(certificate: ParsedCertificate, keyId: Uint8Array): boolean {
  const extension = certificate.extensions.get(OID.subjectKeyIdentifier);
  if (!extension) return false;
  try {
    return bytesEqual(readOctets(parseDer(extension.value)), keyId);
  } catch {
    return false;
  }
}
