/**
 * .xlsx exports through ExcelJS's streaming workbook writer: rows go out as they come (an array, a generator, a
 * database cursor), so a 100,000-row export never holds the whole sheet or file in memory, and a Fastify route can
 * `reply.send(xlsxReadable(spec))`.
 *
 * Cells: strings as inline string cells (`t="inlineStr"`: never a formula), formula-like text neutralised with a
 * leading `'` as in CSV (formula-guard.ts: one neutraliser for every export), finite numbers,
 * booleans, Dates as real date cells (`yyyy-mm-dd` or `yyyy-mm-dd hh:mm:ss`) showing the wall-clock time in
 * `timeZone`; null, undefined, '' and non-finite numbers or invalid Dates as empty cells. The header row is bold
 * and frozen.
 */
import { PassThrough, type Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { breathe, drained, forEachRow, watchSink } from './sink.ts';
import { neutraliseFormula } from './formula-guard.ts';
import { checkTimeZone, isoDateTime, isValidDate, numberCellText, wallClockIn, type CellValue, type ColumnType } from './cells.ts';

export interface SheetColumn<K extends string = string> {
  /** Text of the header row. */
  header: string;
  /** Property of each row that holds this column's value. */
  key: K;
  /** Width in characters (Excel's unit); by default from the header, 10 to 60. */
  width?: number;
  type?: ColumnType;
}

export type SheetRow<K extends string = string> = Partial<Record<K, CellValue>>;
export type RowSource<T> = Iterable<T> | AsyncIterable<T>;

export interface SheetSpec<K extends string = string> {
  /** Tab name; characters Excel refuses (`[]:*?/\`) become `_`, cut to 31 characters. */
  sheetName: string;
  columns: readonly SheetColumn<K>[];
  rows: RowSource<SheetRow<K>>;
  /** IANA time zone whose wall-clock time date cells show (spreadsheets have no zones). Default 'UTC'. */
  timeZone?: string;
}

export interface ExportResult {
  /** Data rows written, the header row not counted. */
  rows: number;
}

export const xlsxMimeType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel's limit on the characters of one cell: longer text is cut there (Excel would report the file damaged). */
export const maxCellChars = 32_767;
const dateFormats = { date: 'yyyy-mm-dd', datetime: 'yyyy-mm-dd hh:mm:ss' } as const;
const plainStyle: Partial<ExcelJS.Style> = Object.freeze({});
const usePlainStyle = (cell: ExcelJS.Cell) => {
  cell.style = plainStyle;
};
/** Shared and frozen: ExcelJS caches a style's id per style object (see the row loop), and must never change one. */
const dateStyles: Record<string, Partial<ExcelJS.Style>> = {
  [dateFormats.date]: Object.freeze({ numFmt: dateFormats.date }),
  [dateFormats.datetime]: Object.freeze({ numFmt: dateFormats.datetime }),
};
/**
 * Rows between two yields to the event loop (the zip stream and the sink run meanwhile). Small slices and a small
 * XML backlog keep a 100,000-row export at 168–178 MB peak RSS instead of 203–214 MB (500 rows, 1 MB), at the same
 * speed (bench/spreadsheet-export.bench.ts xlsx-stream).
 */
const rowsPerSlice = 100;
/** Sheet XML allowed to wait for compression before rows stop being produced. */
const maxXmlBacklog = 256 * 1024;

/**
 * ExcelJS hands the sheet's XML to the zip's deflate stream through a PassThrough without waiting for it (its
 * StreamBuf ignores write()'s answer): when rows come faster than zlib compresses, that PassThrough's buffer grows
 * with the whole uncompressed sheet (measured: 18 MB at 80,000 rows). Its length is read here to hold the rows back.
 * ExcelJS 4.4.0 internals, pinned in package.json; without them (a later ExcelJS) only the sink's back-pressure applies.
 */
function xmlBacklog(sheet: ExcelJS.Worksheet): () => number {
  const pipe = (sheet as unknown as { stream?: { pipes?: { _writableState?: { length?: number } }[] } }).stream?.pipes?.[0];
  return () => pipe?._writableState?.length ?? 0;
}

/** Waits for the sink (breathe), then for the compressor to catch up. */
async function throttle(sink: Writable, backlog: () => number): Promise<void> {
  await breathe(sink);
  while (backlog() > maxXmlBacklog) {
    await new Promise((resolve) => setTimeout(resolve, 2));
    await drained(sink);
  }
}

/** Excel's rules for a tab name. */
export function safeSheetName(name: string): string {
  const cleaned = name
    .replace(/[\u0000-\u001F\u007F[\]:*?/\\]/g, '_')
    .replace(/^'+|'+$/g, '')
    .trim()
    .slice(0, 31)
    .trim();
  return cleaned === '' || cleaned.toLowerCase() === 'history' ? 'Sheet1' : cleaned;
}

/**
 * Text as it is stored, the way Excel stores it: a literal `_xHHHH_` escaped as `_x005F_xHHHH_` (or Excel would show
 * "_x0041_" as "A"), control characters XML cannot carry and CR (XML parsers turn it into LF) as `_xHHHH_`, U+FFFE
 * and U+FFFF (not characters) dropped; cut to Excel's cell limit.
 */
export function storedText(text: string): string {
  let out = text.length > maxCellChars ? text.slice(0, maxCellChars) : text;
  if (out.includes('_x')) out = out.replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1');
  if (/[\u0000-\u0008\u000B-\u001F\uFFFE\uFFFF]/.test(out))
    out = out.replace(/[\u0000-\u0008\u000B-\u001F\uFFFE\uFFFF]/g, (c) =>
      c >= '\uFFFE' ? '' : `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`,
    );
  return out;
}

/** An explicit string cell: ExcelJS writes a plain string as `t="str"` (a formula's result); rich text is `inlineStr`. */
const textCell = (text: string): ExcelJS.CellValue => (text === '' ? null : { richText: [{ text: storedText(text) }] });

/** A cell's value as ExcelJS takes it; a Date comes back as its wall-clock Date, to be given a date format. */
function cellValue(value: CellValue, type: ColumnType | undefined, wall: (date: Date) => Date): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    if (!isValidDate(value)) return null;
    if (type === 'string') return textCell(isoDateTime(wall(value)));
    const local = wall(value);
    // A date column shows the day only: store that day (midnight), not a time nobody sees.
    return type === 'date' ? new Date(Math.floor(local.getTime() / 86_400_000) * 86_400_000) : local;
  }
  switch (typeof value) {
    case 'number':
      if (!Number.isFinite(value)) return null;
      return type === 'string' ? textCell(numberCellText(value)) : value;
    case 'boolean':
      return type === 'string' ? textCell(value ? 'TRUE' : 'FALSE') : value;
    default:
      return textCell(neutraliseFormula(String(value)));
  }
}

