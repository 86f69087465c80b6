/** What an uploaded file is, from its bytes: container kind, text encoding, CSV delimiter. */
import { unsupported } from './errors.ts';
import { isZip } from './zip.ts';

export type TextEncoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';
export type CsvDelimiter = ',' | ';' | '\t' | '|';

const oleMagic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export type Container = 'zip' | 'ole' | 'text';

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** Binary formats people upload by mistake, named in the error. */
const knownBinaries: [number[], string][] = [
  [ascii('%PDF'), 'a PDF document'],
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
  [ascii('GIF8'), 'a GIF image'],
  [[0x1f, 0x8b], 'a gzip archive'],
  [ascii('Rar!'), 'a RAR archive'],
  [[0x37, 0x7a, 0xbc, 0xaf], 'a 7-Zip archive'],
  [ascii('{\\rtf'), 'an RTF document'],
];

/** The kind of container: ZIP (xlsx, ods), OLE2 compound file (xls), or text (csv). Throws for other binaries. */
export function sniffContainer(bytes: Uint8Array): Container {
  if (isZip(bytes)) return 'zip';
  if (startsWith(bytes, oleMagic)) return 'ole';
  for (const [magic, what] of knownBinaries) if (startsWith(bytes, magic)) throw unsupported(`The file is ${what}, not a spreadsheet.`);
  return 'text';
}

export interface DecodedText {
  text: string;
  encoding: TextEncoding;
  bom: boolean;
}

/**
 * Decodes a text file: a byte-order mark decides (UTF-8, UTF-16 LE/BE); without one, bytes that are valid UTF-8 are
 * UTF-8, anything else is Windows-1252 (what Excel writes for "CSV" on a Western-European Windows, and a superset of
 * ISO-8859-1 in the WHATWG decoder). `forced` skips the detection.
 */
export function decodeText(bytes: Uint8Array, forced?: TextEncoding): DecodedText {
  let encoding: TextEncoding;
  let bom = false;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) [encoding, bom] = ['utf-8', true];
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) [encoding, bom] = ['utf-16le', true];
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) [encoding, bom] = ['utf-16be', true];
  else encoding = isUtf8(bytes) ? 'utf-8' : 'windows-1252';
  if (forced) encoding = forced;
  // The decoders drop the BOM of their own encoding (ignoreBOM: false, the default).
  const text = new TextDecoder(encoding).decode(bytes);
  if (encoding !== 'utf-16le' && encoding !== 'utf-16be' && text.slice(0, 4096).includes('\u0000'))
    throw unsupported('The file is binary, not a spreadsheet or CSV text.');
  return { text, encoding, bom };
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const candidates: readonly CsvDelimiter[] = [',', ';', '\t', '|'];

/** Counts each candidate delimiter outside double quotes, record by record, over the first records of `text`. */
function countDelimiters(text: string, maxRecords: number): Map<CsvDelimiter, number[]> {
  const counts = new Map<CsvDelimiter, number[]>(candidates.map((c) => [c, []]));
  let current = new Map<string, number>();
  let inQuotes = false;
  let records = 0;
  let recordHasText = false;
  const endRecord = () => {
    if (recordHasText) {
      for (const c of candidates) counts.get(c)!.push(current.get(c) ?? 0);
      records++;
    }
    current = new Map();
    recordHasText = false;
  };
  for (let i = 0; i < text.length && records < maxRecords; i++) {
    const ch = text[i]!;
    if (ch === '"') inQuotes = !inQuotes;
    else if (inQuotes) continue;
    else if (ch === '\n' || ch === '\r') {
      endRecord();
      if (ch === '\r' && text[i + 1] === '\n') i++;
      continue;
    } else if (ch === ',' || ch === ';' || ch === '\t' || ch === '|') current.set(ch, (current.get(ch) ?? 0) + 1);
    recordHasText = true;
  }
  if (records < maxRecords) endRecord();
  return counts;
}

/**
 * The delimiter of a CSV text: among `,` `;` tab `|`, the one found in the first record that splits the most of the
 * first 50 records into that many fields, then the one most frequent in the first record, then in that order.
 * A text with none of them (one column) gets `,`.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const sample = text.length > 256 * 1024 ? text.slice(0, 256 * 1024) : text;
  const counts = countDelimiters(sample, 50);
  let best: { delimiter: CsvDelimiter; consistency: number; first: number } | undefined;
  for (const delimiter of candidates) {
    const perRecord = counts.get(delimiter)!;
    const first = perRecord[0] ?? 0;
    if (first === 0) continue;
    // A cut-off last record (the sample ended inside it) should not count against a delimiter.
    const considered = sample.length < text.length && perRecord.length > 1 ? perRecord.slice(0, -1) : perRecord;
    const consistency = considered.filter((n) => n === first).length / considered.length;
    if (!best || consistency > best.consistency || (consistency === best.consistency && first > best.first)) best = { delimiter, consistency, first };
  }
  return best?.delimiter ?? ',';
}

/** Excel's `sep=;` first line, which names the delimiter: the delimiter and the text without that line. */
export function takeSepLine(text: string): { delimiter: string; rest: string } | null {
  const match = /^sep=(.)(\r\n|\n|\r)/.exec(text);
  return match ? { delimiter: match[1]!, rest: text.slice(match[0].length) } : null;
}
