/**
 * Spreadsheet imports: .xlsx through ExcelJS's streaming worksheet reader (memory-bounded: the sheet is inflated,
 * decoded and parsed as it goes), .xls / .ods / .xlsb through SheetJS (in memory: .xls is at most 65,536 rows, and
 * the upload's size bounds the rest), CSV through csv-parse (streaming). The format comes from the bytes, not from
 * the file name; a CSV's encoding and delimiter are detected. Every sheet comes out the same way:
 *
 * - `rows[i]` is the sheet's row i + 1, an array of strings, `rows[i][j]` its column j + 1 (A = 0);
 * - empty cells are '', trailing empty cells are dropped, a blank row is [] and blank rows after the last row with
 *   content are dropped;
 * - numbers as a spreadsheet shows them in General format (at most 15 significant digits), dates as `YYYY-MM-DD`,
 *   `YYYY-MM-DD HH:mm:ss` or `HH:mm:ss` (wall-clock, as in the sheet), booleans as TRUE / FALSE, formulas by their
 *   last computed value, errors as their code (#N/A);
 * - with `displayedText`, a number or date cell with a number format is the text the spreadsheet shows for it
 *   (`0.00` → `1234.50`, `dd/mm/yyyy` → `15/03/2026`, `0%` → `12%`; cells.ts `displayedNumberText`) — mail-merge
 *   values are read so; the imports that parse numbers and dates keep the neutral forms above;
 * - a leading `'` that formula-guard.ts put before a formula-like text is removed (`stripFormulaGuard: false` keeps
 *   it), so this module's own CSV exports read back as they were written.
 *
 * Bounds: `maxBytes` for the file, `maxRows` for the rows returned (header and blank rows included), and for ZIP
 * workbooks `maxInflatedBytes` on what the archive really inflates to (zip.ts: declared sizes are not trusted).
 */
