/**
 * The minimal PDF object model used by the incremental reader/writer. Parsed values keep their exact
 * bytes where it matters (strings, stream data) so that rewriting an object does not alter it.
 */
export class PdfName {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
}

export class PdfString {
  readonly bytes: Uint8Array;
  readonly hex: boolean;
  constructor(bytes: Uint8Array, hex = false) {
    this.bytes = bytes;
    this.hex = hex;
  }
  /** A text string: PDFDocEncoding-compatible ASCII stays literal, anything else becomes UTF-16BE with BOM. */
  static fromText(text: string): PdfString {
    if (/^[\x20-\x7e]*$/.test(text)) return new PdfString(Buffer.from(text, 'latin1'));
    const utf16 = Buffer.alloc(2 + text.length * 2);
    utf16[0] = 0xfe;
    utf16[1] = 0xff;
    for (let i = 0; i < text.length; i++) utf16.writeUInt16BE(text.charCodeAt(i), 2 + i * 2);
    return new PdfString(utf16, true);
  }
  /** Decodes a PDF text string (UTF-16BE with BOM, UTF-8 with BOM, or PDFDocEncoding approximated as latin1). */
  toText(): string {
    const b = this.bytes;
    if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) {
      let out = '';
      for (let i = 2; i + 1 < b.length; i += 2) out += String.fromCharCode((b[i]! << 8) | b[i + 1]!);
      return out;
    }
    if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return Buffer.from(b.subarray(3)).toString('utf8');
    return Buffer.from(b).toString('latin1');
  }
}

export class PdfRef {
  readonly num: number;
  readonly gen: number;
  constructor(num: number, gen = 0) {
    this.num = num;
    this.gen = gen;
  }
  toString(): string {
    return `${this.num} ${this.gen} R`;
  }
}

/** Text written verbatim (placeholders, already-serialized fragments). */
export class PdfRaw {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

export class PdfDict {
  readonly entries: Map<string, PdfValue>;
  constructor(entries?: Iterable<[string, PdfValue]>) {
    this.entries = new Map(entries);
  }
  get(key: string): PdfValue | undefined {
    return this.entries.get(key);
  }
  set(key: string, value: PdfValue): this {
    this.entries.set(key, value);
    return this;
  }
  delete(key: string): void {
    this.entries.delete(key);
  }
  has(key: string): boolean {
    return this.entries.has(key);
  }
  clone(): PdfDict {
    return new PdfDict(this.entries);
  }
  nameOf(key: string): string | undefined {
    const v = this.entries.get(key);
    return v instanceof PdfName ? v.value : undefined;
  }
}

export class PdfStream {
  readonly dict: PdfDict;
  /** Raw (still encoded) stream data. */
  readonly data: Uint8Array;
  constructor(dict: PdfDict, data: Uint8Array) {
    this.dict = dict;
    this.data = data;
  }
}

export type PdfValue = null | boolean | number | PdfName | PdfString | PdfRef | PdfRaw | PdfDict | PdfStream | PdfValue[];

export function name(value: string): PdfName {
  return new PdfName(value);
}

export function dict(entries: Record<string, PdfValue | undefined>): PdfDict {
  const d = new PdfDict();
  for (const [k, v] of Object.entries(entries)) if (v !== undefined) d.set(k, v);
  return d;
}

export function isDict(v: PdfValue | undefined): v is PdfDict {
  return v instanceof PdfDict;
}

export function asNumber(v: PdfValue | undefined): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** PDF date string D:YYYYMMDDHHmmSS+00'00' in UTC. */
export function pdfDate(date: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `D:${p(date.getUTCFullYear(), 4)}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}${p(date.getUTCHours())}${p(date.getUTCMinutes())}${p(date.getUTCSeconds())}+00'00'`;
}

/** Parses D:YYYYMMDDHHmmSSOHH'mm' (every part after the year optional). */
export function parsePdfDate(text: string): Date | undefined {
  const m = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?'?/.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, oh = '00', om = '00'] = m;
  let ms = Date.UTC(+y!, +mo - 1, +d, +h, +mi, +s);
  if (sign === '+' || sign === '-') ms -= (sign === '+' ? 1 : -1) * (+oh * 60 + +om) * 60_000;
  return Number.isNaN(ms) ? undefined : new Date(ms);
}