const defaultWidth = (header: string) => Math.min(60, Math.max(10, header.length + 2));

/**
 * Writes a one-sheet workbook to `sink` and ends it. Resolves once the last byte was handed to the sink. On a failure
 * (the row source threw, the sink closed) the sink is destroyed with the error, so an HTTP response is cut off rather
 * than ending as a complete-looking file, and the promise rejects.
 */
export async function writeXlsx<K extends string>(sink: Writable, spec: SheetSpec<K>): Promise<ExportResult> {
  const timeZone = spec.timeZone ?? 'UTC';
  checkTimeZone(timeZone);
  const wall = wallClockIn(timeZone);
  let written = 0;
  const watch = watchSink(sink);
  try {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
    // ExcelJS listens to its zip stream only once it commits: an 'error' before that would go unhandled.
    (workbook as unknown as { zip?: { on(event: 'error', listener: (error: Error) => void): void } }).zip?.on('error', (error) => sink.destroy(error));
    const sheet = workbook.addWorksheet(safeSheetName(spec.sheetName), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = spec.columns.map((c) => ({ key: c.key, width: c.width ?? defaultWidth(c.header) }));

    const header = sheet.addRow(spec.columns.map((c) => textCell(neutraliseFormula(c.header))));
    header.font = { name: 'Calibri', family: 2, size: 11, bold: true };
    header.commit();

    const columns = spec.columns;
    const keys = columns.map((c) => c.key);
    const types = columns.map((c) => c.type);
    const dateStyle = columns.map((c) => dateStyles[c.type === 'date' ? dateFormats.date : dateFormats.datetime]!);
    const dated: number[] = [];
    const backlog = xmlBacklog(sheet);
    written = await forEachRow(
      spec.rows,
      (source) => {
        const values: ExcelJS.CellValue[] = new Array(keys.length);
        dated.length = 0;
        for (let i = 0; i < keys.length; i++) {
          const value = cellValue(source[keys[i]!], types[i], wall);
          values[i] = value;
          if (value instanceof Date) dated.push(i);
        }
        const row = sheet.addRow(values);
        // One shared style object per format: ExcelJS caches style ids by object, and gives each new cell a fresh {}
        // (a cache miss that renders the style to XML, for every cell).
        row.eachCell(usePlainStyle);
        for (const i of dated) row.getCell(i + 1).style = dateStyle[i]!;
        row.commit();
      },
      rowsPerSlice,
      () => throttle(sink, backlog),
    );
    sheet.commit();
    // Resolves on the sink's 'finish'; the race keeps a sink that closed early from leaving it pending for ever.
    await Promise.race([workbook.commit(), watch.failed]);
    return { rows: written };
  } catch (error) {
    if (!sink.destroyed) sink.destroy(error as Error);
    throw error;
  } finally {
    watch.dispose();
  }
}

/**
 * The workbook as a stream to hand to Fastify (`reply.type(xlsxMimeType).send(xlsxReadable(spec))`): bytes flow as
 * rows are read; a failure half-way destroys the stream with the error (Fastify then aborts the response), and a
 * client that goes away stops the row source at the next slice of rows.
 */
export function xlsxReadable<K extends string>(spec: SheetSpec<K>): Readable {
  const out = new PassThrough();
  writeXlsx(out, spec).catch(() => {
    // writeXlsx destroyed `out` with the error: its reader sees it.
  });
  return out;
}

/** Collects a readable stream into one Buffer. */
export async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The whole workbook in memory, for small exports (and tests). */
export function xlsxBuffer<K extends string>(spec: SheetSpec<K>): Promise<Buffer> {
  return collect(xlsxReadable(spec));
}

/** The cell type of platform/xlsx.ts's buildXlsx, kept for its callers (booleans added). */
export type Cell = CellValue;

/**
 * Drop-in for platform/xlsx.ts's `buildXlsx(sheetName, rows)`: the first row is the header, the others the data.
 * Unlike the old writer it returns a Promise (ExcelJS writes asynchronously): `return buildXlsx(...)` inside an async
 * function, as the one caller does, keeps working. Dates are now real date cells in UTC (the old writer wrote
 * `YYYY-MM-DD HH:mm:ss` UTC text).
 */
export async function buildXlsx(sheetName: string, rows: Cell[][]): Promise<Uint8Array> {
  const [head = [], ...body] = rows;
  const width = Math.max(head.length, ...body.map((r) => r.length));
  const columns: SheetColumn[] = Array.from({ length: width }, (_, i) => {
    const label = head[i];
    return { key: String(i), header: label === null || label === undefined ? '' : label instanceof Date ? isoDateTime(label) : String(label) };
  });
  const data = body.map((r) => Object.fromEntries(r.map((value, i) => [String(i), value])) as SheetRow);
  return xlsxBuffer({ sheetName, columns, rows: data });
}