import { stat, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type * as SheetJS from '@e965/xlsx';
import { parse as parseCsv } from 'csv-parse';
import ExcelJS from 'exceljs';
import { dateCellText, dateToExcelSerial, displayedNumberText, excelSerialToDate, localeShortDate, numberCellText, type SheetJsFormatter } from './cells.ts';
import { decodeText, detectDelimiter, sniffContainer, takeSepLine, type CsvDelimiter, type TextEncoding } from './detect.ts';
import { cooperative } from '../event-loop.ts';
import { sheetNotFound, SpreadsheetError, tooLarge, tooManyRows, unreadable, unsupported } from './errors.ts';
import { stripFormulaGuard } from './formula-guard.ts';
import { entryText, entryTextChunks, InflateBudget, readZipDirectory, verifyEntries, type ZipEntry } from './zip.ts';

export type SpreadsheetFormat = 'xlsx' | 'xlsb' | 'xls' | 'ods' | 'csv';
export type { CsvDelimiter, TextEncoding };

export interface ReadSpreadsheetOptions {
  /** Largest file accepted, in bytes. Default 32 MiB. */
  maxBytes?: number;
  /** Most rows returned, header and blank rows between rows included. Default 100,001 (a header and 100,000 rows). */
  maxRows?: number;
  /** .xlsx / .ods / .xlsb: most bytes the archive may inflate to. Default 256 MiB. */
  maxInflatedBytes?: number;
  /** CSV: skip the detection. */
  delimiter?: CsvDelimiter;
  /** CSV: skip the detection. */
  encoding?: TextEncoding;
  /** Remove the `'` the exports put before formula-like text. Default true. */
  stripFormulaGuard?: boolean;
  /** Workbooks: the sheet to read, by name (SHEET_NOT_FOUND if none has it). Default: the workbook's active sheet. */
  sheet?: string;
  /** Numbers and dates as the sheet shows them (their number format applied) rather than neutral text. Default false. */
  displayedText?: boolean;
  /**
   * Where SheetJS's synchronous parse (.xls, .ods, .xlsb: seconds of CPU for a large sheet) runs: a worker thread of
   * the pool, so the event loop keeps answering. Without it, on the calling thread (tests, CLI).
   */
  workers?: SheetJsRunner;
}

/** What the reader needs of the worker pool (platform/workers/pool.ts: its `run`), named here to keep one direction. */
export interface SheetJsRunner {
  run(task: 'readSheetJs', input: SheetJsInput): Promise<SheetJsRead>;
}
export interface SheetJsRead {
  info: SpreadsheetInfo;
  /**
   * The rows, JSON-encoded `rowsPerChunk` at a time: a few large strings cross the thread boundary as one copy each,
   * where 100,000 small arrays would be rebuilt one by one on the main thread (hundreds of ms of stall); each chunk is
   * decoded when the reader reaches it.
   */
  rowChunks: string[];
  error?: { code: SpreadsheetError['code']; message: string; limit?: number };
}

export interface SpreadsheetInfo {
  format: SpreadsheetFormat;
  /**
   * The sheet read: the one asked for, else the workbook's active sheet (the tab it opens on), else its first
   * visible one; null for CSV.
   */
  sheetName: string | null;
  /** The workbook's visible sheets, in order (the choice offered to the user); empty for CSV. */
  sheets: string[];
  /** CSV only, else null. */
  encoding: TextEncoding | null;
  /** CSV only: whether the file started with a byte-order mark. */
  bom: boolean;
  /** CSV only, else null. */
  delimiter: string | null;
}

export interface OpenedSpreadsheet extends SpreadsheetInfo {
  /** The rows, read as they are iterated (once). */
  rows: AsyncIterable<string[]>;
}

export const defaultLimits = { maxBytes: 32 * 1024 * 1024, maxRows: 100_001, maxInflatedBytes: 256 * 1024 * 1024 } as const;
const maxZipEntries = 10_000;
/** Cap on a workbook's small XML parts we read whole (relationships, workbook.xml, content types, mimetype). */
const maxMetadataBytes = 8 * 1024 * 1024;

/**
 * Opens an upload (bytes, or a file path) and detects what it is. Format errors, encryption and the byte bounds are
 * reported here; rows are read as `rows` is iterated, which throws TOO_MANY_ROWS past `maxRows` and UNREADABLE if
 * the sheet turns out damaged. The iteration gives the event loop a turn every few milliseconds (`cooperative`), so a
 * loop over 100,000 rows never holds every other request.
 */
export async function openSpreadsheet(input: Uint8Array | string, options: ReadSpreadsheetOptions = {}): Promise<OpenedSpreadsheet> {
  const opened = await openByFormat(input, options);
  return { ...opened, rows: cooperative(opened.rows) };
}

async function openByFormat(input: Uint8Array | string, options: ReadSpreadsheetOptions): Promise<OpenedSpreadsheet> {
  const maxBytes = options.maxBytes ?? defaultLimits.maxBytes;
  const maxRows = options.maxRows ?? defaultLimits.maxRows;
  const strip = options.stripFormulaGuard ?? true;
  const displayed = options.displayedText ?? false;
  const bytes = await loadBytes(input, maxBytes);
  const sheetJsOn = (format: SheetJsFormat) => sheetJsOnRunner(options.workers, { bytes, format, maxRows, strip, sheet: options.sheet, displayed });
  if (bytes.length === 0) throw unreadable('The file is empty.');

  const container = sniffContainer(bytes);
  if (container === 'text') return openCsv(bytes, options, maxRows, strip);
  if (container === 'ole') {
    // A password-protected .xlsx is an OLE2 file holding an "EncryptedPackage" stream (MS-OFFCRYPTO).
    if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(Buffer.from('EncryptedPackage', 'utf16le')))
      throw unsupported('The workbook is encrypted (password-protected).');
    return sheetJsOn('xls');
  }

  const budget = new InflateBudget(options.maxInflatedBytes ?? defaultLimits.maxInflatedBytes);
  const entries = readZipDirectory(bytes, { maxInflatedBytes: budget.limit, maxEntries: maxZipEntries });
  const parts = new Map(entries.map((e) => [e.name.replace(/^\/+/, '').toLowerCase(), e]));
  const find = (path: string) => parts.get(path.toLowerCase());

  const mimetype = find('mimetype');
  if (mimetype) {
    const type = entryText(bytes, mimetype, 1024).trim();
    if (!/^application\/vnd\.oasis\.opendocument\.spreadsheet(-template)?$/.test(type))
      throw unsupported(`The file is an OpenDocument "${type}", not a spreadsheet.`);
    await verifyEntries(bytes, entries, budget);
    return sheetJsOn('ods');
  }
  if (!find('[Content_Types].xml')) {
    if (find('content.xml')) {
      await verifyEntries(bytes, entries, budget);
      return sheetJsOn('ods');
    }
    throw unsupported('The file is a ZIP archive, not a spreadsheet.');
  }
  const workbook = locateWorkbook(bytes, find, budget, options.sheet);
  if (workbook.binary) {
    await verifyEntries(bytes, entries, budget);
    return sheetJsOn('xlsb');
  }
  const sheetJsFallback = async () => {
    await verifyEntries(bytes, entries, new InflateBudget(budget.limit));
    return (await sheetJsOn('xlsx')).rows;
  };
  return openXlsx(bytes, workbook, find, budget, { maxRows, strip, displayed }, sheetJsFallback);
}

