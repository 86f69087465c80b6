import { SigningError } from '../errors.ts';
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString, type PdfValue } from './objects.ts';

const WS = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) WS[c] = 1;
const DELIM = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIM[c.charCodeAt(0)] = 1;

export function invalid(message: string, details?: Record<string, unknown>): SigningError {
  return new SigningError('PDF_INVALID', message, details);
}

/** Resolves an indirect /Length while a stream is parsed (may return undefined when unknown). */
export type LengthResolver = (ref: PdfRef) => number | undefined;

/**
 * A bounded, allocation-light PDF tokenizer/parser working directly on the file bytes. Only what the
 * signing engine touches is ever parsed; nesting depth is bounded against hostile input.
 */
export class Lexer {
  readonly buf: Uint8Array;
  pos: number;
  readonly maxDepth: number;
  constructor(buf: Uint8Array, pos: number, maxDepth: number) {
    this.buf = buf;
    this.pos = pos;
    this.maxDepth = maxDepth;
  }

  skipWs(): void {
    const b = this.buf;
    let p = this.pos;
    while (p < b.length) {
      const c = b[p]!;
      if (WS[c]) p++;
      else if (c === 0x25 /* % */) {
        while (p < b.length && b[p] !== 10 && b[p] !== 13) p++;
      } else break;
    }
    this.pos = p;
  }

  /** Reads a bare token (keyword or number) without consuming delimiters. */
  token(): string {
    this.skipWs();
    const b = this.buf;
    const start = this.pos;
    let p = start;
    while (p < b.length && !WS[b[p]!] && !DELIM[b[p]!]) p++;
    this.pos = p;
    return latin1(b, start, p);
  }

  expectKeyword(word: string): void {
    const t = this.token();
    if (t !== word) throw invalid(`Expected '${word}' but found '${t.slice(0, 20)}'`, { offset: this.pos });
  }

  /** Reads an unsigned integer if one starts here (does not move on failure). */
  tryInt(): number | undefined {
    const save = this.pos;
    this.skipWs();
    const b = this.buf;
    let p = this.pos;
    let n = 0;
    const start = p;
    while (p < b.length && b[p]! >= 0x30 && b[p]! <= 0x39 && p - start < 16) n = n * 10 + (b[p++]! - 0x30);
    if (p === start || (p < b.length && !WS[b[p]!] && !DELIM[b[p]!])) {
      this.pos = save;
      return undefined;
    }
    this.pos = p;
    return n;
  }

  parseValue(depth = 0): PdfValue {
    if (depth > this.maxDepth) throw new SigningError('PDF_TOO_COMPLEX', 'PDF objects are nested too deeply', { maxDepth: this.maxDepth });
    this.skipWs();
    const b = this.buf;
    if (this.pos >= b.length) throw invalid('Unexpected end of file');
    const c = b[this.pos]!;
    if (c === 0x2f /* / */) return this.parseName();
    if (c === 0x28 /* ( */) return this.parseLiteralString();
    if (c === 0x3c /* < */) {
      if (b[this.pos + 1] === 0x3c) return this.parseDict(depth);
      return this.parseHexString();
    }
    if (c === 0x5b /* [ */) {
      this.pos++;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipWs();
        if (this.pos >= b.length) throw invalid('Unterminated array');
        if (b[this.pos] === 0x5d) {
          this.pos++;
          return items;
        }
        if (items.length >= MAX_CONTAINER_ITEMS) throw new SigningError('PDF_TOO_COMPLEX', 'A PDF array has too many items', { limit: 'arrayItems' });
        items.push(this.parseValue(depth + 1));
      }
    }
    const start = this.pos;
    const t = this.token();
    if (t === '') throw invalid(`Unexpected character '${String.fromCharCode(c)}'`, { offset: start });
    if (t === 'true') return true;
    if (t === 'false') return false;
    if (t === 'null') return null;
    const n = Number(t);
    if (t.length > 32 || Number.isNaN(n)) throw invalid(`Unexpected token '${t.slice(0, 20)}'`, { offset: start });
    if (/^\d+$/.test(t)) {
      const after = this.pos;
      const gen = this.tryInt();
      if (gen !== undefined) {
        this.skipWs();
        if (b[this.pos] === 0x52 /* R */ && (this.pos + 1 >= b.length || WS[b[this.pos + 1]!] || DELIM[b[this.pos + 1]!])) {
          this.pos++;
          return new PdfRef(n, gen);
        }
      }
      this.pos = after;
    }
    return n;
  }

  private parseName(): PdfName {
    const b = this.buf;
    let p = ++this.pos;
    while (p < b.length && !WS[b[p]!] && !DELIM[b[p]!]) p++;
    let raw = latin1(b, this.pos, p);
    this.pos = p;
    if (raw.includes('#')) raw = raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return new PdfName(raw);
  }

  private parseDict(depth: number): PdfDict {
    const b = this.buf;
    this.pos += 2;
    const d = new PdfDict();
    for (;;) {
      this.skipWs();
      if (this.pos >= b.length) throw invalid('Unterminated dictionary');
      if (b[this.pos] === 0x3e && b[this.pos + 1] === 0x3e) {
        this.pos += 2;
        return d;
      }
      if (b[this.pos] !== 0x2f) throw invalid('Dictionary key is not a name', { offset: this.pos });
      const key = this.parseName().value;
      d.set(key, this.parseValue(depth + 1));
      if (d.entries.size > MAX_CONTAINER_ITEMS) throw new SigningError('PDF_TOO_COMPLEX', 'A PDF dictionary has too many entries', { limit: 'arrayItems' });
    }
  }

  private parseHexString(): PdfString {
    const b = this.buf;
    const end = indexOfByte(b, 0x3e, this.pos + 1);
    if (end < 0) throw invalid('Unterminated hex string');
    let hex = latin1(b, this.pos + 1, end).replace(/[\s\0]/g, '');
    this.pos = end + 1;
    if (!/^[0-9a-fA-F]*$/.test(hex)) throw invalid('Invalid hex string');
    if (hex.length % 2) hex += '0';
    return new PdfString(Buffer.from(hex, 'hex'), true);
  }

  private parseLiteralString(): PdfString {
    const b = this.buf;
    // First find the end (escapes and balanced parentheses), then decode into one buffer: no per-byte JS array.
    let p = this.pos + 1;
    let depth = 1;
    for (; p < b.length && depth > 0; p++) {
      const c = b[p]!;
      if (c === 0x5c) p++;
      else if (c === 0x28) depth++;
      else if (c === 0x29) depth--;
    }
    if (depth > 0) throw invalid('Unterminated string');
    const end = p - 1; // the closing parenthesis
    const out = Buffer.allocUnsafe(end - this.pos - 1);
    let n = 0;
    p = this.pos + 1;
    while (p < end) {
      const c = b[p++]!;
      if (c !== 0x5c) {
        out[n++] = c;
        continue;
      }
      const e = b[p++];
      if (e === undefined || p > end + 1) break;
      const mapped = ESCAPES[e];
      if (mapped !== undefined) out[n++] = mapped;
      else if (e >= 0x30 && e <= 0x37) {
        let v = e - 0x30;
        for (let i = 0; i < 2 && p < end && b[p]! >= 0x30 && b[p]! <= 0x37; i++) v = v * 8 + (b[p++]! - 0x30);
        out[n++] = v & 0xff;
      } else if (e === 13) {
        if (b[p] === 10) p++;
      } else if (e !== 10) out[n++] = e;
    }
    this.pos = end + 1;
    return new PdfString(out.subarray(0, n));
  }
}

