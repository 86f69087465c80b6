/**
 * A tiny DER writer and a tolerant BER/DER reader.
 *
 * Why not pkijs/asn1js on the hot path: building a CMS through their object model plus WebCrypto costs ~8 ms per
 * signature, while the signature itself costs ~0.4 ms. The writer concatenates pre-encoded parts; the reader walks
 * TLVs in place without copying. Both are deliberately small: single-byte tags only (every tag in X.509, CMS,
 * OCSP and RFC 3161 fits), definite lengths on output, definite and indefinite lengths on input.
 */

/** Thrown by the reader on malformed input; public functions translate it into a SigningError. */
export class DerError extends Error {
  override name = 'DerError';
}

// ---------------------------------------------------------------- writer

export type DerPart = Uint8Array;

/** Encodes one TLV whose content is the concatenation of `parts`. */
export function tlv(tag: number, ...parts: DerPart[]): Uint8Array {
  let contentLength = 0;
  for (const part of parts) contentLength += part.length;
  // The length octets are written in place (no array per TLV: a CMS with its time-stamp token has hundreds).
  let lengthOctets = 0;
  if (contentLength >= 0x80) for (let rest = contentLength; rest > 0; rest = Math.floor(rest / 256)) lengthOctets++;
  const out = new Uint8Array(2 + lengthOctets + contentLength);
  out[0] = tag;
  if (lengthOctets === 0) out[1] = contentLength;
  else {
    out[1] = 0x80 | lengthOctets;
    for (let i = lengthOctets, rest = contentLength; i > 0; i--, rest = Math.floor(rest / 256)) out[1 + i] = rest & 0xff;
  }
  let offset = 2 + lengthOctets;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export const sequence = (...parts: DerPart[]): Uint8Array => tlv(0x30, ...parts);
export const set = (...parts: DerPart[]): Uint8Array => tlv(0x31, ...parts);

/** DER SET OF: elements sorted by their encoding (required for signed attributes, which are hashed). */
export function setOf(elements: DerPart[]): Uint8Array {
  return set(...[...elements].sort(compareBytes));
}

export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** [n] EXPLICIT (constructed context tag wrapping a complete encoding). */
export const explicit = (n: number, ...parts: DerPart[]): Uint8Array => tlv(0xa0 | n, ...parts);
/** [n] IMPLICIT over a constructed type (SEQUENCE/SET content). */
export const implicitConstructed = (n: number, ...parts: DerPart[]): Uint8Array => tlv(0xa0 | n, ...parts);
/** [n] IMPLICIT over a primitive type (its content octets). */
export const implicitPrimitive = (n: number, content: DerPart): Uint8Array => tlv(0x80 | n, content);

export const octetString = (content: DerPart): Uint8Array => tlv(0x04, content);
export const nullValue = (): Uint8Array => Uint8Array.of(0x05, 0x00);
export const boolean = (value: boolean): Uint8Array => Uint8Array.of(0x01, 0x01, value ? 0xff : 0x00);
export const utf8String = (value: string): Uint8Array => tlv(0x0c, Buffer.from(value, 'utf8'));
export const printableString = (value: string): Uint8Array => tlv(0x13, Buffer.from(value, 'latin1'));
export const ia5String = (value: string): Uint8Array => tlv(0x16, Buffer.from(value, 'latin1'));

export function bitString(content: DerPart, unusedBits = 0): Uint8Array {
  return tlv(0x03, Uint8Array.of(unusedBits), content);
}

/** A named-bit BIT STRING (KeyUsage, PKIFailureInfo) in its minimal DER form (trailing zero bits dropped). */
export function namedBits(bits: number[]): Uint8Array {
  if (bits.length === 0) return Uint8Array.of(0x03, 0x01, 0x00);
  const highest = Math.max(...bits);
  const bytes = new Uint8Array(Math.floor(highest / 8) + 1);
  for (const bit of bits) bytes[bit >> 3]! |= 0x80 >> (bit & 7);
  return bitString(bytes, 7 - (highest & 7));
}

const oidCache = new Map<string, Uint8Array>();

export function oid(dotted: string): Uint8Array {
  const cached = oidCache.get(dotted);
  if (cached) return cached;
  if (!/^[0-2](\.(0|[1-9]\d*))+$/.test(dotted)) throw new DerError(`bad OID ${dotted}`);
  const arcs = dotted.split('.').map((arc) => BigInt(arc));
  const body: number[] = [];
  const encodeArc = (value: bigint): void => {
    const chunk: number[] = [Number(value & 0x7fn)];
    for (let rest = value >> 7n; rest > 0n; rest >>= 7n) chunk.unshift(Number(rest & 0x7fn) | 0x80);
    body.push(...chunk);
  };
  encodeArc(arcs[0]! * 40n + arcs[1]!);
  for (const arc of arcs.slice(2)) encodeArc(arc);
  const encoded = tlv(0x06, Uint8Array.from(body));
  oidCache.set(dotted, encoded);
  return encoded;
}

/** INTEGER from a number/bigint (two's complement, minimal) or from unsigned magnitude bytes (e.g. a serial). */
export function integer(value: number | bigint | Uint8Array): Uint8Array {
  if (value instanceof Uint8Array) {
    let start = 0;
    while (start < value.length - 1 && value[start] === 0 && value[start + 1]! < 0x80) start++;
    const magnitude = value.subarray(start);
    return magnitude.length > 0 && magnitude[0]! >= 0x80 ? tlv(0x02, Uint8Array.of(0), magnitude) : tlv(0x02, magnitude.length ? magnitude : Uint8Array.of(0));
  }
  let big = BigInt(value);
  const bytes: number[] = [];
  if (big >= 0n) {
    do {
      bytes.unshift(Number(big & 0xffn));
      big >>= 8n;
    } while (big > 0n);
    if (bytes[0]! >= 0x80) bytes.unshift(0);
  } else {
    do {
      bytes.unshift(Number(big & 0xffn));
      big >>= 8n;
    } while (big < -1n || (bytes[0]! & 0x80) === 0);
  }
  return tlv(0x02, Uint8Array.from(bytes));
}

export const enumerated = (value: number): Uint8Array => {
  const encoded = integer(value);
  encoded[0] = 0x0a;
  return encoded;
};

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** UTCTime before 2050, GeneralizedTime after (RFC 5280 §4.1.2.5). */
export function x509Time(date: Date): Uint8Array {
  const year = date.getUTCFullYear();
  if (year >= 1950 && year < 2050) return utcTime(date);
  return generalizedTime(date);
}

export function utcTime(date: Date): Uint8Array {
  const text =
    pad(date.getUTCFullYear() % 100) +
    pad(date.getUTCMonth() + 1) +
    pad(date.getUTCDate()) +
    pad(date.getUTCHours()) +
    pad(date.getUTCMinutes()) +
    pad(date.getUTCSeconds()) +
    'Z';
  return tlv(0x17, Buffer.from(text, 'latin1'));
}

/** GeneralizedTime, with milliseconds when `withMillis` (RFC 3161 genTime; trailing zeros dropped as DER requires). */
export function generalizedTime(date: Date, withMillis = false): Uint8Array {
  let text =
    pad(date.getUTCFullYear(), 4) +
    pad(date.getUTCMonth() + 1) +
    pad(date.getUTCDate()) +
    pad(date.getUTCHours()) +
    pad(date.getUTCMinutes()) +
    pad(date.getUTCSeconds());
  const millis = date.getUTCMilliseconds();
  if (withMillis && millis > 0) text += '.' + pad(millis, 3).replace(/0+$/, '');
  return tlv(0x18, Buffer.from(text + 'Z', 'latin1'));
}

// ---------------------------------------------------------------- reader

/** One TLV inside `buffer`: content is buffer[contentStart, contentEnd), the whole TLV is buffer[start, end). */
export interface DerNode {
  tag: number;
  buffer: Uint8Array;
  start: number;
  contentStart: number;
  contentEnd: number;
  end: number;
}

const MAX_DEPTH = 64;

function readNode(buffer: Uint8Array, start: number, limit: number, depth: number): DerNode {
  if (depth > MAX_DEPTH) throw new DerError('DER nesting too deep');
  if (start + 2 > limit) throw new DerError('truncated DER');
  const tag = buffer[start]!;
  if ((tag & 0x1f) === 0x1f) throw new DerError('multi-byte tags are not supported');
  let position = start + 1;
  const first = buffer[position++]!;
  if (first === 0x80) {
    if ((tag & 0x20) === 0) throw new DerError('indefinite length on a primitive');
    // BER indefinite length: children until the end-of-contents marker.
    const contentStart = position;
    while (true) {
      if (position + 2 > limit) throw new DerError('unterminated indefinite length');
      if (buffer[position] === 0 && buffer[position + 1] === 0) break;
      position = readNode(buffer, position, limit, depth + 1).end;
    }
    return { tag, buffer, start, contentStart, contentEnd: position, end: position + 2 };
  }
  let length = first;
  if (first > 0x80) {
    const count = first & 0x7f;
    if (count > 4 || position + count > limit) throw new DerError('bad DER length');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + buffer[position++]!;
  }
  const end = position + length;
  if (end > limit) throw new DerError('DER length beyond the end of the data');
  return { tag, buffer, start, contentStart: position, contentEnd: end, end };
}

/** Parses one complete element; trailing bytes are an error unless `allowTrailing`. */
export function parseDer(buffer: Uint8Array, allowTrailing = false): DerNode {
  const node = readNode(buffer, 0, buffer.length, 0);
  if (!allowTrailing && node.end !== buffer.length) throw new DerError('trailing bytes after DER element');
  return node;
}

export function children(node: DerNode | undefined): DerNode[] {
  if (!node) throw new DerError('missing element');
  if ((node.tag & 0x20) === 0) throw new DerError(`tag 0x${node.tag.toString(16)} is not constructed`);
  const out: DerNode[] = [];
  for (let position = node.contentStart; position < node.contentEnd;) {
    const child = readNode(node.buffer, position, node.contentEnd, 0);
    out.push(child);
    position = child.end;
  }
  return out;
}

export const content = (node: DerNode): Uint8Array => node.buffer.subarray(node.contentStart, node.contentEnd);
export const raw = (node: DerNode): Uint8Array => node.buffer.subarray(node.start, node.end);

export function expectTag(node: DerNode | undefined, tag: number, what: string): DerNode {
  if (!node || node.tag !== tag) throw new DerError(`${what}: expected tag 0x${tag.toString(16)}`);
  return node;
}

/** Children of a node with the given tag, checking the tag first. */
export function childrenOf(node: DerNode | undefined, tag: number, what: string): DerNode[] {
  return children(expectTag(node, tag, what));
}

/** Children with a fixed minimum count (destructuring-friendly). */
export function fields(node: DerNode | undefined, tag: number, what: string, minimum: number): DerNode[] {
  const list = childrenOf(node, tag, what);
  if (list.length < minimum) throw new DerError(`${what}: expected at least ${minimum} fields`);
  return list;
}

export function readOid(node: DerNode | undefined): string {
  const bytes = content(expectTag(node, 0x06, 'OBJECT IDENTIFIER'));
  if (bytes.length === 0) throw new DerError('empty OID');
  const arcs: bigint[] = [];
  let value = 0n;
  for (const byte of bytes) {
    value = (value << 7n) | BigInt(byte & 0x7f);
    if ((byte & 0x80) === 0) {
      arcs.push(value);
      value = 0n;
    }
  }
  if ((bytes[bytes.length - 1]! & 0x80) !== 0) throw new DerError('truncated OID');
  const first = arcs.shift()!;
  const head = first < 80n ? [first / 40n, first % 40n] : [2n, first - 80n];
  return [...head, ...arcs].join('.');
}

/** INTEGER content as unsigned magnitude bytes (leading zero stripped) — for serial numbers and nonces. */
export function readIntegerBytes(node: DerNode | undefined): Uint8Array {
  const bytes = content(expectTag(node, 0x02, 'INTEGER'));
  if (bytes.length === 0) throw new DerError('empty INTEGER');
  return bytes.length > 1 && bytes[0] === 0 ? bytes.subarray(1) : bytes;
}

export function readSmallInteger(node: DerNode | undefined, tag = 0x02): number {
  const bytes = content(expectTag(node, tag, 'INTEGER'));
  if (bytes.length === 0 || bytes.length > 6) throw new DerError('INTEGER out of range');
  let value = 0;
  for (const byte of bytes) value = value * 256 + byte;
  return bytes[0]! & 0x80 ? value - 2 ** (8 * bytes.length) : value;
}

/** OCTET STRING content; a BER constructed OCTET STRING is reassembled. */
export function readOctets(node: DerNode | undefined): Uint8Array {
  if (node && node.tag === 0x24) return Buffer.concat(children(node).map((part) => readOctets(part)));
  return content(expectTag(node, 0x04, 'OCTET STRING'));
}

/** BIT STRING payload without the unused-bits byte. */
export function readBitString(node: DerNode | undefined): Uint8Array {
  const bytes = content(expectTag(node, 0x03, 'BIT STRING'));
  if (bytes.length === 0) throw new DerError('empty BIT STRING');
  return bytes.subarray(1);
}

export function readTime(node: DerNode | undefined): Date {
  if (!node || (node.tag !== 0x17 && node.tag !== 0x18)) throw new DerError('expected a time');
  const text = Buffer.from(content(node)).toString('latin1');
  const match =
    node.tag === 0x17
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?Z$/.exec(text)
      : /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(?:[.,](\d{1,9}))?Z$/.exec(text);
  if (!match) throw new DerError(`unsupported time format "${text}"`);
  let year = Number(match[1]);
  if (node.tag === 0x17) year += year < 50 ? 2000 : 1900;
  const fraction = node.tag === 0x18 && match[7] ? Number(`0.${match[7]}`) * 1000 : 0;
  const date = new Date(
    Date.UTC(year, Number(match[2]) - 1, Number(match[3]), Number(match[4]), Number(match[5]), Number(match[6] ?? 0), Math.floor(fraction)),
  );
  if (Number.isNaN(date.getTime())) throw new DerError(`invalid time "${text}"`);
  return date;
}

export function readBoolean(node: DerNode | undefined): boolean {
  const bytes = content(expectTag(node, 0x01, 'BOOLEAN'));
  if (bytes.length !== 1) throw new DerError('bad BOOLEAN');
  return bytes[0] !== 0;
}

export function readString(node: DerNode | undefined): string {
  if (!node) throw new DerError('missing string');
  const bytes = content(node);
  switch (node.tag) {
    case 0x0c: // UTF8String
      return Buffer.from(bytes).toString('utf8');
    case 0x1e: // BMPString
      if (bytes.length % 2) throw new DerError('odd BMPString');
      return Buffer.from(bytes).swap16().toString('utf16le');
    case 0x13: // PrintableString
    case 0x16: // IA5String
    case 0x14: // TeletexString (treated as Latin-1)
    case 0x1a: // VisibleString
      return Buffer.from(bytes).toString('latin1');
    default:
      throw new DerError(`unsupported string tag 0x${node.tag.toString(16)}`);
  }
}