/** `openSpreadsheet` with every row read into an array. */
export async function readSpreadsheet(input: Uint8Array | string, options: ReadSpreadsheetOptions = {}): Promise<SpreadsheetInfo & { rows: string[][] }> {
  const { rows: source, ...info } = await openSpreadsheet(input, options);
  const rows: string[][] = [];
  for await (const row of source) rows.push(row);
  return { ...info, rows };
}

async function loadBytes(input: Uint8Array | string, maxBytes: number): Promise<Uint8Array> {
  if (typeof input !== 'string') {
    if (input.length > maxBytes) throw tooLarge('The file', maxBytes);
    return input;
  }
  const size = (await stat(input)).size;
  if (size > maxBytes) throw tooLarge('The file', maxBytes);
  const bytes = await readFile(input);
  if (bytes.length > maxBytes) throw tooLarge('The file', maxBytes);
  return bytes;
}

// --- Rows ---------------------------------------------------------------------------------------------------------

/** Puts rows at their sheet positions: blank rows in between as [], trailing blank rows dropped, maxRows enforced. */
class RowPlacer {
  private next = 0;
  private readonly maxRows: number;
  constructor(maxRows: number) {
    this.maxRows = maxRows;
  }
  /** The rows to hand out for the sheet's row `index` (0-based): nothing yet if it is blank. */
  *place(index: number, cells: string[]): Generator<string[]> {
    let end = cells.length;
    while (end > 0 && cells[end - 1] === '') end--;
    if (end === 0) return;
    if (end < cells.length) cells.length = end;
    const gap = Math.max(0, index - this.next);
    if (this.next + gap + 1 > this.maxRows) throw tooManyRows(this.maxRows);
    for (let i = 0; i < gap; i++) yield [];
    yield cells;
    this.next += gap + 1;
  }
}

const booleanText = (value: boolean) => (value ? 'TRUE' : 'FALSE');

/** SheetJS (7 MB of code) is loaded on the first import that needs it, not by processes that only export. */
let sheetJs: Promise<typeof SheetJS> | undefined;
const loadSheetJs = () => (sheetJs ??= import('@e965/xlsx'));

// --- CSV ----------------------------------------------------------------------------------------------------------

/** Most characters one CSV record may have (a runaway quote would otherwise swallow the file into one record). */
const maxRecordChars = 4 * 1024 * 1024;

function openCsv(bytes: Uint8Array, options: ReadSpreadsheetOptions, maxRows: number, strip: boolean): OpenedSpreadsheet {
  const decoded = decodeText(bytes, options.encoding);
  let text = decoded.text;
  let delimiter: string | undefined = options.delimiter;
  const sep = takeSepLine(text);
  if (sep) {
    text = sep.rest;
    delimiter ??= sep.delimiter;
  }
  if (/^\s*</.test(text.slice(0, 1024))) throw unsupported('The file is HTML or XML, not CSV: save it as .xlsx or .csv.');
  delimiter ??= detectDelimiter(text);
  const chosen = delimiter;
  async function* rows(): AsyncGenerator<string[]> {
    function* chunks() {
      for (let at = 0; at < text.length; at += 65_536) yield text.slice(at, at + 65_536);
    }
    const parser = Readable.from(chunks()).pipe(
      parseCsv({
        delimiter: chosen,
        quote: '"',
        escape: '"',
        relax_quotes: true, // a quote inside an unquoted field (Dwayne "The Rock" Johnson) is text, as in spreadsheets
        relax_column_count: true,
        skip_empty_lines: false,
        max_record_size: maxRecordChars,
      }),
    );
    const placer = new RowPlacer(maxRows);
    let index = 0;
    try {
      for await (const record of parser as AsyncIterable<string[]>) {
        yield* placer.place(index++, strip ? record.map(stripFormulaGuard) : record);
      }
    } catch (error) {
      if (error instanceof SpreadsheetError) throw error;
      throw unreadable(`The CSV file could not be read: ${error instanceof Error ? error.message : String(error)}`, error);
    } finally {
      parser.destroy();
    }
  }
  return { format: 'csv', sheetName: null, sheets: [], encoding: decoded.encoding, bom: decoded.bom, delimiter: chosen, rows: rows() };
}

// --- SheetJS: xls, ods, xlsb -------------------------------------------------------------------------------------

