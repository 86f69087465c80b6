import { PdfDict, PdfName, PdfRaw, PdfRef, PdfStream, PdfString, type PdfValue } from './objects.ts';

const NAME_SAFE = /^[!-~]$/;
const DELIMITERS = new Set(['(', ')', '<', '>', '[', ']', '{', '}', '/', '%', '#']);

function serializeName(value: string): string {
  let out = '/';
  for (const ch of value) {
    if (NAME_SAFE.test(ch) && !DELIMITERS.has(ch)) out += ch;
    else {
      const bytes = Buffer.from(ch, 'latin1');
      for (const b of bytes) out += '#' + b.toString(16).padStart(2, '0');
    }
  }
  return out;
}

export function serializeNumber(n: number): string {
  if (Number.isInteger(n)) return String(n);
  let s = n.toFixed(6);
  s = s.replace(/0+$/, '').replace(/\.$/, '');
  return s === '-0' ? '0' : s;
}

function serializeString(s: PdfString): string {
  const b = Buffer.from(s.bytes.buffer, s.bytes.byteOffset, s.bytes.byteLength);
  if (s.hex) return '<' + b.toString('hex') + '>';
  let out = '(';
  for (const byte of b) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += '\\' + String.fromCharCode(byte);
    else if (byte === 0x0d) out += '\\r';
    else if (byte === 0x0a) out += '\\n';
    else out += String.fromCharCode(byte);
  }
  return out + ')';
}

/** Serializes a value to latin1 text (one char per byte). Streams must be written with serializeIndirect. */
export function serialize(value: PdfValue): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return serializeNumber(value);
  if (value instanceof PdfName) return serializeName(value.value);
  if (value instanceof PdfString) return serializeString(value);
  if (value instanceof PdfRef) return `${value.num} ${value.gen} R`;
  if (value instanceof PdfRaw) return value.text;
  if (Array.isArray(value)) return '[' + value.map(serialize).join(' ') + ']';
  if (value instanceof PdfDict) {
    let out = '<<';
    for (const [k, v] of value.entries) out += serializeName(k) + ' ' + serialize(v);
    return out + '>>';
  }
  if (value instanceof PdfStream) throw new TypeError('A stream can only be an indirect object');
  throw new TypeError('Unknown PDF value');
}

/** The bytes of "num gen obj … endobj", streams included (with /Length fixed to the data length). */
export function serializeIndirect(ref: PdfRef, value: PdfValue): Buffer {
  const head = `${ref.num} ${ref.gen} obj\n`;
  if (value instanceof PdfStream) {
    const d = value.dict.clone().set('Length', value.data.length);
    return Buffer.concat([Buffer.from(head + serialize(d) + '\nstream\n', 'latin1'), value.data, Buffer.from('\nendstream\nendobj\n', 'latin1')]);
  }
  return Buffer.from(head + serialize(value) + '\nendobj\n', 'latin1');
}