const ESCAPES: Record<number, number> = { 0x6e: 10, 0x72: 13, 0x74: 9, 0x62: 8, 0x66: 12 };

/** Most items in one array or dictionary: a hostile "[1 1 1 …]" must not become a gigabyte of JS values. */
export const MAX_CONTAINER_ITEMS = 500_000;

export function latin1(b: Uint8Array, start: number, end: number): string {
  return Buffer.from(b.buffer, b.byteOffset + start, Math.max(0, end - start)).toString('latin1');
}

export function indexOfByte(b: Uint8Array, byte: number, from: number): number {
  return b.indexOf(byte, from);
}

export function indexOfText(b: Uint8Array, text: string, from = 0): number {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).indexOf(text, from, 'latin1');
}

export function lastIndexOfText(b: Uint8Array, text: string, from?: number): number {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).lastIndexOf(text, from, 'latin1');
}

export interface ParsedIndirect {
  num: number;
  gen: number;
  value: PdfValue;
  /** Offset just after the object (after endobj when present). */
  end: number;
  /** A stream whose /Length did not lead to `endstream`: its data was found by the keyword instead. */
  lengthMismatch?: boolean;
}

/** Parses "num gen obj <value> [stream…endstream] endobj" at offset. */
export function parseIndirectAt(buf: Uint8Array, offset: number, maxDepth: number, resolveLength: LengthResolver): ParsedIndirect {
  if (offset < 0 || offset >= buf.length) throw invalid('Object offset outside the file', { offset });
  const lx = new Lexer(buf, offset, maxDepth);
  const num = lx.tryInt();
  const gen = lx.tryInt();
  if (num === undefined || gen === undefined) throw invalid('No object at offset', { offset });
  lx.expectKeyword('obj');
  let value = lx.parseValue();
  const afterValue = lx.pos;
  let lengthMismatch = false;
  lx.skipWs();
  if (value instanceof PdfDict && startsWith(buf, lx.pos, 'stream')) {
    let start = lx.pos + 6;
    if (buf[start] === 13 && buf[start + 1] === 10) start += 2;
    else if (buf[start] === 10 || buf[start] === 13) start += 1;
    const declared = value.get('Length');
    const length = typeof declared === 'number' ? declared : declared instanceof PdfRef ? resolveLength(declared) : undefined;
    let end = -1;
    if (length !== undefined && Number.isInteger(length) && length >= 0 && start + length <= buf.length) {
      const probe = new Lexer(buf, start + length, maxDepth);
      probe.skipWs();
      if (startsWith(buf, probe.pos, 'endstream')) end = start + length;
    }
    if (end < 0) {
      // Wrong or hostile /Length: fall back to the endstream keyword, as every reader does.
      const kw = indexOfText(buf, 'endstream', start);
      if (kw < 0) throw invalid('Unterminated stream', { offset });
      end = kw;
      lengthMismatch = true;
      if (buf[end - 1] === 10) end--;
      if (buf[end - 1] === 13) end--;
    }
    value = new PdfStream(value, buf.subarray(start, end));
    const endKeyword = indexOfText(buf, 'endstream', end);
    lx.pos = endKeyword < 0 ? buf.length : endKeyword + 9;
    lx.skipWs();
  } else lx.pos = afterValue;
  lx.skipWs();
  let end = lx.pos;
  if (startsWith(buf, lx.pos, 'endobj')) end = lx.pos + 6;
  return { num, gen, value, end, ...(lengthMismatch ? { lengthMismatch } : {}) };
}

export function startsWith(buf: Uint8Array, pos: number, text: string): boolean {
  if (pos + text.length > buf.length) return false;
  for (let i = 0; i < text.length; i++) if (buf[pos + i] !== text.charCodeAt(i)) return false;
  return true;
}