/**
 * Runs SheetJS's synchronous read with console.error and console.warn silenced: it reports every number format it
 * only approximates ("ODS number format may be incorrect"), once per cell style, into the server's log. Nothing else
 * runs during a synchronous call, so nothing else loses a message.
 */
/**
 * SheetJS reads an ExternSheet record's count from its first two bytes without checking the record holds them: a
 * record shorter than that gives a NaN count and an endless loop that fills the heap (a 4 KB .xls found by the fuzzer,
 * fuzz/regressions/spreadsheet). The workbook stream's records are walked first (SheetJS's own container reader gives
 * the stream) and such a file is refused as damaged before SheetJS parses it.
 */
function assertNoTruncatedExternSheet(XLSX: typeof SheetJS, bytes: Uint8Array): void {
  let content: Uint8Array | undefined;
  try {
    const container = XLSX.CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { type: 'buffer' });
    content = (XLSX.CFB.find(container, 'Workbook') ?? XLSX.CFB.find(container, 'Book'))?.content as Uint8Array | undefined;
  } catch {
    return; // not a container SheetJS can open: its own read refuses it with its reason
  }
  if (!content) return;
  for (let at = 0; at + 4 <= content.length;) {
    const type = content[at]! | (content[at + 1]! << 8);
    const length = content[at + 2]! | (content[at + 3]! << 8);
    if (type === 0x0017 && length < 2) throw unreadable('The xls file is damaged: a sheet reference record is truncated.');
    at += 4 + length;
  }
}

function quietly<T>(read: () => T): T {
  const { error, warn } = console;
  console.error = console.warn = () => {};
  try {
    return read();
  } finally {
    console.error = error;
    console.warn = warn;
  }
}

const errorCodes: Record<number, string> = {
  0: '#NULL!',
  7: '#DIV/0!',
  15: '#VALUE!',
  23: '#REF!',
  29: '#NAME?',
  36: '#NUM!',
  42: '#N/A',
  43: '#GETTING_DATA',
};

function sheetJsCellText(XLSX: typeof SheetJS, cell: SheetJS.CellObject | undefined, date1904: boolean, displayed: boolean): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  switch (cell.t) {
    case 's':
      return String(cell.v);
    case 'b':
      return booleanText(Boolean(cell.v));
    case 'e':
      return errorCodes[cell.v as number] ?? '#ERROR';
    case 'd':
      return dateCellText(cell.v instanceof Date ? cell.v : new Date(String(cell.v)));
    case 'n': {
      const n = cell.v as number;
      // LibreOffice saves TRUE()/FALSE() formulas (its import of .xlsx booleans) as numbers shown TRUE / FALSE.
      if ((n === 1 || n === 0) && (cell.w === 'TRUE' || cell.w === 'FALSE')) return cell.w;
      const format = typeof cell.z === 'string' ? cell.z : 'General';
      if (displayed && format !== 'General') {
        // An .ods cell carries the text LibreOffice showed; the others are formatted as Excel would.
        if (typeof cell.w === 'string' && cell.w !== '' && !localeShortDate(format)) return cell.w;
        const shown = displayedNumberText(XLSX.SSF, n, format, date1904);
        if (shown !== null) return shown;
      }
      return format !== 'General' && XLSX.SSF.is_date(format) ? dateCellText(excelSerialToDate(n, date1904)) : numberCellText(n);
    }
    default:
      return '';
  }
}

/** Rows past maxRows that SheetJS still parses, so that a few trailing blank rows do not look like more rows. */
const blankRowSlack = 100;

function* sheetJsSheetRows(
  XLSX: typeof SheetJS,
  sheet: SheetJS.WorkSheet,
  o: { maxRows: number; bound: number; strip: boolean; date1904: boolean; displayed: boolean },
): Generator<string[]> {
  const placer = new RowPlacer(o.maxRows);
  const data = (sheet['!data'] ?? []) as (SheetJS.CellObject | undefined)[][];
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (!row) continue;
    const cells: string[] = new Array(row.length);
    for (let c = 0; c < row.length; c++) {
      const text = sheetJsCellText(XLSX, row[c], o.date1904, o.displayed);
      cells[c] = o.strip ? stripFormulaGuard(text) : text;
    }
    yield* placer.place(r, cells);
  }
  // SheetJS stopped at `bound` rows: whatever follows is more rows than allowed.
  const full = sheet['!fullref'] ?? sheet['!ref'];
  if (full && XLSX.utils.decode_range(full).e.r + 1 >= o.bound) throw tooManyRows(o.maxRows);
}

export type SheetJsFormat = 'xlsx' | 'xls' | 'ods' | 'xlsb';
export interface SheetJsInput {
  bytes: Uint8Array;
  format: SheetJsFormat;
  maxRows: number;
  strip: boolean;
  sheet?: string;
  /** Numbers and dates as the sheet shows them (ReadSpreadsheetOptions.displayedText). */
  displayed?: boolean;
}

/**
 * The sheet to read: the one named, else the active one (unless hidden), else the first visible one. `sheets` are
 * the workbook's sheets in order.
 */
function chooseSheet<S extends { name: string; hidden: boolean }>(sheets: readonly S[], active: S | undefined, wanted: string | undefined): S | undefined {
  if (wanted !== undefined) {
    const named = sheets.find((s) => s.name === wanted);
    if (!named) throw sheetNotFound(wanted);
    return named;
  }
  if (active && !active.hidden) return active;
  return sheets.find((s) => !s.hidden) ?? sheets[0];
}

/** SheetJS on a worker thread when a pool is given: the rows come back read (at most maxRows), then any error. */
async function sheetJsOnRunner(workers: SheetJsRunner | undefined, input: SheetJsInput): Promise<OpenedSpreadsheet> {
  if (!workers) return openWithSheetJs(input);
  const read = await workers.run('readSheetJs', input);
  async function* rows(): AsyncGenerator<string[]> {
    for (const chunk of read.rowChunks) yield* JSON.parse(chunk) as string[][];
    if (read.error) throw new SpreadsheetError(read.error.code, read.error.message, { limit: read.error.limit });
  }
  return { ...read.info, rows: rows() };
}

/** Runs in a worker (tasks.ts): the SheetJS read, its rows collected, a row error (TOO_MANY_ROWS…) kept for the end. */
export async function readWithSheetJs(input: SheetJsInput): Promise<SheetJsRead> {
  const { rows: source, ...info } = await openWithSheetJs(input);
  const rowChunks: string[] = [];
  let chunk: string[][] = [];
  const flush = () => {
    if (chunk.length) rowChunks.push(JSON.stringify(chunk));
    chunk = [];
  };
  try {
    for await (const row of source) if (chunk.push(row) === rowsPerChunk) flush();
  } catch (error) {
    flush();
    if (error instanceof SpreadsheetError) return { info, rowChunks, error: { code: error.code, message: error.message, limit: error.limit } };
    throw error;
  }
  flush();
  return { info, rowChunks };
}
const rowsPerChunk = 1000;

async function openWithSheetJs({ bytes, format, maxRows, strip, sheet: wanted, displayed = false }: SheetJsInput): Promise<OpenedSpreadsheet> {
  const XLSX = await loadSheetJs();
  const bound = maxRows + 1 + blankRowSlack;
  let workbook: SheetJS.WorkBook;
  if (format === 'xls') assertNoTruncatedExternSheet(XLSX, bytes);
  try {
    workbook = quietly(() =>
      XLSX.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
        type: 'buffer',
        dense: true,
        cellNF: true,
        cellDates: false,
        cellFormula: false,
        cellHTML: false,
        cellText: format === 'ods', // an .ods cell's text is stored, not formatted: free, and it tells booleans and what was shown
        cellStyles: false,
        bookVBA: false,
        sheetRows: bound,
      }),
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/password/i.test(message)) throw unsupported('The workbook is encrypted (password-protected).');
    throw unreadable(`The ${format} file could not be read.`, error);
  }
  const states = workbook.Workbook?.Sheets ?? [];
  const all = workbook.SheetNames.map((name, i) => ({ name, hidden: Boolean(states[i]?.Hidden) }));
  // SheetJS reads an .xlsx's <workbookView activeTab> into `WBView`, which its types do not declare (.xls, .ods: none).
  const activeTab = (workbook.Workbook as { WBView?: { activeTab?: number }[] } | undefined)?.WBView?.[0]?.activeTab;
  const sheetName = chooseSheet(all, activeTab === undefined ? undefined : all[activeTab], wanted)?.name;
  const sheet = sheetName === undefined ? undefined : workbook.Sheets[sheetName];
  if (!sheet) throw unreadable(`The ${format} file has no sheet.`);
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  async function* rows(): AsyncGenerator<string[]> {
    yield* sheetJsSheetRows(XLSX, sheet!, { maxRows, bound, strip, date1904, displayed });
  }
  return { format, sheetName: sheetName!, sheets: all.filter((s) => !s.hidden).map((s) => s.name), encoding: null, bom: false, delimiter: null, rows: rows() };
}

// --- xlsx: the package's structure -------------------------------------------------------------------------------

const decodeXml = (text: string) =>
  text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, entity: string) => {
    switch (entity) {
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'amp':
        return '&';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
      default:
        return String.fromCodePoint(entity[1] === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10));
    }
  });

/** The attributes (by local name, prefixes dropped) of each `<name …>` element in a small XML part. */
function elements(xml: string, localName: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  const tag = new RegExp(`<(?:[\\w.-]+:)?${localName}\\b((?:[^>"']|"[^"]*"|'[^']*')*)>`, 'g');
  for (const match of xml.matchAll(tag)) {
    const attributes: Record<string, string> = {};
    for (const a of match[1]!.matchAll(/([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      attributes[a[1]!.replace(/^[\w.-]+:/, '')] = decodeXml(a[2] ?? a[3] ?? '');
    }
    found.push(attributes);
  }
  return found;
}

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);
const relsPathOf = (path: string) => `${folderOf(path)}_rels/${path.slice(path.lastIndexOf('/') + 1)}.rels`;

/** A relationship target, relative to the folder of the part that names it, as a path in the archive. */
function resolveTarget(source: string, target: string): string {
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // not percent-encoded
  }
  const joined = decoded.startsWith('/') ? decoded.slice(1) : folderOf(source) + decoded;
  const out: string[] = [];
  for (const segment of joined.split('/')) {
    if (segment === '..') out.pop();
    else if (segment !== '.' && segment !== '') out.push(segment);
  }
  return out.join('/');
}

interface Relationship {
  type: string;
  target: string;
}

interface XlsxWorkbook {
  binary: boolean;
  path: string;
  xml: string;
  sheetName: string;
  /** The visible sheets' names, in order. */
  sheets: string[];
  sheetPath: string;
  stylesPath?: string;
  sharedStringsPath?: string;
}

type Find = (path: string) => ZipEntry | undefined;

function relationships(bytes: Uint8Array, find: Find, budget: InflateBudget, relsPath: string, source: string): Map<string, Relationship> {
  const entry = find(relsPath);
  const map = new Map<string, Relationship>();
  if (!entry) return map;
  budget.spend(entry.uncompressedSize);
  for (const r of elements(entryText(bytes, entry, maxMetadataBytes), 'Relationship')) {
    if (r.Id && r.Target && r.TargetMode !== 'External') map.set(r.Id, { type: r.Type ?? '', target: resolveTarget(source, r.Target) });
  }
  return map;
}

/** The workbook part, the worksheet to read (chooseSheet) and the parts it needs, from the package's relationships. */
function locateWorkbook(bytes: Uint8Array, find: Find, budget: InflateBudget, wanted: string | undefined): XlsxWorkbook {
  const root = relationships(bytes, find, budget, '_rels/.rels', '');
  const office = [...root.values()].find((r) => r.type.endsWith('/officeDocument'));
  if (!office) throw unsupported('The file is a ZIP archive, not a spreadsheet.');
  const path = office.target;
  const entry = find(path);
  if (!entry) throw unreadable('The workbook part is missing.');
  const contentTypes = find('[Content_Types].xml')!;
  budget.spend(contentTypes.uncompressedSize);
  const override = elements(entryText(bytes, contentTypes, maxMetadataBytes), 'Override').find(
    (o) => o.PartName && resolveTarget('', o.PartName).toLowerCase() === path.toLowerCase(),
  );
  const contentType = override?.ContentType ?? '';
  if (contentType && !/spreadsheetml|ms-excel/.test(contentType)) throw unsupported('The file is an Office document, not a spreadsheet.');
  if (!contentType && !/workbook\.(xml|bin)$/i.test(path)) throw unsupported('The file is an Office document, not a spreadsheet.');
  if (/\.bin$/i.test(path) || /binary/.test(contentType)) return { binary: true, path, xml: '', sheetName: '', sheets: [], sheetPath: '' };

  budget.spend(entry.uncompressedSize);
  const xml = entryText(bytes, entry, maxMetadataBytes);
  const rels = relationships(bytes, find, budget, relsPathOf(path), path);
  // activeTab counts every sheet of the workbook (chart sheets too), hence the index taken before the filter.
  const activeTab = Number(elements(xml, 'workbookView')[0]?.activeTab ?? 0);
  const worksheets = elements(xml, 'sheet')
    .map((s, index) => ({ index, name: s.name ?? '', hidden: s.state === 'hidden' || s.state === 'veryHidden', rel: s.id ? rels.get(s.id) : undefined }))
    .filter((s) => s.rel && s.rel.type.endsWith('/worksheet') && find(s.rel.target));
  const chosen = chooseSheet(
    worksheets,
    worksheets.find((s) => s.index === activeTab),
    wanted,
  );
  if (!chosen) throw unreadable('The workbook has no worksheet.');
  const byType = (suffix: string) => [...rels.values()].find((r) => r.type.endsWith(suffix) && find(r.target))?.target;
  const sheets = worksheets.filter((s) => !s.hidden).map((s) => s.name);
  return {
    binary: false,
    path,
    xml,
    sheetName: chosen.name,
    sheets,
    sheetPath: chosen.rel!.target,
    stylesPath: byType('/styles'),
    sharedStringsPath: byType('/sharedStrings'),
  };
}

// --- xlsx: ExcelJS ------------------------------------------------------------------------------------------------

/*
 * ExcelJS's WorkbookReader pulls the archive through unzipper and hands each inflated chunk to its XML parser after
 * decoding it alone, so a character split between two chunks turns into two U+FFFD (exceljs issue #2316): with
 * accented names that is most large files. Here the parts are inflated and decoded by zip.ts (a streaming
 * TextDecoder, under the zip-bomb budget) and their text handed to the reader's own part parsers, which take strings
 * as they are. These are ExcelJS 4.4.0 internals (the package is pinned to that version); the tests cover them.
 */
interface WorkbookReaderInternals {
  sharedStrings?: unknown[];
  _parseWorkbook(stream: Readable): Promise<void>;
  _parseStyles(stream: Readable): Promise<void>;
  _parseSharedStrings(stream: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: AsyncIterable<string>, sheetNo: number): Generator<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
}

/*
 * ExcelJS also runs its xmlDecode on inline-string and formula-string text that its XML parser (saxes) has already
 * decoded, so a cell holding the text "&lt;" read back as "<". Every caller of utils.xmlDecode gets parser output,
 * so it is made the identity here, once, for the process.
 */
const exceljsUtils = createRequire(import.meta.url)('exceljs/lib/utils/utils.js') as {
  xmlDecode: (text: string) => string;
  isDateFmt: (format: string | undefined) => boolean;
};
exceljsUtils.xmlDecode = (text: string) => text;

/** OOXML's escape for characters XML cannot carry: `_x000D_` is a carriage return, `_x005F_` a literal `_`. */
const unescapeOoxml = (text: string) =>
  text.includes('_x') ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;

const formulaElement = /<(?:[\w.-]+:)?f\b[^>]*\/>|<(?:[\w.-]+:)?f\b[^>]*>[^<]*<\/(?:[\w.-]+:)?f>/g;
const unfinishedFormula = /<(?:[\w.-]+:)?f[\s>/]/g;

/**
 * The sheet's XML without its formulas (`<f>` elements): each formula cell becomes a plain cell holding its last
 * computed value, with its own type. An import wants the values, and ExcelJS reads formula results poorly (a
 * boolean or error result becomes a number, a 0 result is lost). `<f>` text cannot hold a raw "<", so an element
 * is complete once its "</f>" arrived; what may be cut by a chunk's end is held back for the next chunk.
 */
export async function* withoutFormulas(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let carry = '';
  for await (const chunk of chunks) {
    const text = (carry + chunk).replace(formulaElement, '');
    let cut = text.length;
    const lastOpen = text.lastIndexOf('<');
    if (lastOpen >= 0 && text.indexOf('>', lastOpen) < 0) cut = lastOpen;
    let unfinished = -1;
    for (const match of text.matchAll(unfinishedFormula)) unfinished = match.index;
    if (unfinished >= 0) cut = Math.min(cut, unfinished);
    carry = text.slice(cut);
    if (cut > 0) yield text.slice(0, cut);
  }
  if (carry) yield carry.replace(formulaElement, '');
}

/** The first chunks of a text stream, looked at, then the whole stream unchanged. */
async function peek(chunks: AsyncIterable<string>, length: number): Promise<{ head: string; all: AsyncIterable<string> }> {
  const iterator = chunks[Symbol.asyncIterator]();
  const seen: string[] = [];
  let head = '';
  while (head.length < length) {
    const next = await iterator.next();
    if (next.done) break;
    seen.push(next.value);
    head += next.value;
  }
  async function* all() {
    try {
      yield* seen;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      await iterator.return?.(); // stops the inflater when the reader stops early
    }
  }
  return { head, all: all() };
}

function exceljsValueText(value: unknown, numFmt: string | undefined, date1904: boolean, ssf?: SheetJsFormatter): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return unescapeOoxml(value);
  if (typeof value === 'number' && ssf && numFmt && numFmt !== 'General') {
    const shown = displayedNumberText(ssf, value, numFmt, date1904);
    if (shown !== null) return shown;
  }
  if (typeof value === 'number')
    return exceljsUtils.isDateFmt(numFmt) && numFmt !== 'General' ? dateCellText(excelSerialToDate(value, date1904)) : numberCellText(value);
  if (typeof value === 'boolean') return booleanText(value);
  if (value instanceof Date && ssf && numFmt && numFmt !== 'General' && !Number.isNaN(value.getTime())) {
    // ExcelJS turns a date-formatted number into a wall-clock Date: back to its serial, shown with the format.
    const shown = displayedNumberText(ssf, dateToExcelSerial(value), numFmt, false);
    if (shown !== null) return shown;
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : dateCellText(value);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return unescapeOoxml(v.richText.map((run: { text?: unknown }) => String(run.text ?? '')).join(''));
    if ('formula' in v || 'sharedFormula' in v) return exceljsValueText(v.result, numFmt, date1904, ssf); // (formulas are dropped first)
    if ('error' in v) return String(v.error);
    if ('text' in v) return exceljsValueText(v.text, undefined, date1904);
  }
  return '';
}

/**
 * `fallback` reads the workbook with SheetJS instead: used when ExcelJS fails before the first row, as it does on
 * files it cannot parse that SheetJS can (cells without an `r` reference, which the format allows).
 */
function openXlsx(
  bytes: Uint8Array,
  workbook: XlsxWorkbook,
  find: Find,
  budget: InflateBudget,
  { maxRows, strip, displayed }: { maxRows: number; strip: boolean; displayed: boolean },
  fallback: () => Promise<AsyncIterable<string[]>>,
): OpenedSpreadsheet {
  const date1904 = elements(workbook.xml, 'workbookPr').some((p) => p.date1904 === '1' || p.date1904 === 'true');
  async function* rows(): AsyncGenerator<string[]> {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    }) as unknown as WorkbookReaderInternals;
    const partText = (path: string) => Readable.from(entryTextChunks(bytes, find(path)!, budget));
    let placed = false;
    const ssf = displayed ? (await loadSheetJs()).SSF : undefined;
    try {
      await reader._parseWorkbook(Readable.from([workbook.xml]));
      if (workbook.stylesPath) await reader._parseStyles(partText(workbook.stylesPath));
      if (workbook.sharedStringsPath) for await (const _ of reader._parseSharedStrings(partText(workbook.sharedStringsPath)));
      reader.sharedStrings ??= [];
      const { head, all } = await peek(entryTextChunks(bytes, find(workbook.sheetPath)!, budget), 4096);
      // ExcelJS matches unprefixed element names, and does not know Strict OOXML's ISO dates: SheetJS does both.
      if (/<[\w.-]+:worksheet\b/.test(head) || head.includes('http://purl.oclc.org/ooxml/spreadsheetml/main')) {
        yield* await fallback();
        return;
      }
      const [event] = reader._parseWorksheet(withoutFormulas(all), 1);
      const placer = new RowPlacer(maxRows);
      let lastRow = 0;
      for await (const row of event!.value) {
        const number = Number.isFinite(row.number) ? row.number : lastRow + 1;
        lastRow = number;
        const cells: string[] = [];
        row.eachCell((cell, col) => {
          while (cells.length < col - 1) cells.push('');
          const text = exceljsValueText(cell.value, cell.numFmt, date1904, ssf);
          cells[col - 1] = strip ? stripFormulaGuard(text) : text;
        });
        for (const placedRow of placer.place(number - 1, cells)) {
          placed = true;
          yield placedRow;
        }
      }
    } catch (error) {
      if (error instanceof SpreadsheetError) throw error;
      if (placed) throw unreadable('The xlsx file is damaged part-way through.', error);
      // Malformed XML (saxes reports "line:column: …") is damage, not a limitation of ExcelJS: no second reader.
      if (error instanceof Error && /^\d+:\d+: /.test(error.message)) throw unreadable('The xlsx file is damaged.', error);
      yield* await fallback().catch((fallbackError: unknown) => {
        throw fallbackError instanceof SpreadsheetError && fallbackError.code !== 'UNREADABLE'
          ? fallbackError
          : unreadable('The xlsx file could not be read.', error);
      });
    }
  }
  return { format: 'xlsx', sheetName: workbook.sheetName, sheets: workbook.sheets, encoding: null, bom: false, delimiter: null, rows: rows() };
}
