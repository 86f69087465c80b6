/**
 * CSV exports, streamed like the .xlsx ones and from the same SheetSpec. RFC 4180 quoting (a field holding the
 * delimiter, a double quote, CR or LF is quoted, quotes doubled), CRLF line ends, optional UTF-8 byte-order mark
 * (Excel needs it to read UTF-8; on by default). Formula-like text is neutralised as OWASP recommends: prefixed with
 * `'` and quoted (formula-guard.ts).
 */
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { checkTimeZone, isoDate, isoDateTime, isValidDate, numberCellText, wallClockIn, type CellValue, type ColumnType } from './cells.ts';
import { neutraliseFormula } from './formula-guard.ts';
import { breathe, drained, forEachRow, watchSink } from './sink.ts';
import { collect, type ExportResult, type SheetSpec } from './xlsx-writer.ts';

export interface CsvOptions {
  /** Default ','. Excel in French (and most of continental Europe) expects ';'. */
  delimiter?: ',' | ';' | '\t';
  /** Start with a UTF-8 byte-order mark, so Excel reads accents right. Default true. */
  bom?: boolean;
  /** Line end. Default '\r\n' (RFC 4180). */
  eol?: '\r\n' | '\n';
}

export const csvMimeType = 'text/csv; charset=utf-8';

/** Bytes gathered before a write to the sink. */
const chunkChars = 64 * 1024;

/**
 * One field, quoted as needed; text (`guard`, the default) neutralised when formula-like. Numbers, dates and booleans
 * are written unguarded: "-2" or "1e+21" is a number to a spreadsheet, not a formula.
 */
export function csvField(text: string, delimiter: string, guard = true): string {
  const value = guard ? neutraliseFormula(text) : text;
  const guarded = value !== text;
  const quote = guarded || value.includes(delimiter) || value.includes('"') || value.includes('\n') || value.includes('\r');
  return quote ? `"${value.replace(/"/g, '""')}"` : value;
}

function field(value: CellValue, type: ColumnType | undefined, wall: (date: Date) => Date, delimiter: string): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    if (!isValidDate(value)) return '';
    return type === 'date' ? isoDate(wall(value)) : isoDateTime(wall(value));
  }
  if (typeof value === 'number') return numberCellText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return csvField(String(value), delimiter);
}

/** Writes the CSV to `sink` and ends it; on failure destroys the sink with the error and rejects (as writeXlsx). */
export async function writeCsv<K extends string>(sink: Writable, spec: SheetSpec<K>, options: CsvOptions = {}): Promise<ExportResult> {
  const delimiter = options.delimiter ?? ',';
  const eol = options.eol ?? '\r\n';
  const timeZone = spec.timeZone ?? 'UTC';
  checkTimeZone(timeZone);
  const wall = wallClockIn(timeZone);
  const watch = watchSink(sink);
  let written = 0;
  let buffer = (options.bom ?? true) ? '\uFEFF' : '';
  const flush = async () => {
    if (buffer === '') return;
    const ok = sink.write(buffer);
    buffer = '';
    if (!ok) await drained(sink);
  };
  try {
    buffer += spec.columns.map((c) => csvField(c.header, delimiter)).join(delimiter) + eol;
    const keys = spec.columns.map((c) => c.key);
    const types = spec.columns.map((c) => c.type);
    written = await forEachRow(
      spec.rows,
      (row) => {
        let line = '';
        for (let i = 0; i < keys.length; i++) {
          if (i > 0) line += delimiter;
          line += field(row[keys[i]!], types[i], wall, delimiter);
        }
        buffer += line + eol;
      },
      200,
      async () => {
        if (buffer.length >= chunkChars) await flush();
        await breathe(sink);
      },
    );
    await flush();
    sink.end();
    await Promise.race([new Promise<void>((resolve) => sink.once('finish', resolve)), watch.failed]);
    return { rows: written };
  } catch (error) {
    if (!sink.destroyed) sink.destroy(error as Error);
    throw error;
  } finally {
    watch.dispose();
  }
}

/** The CSV as a stream for `reply.type(csvMimeType).send(...)`; failures destroy it (see xlsxReadable). */
export function csvReadable<K extends string>(spec: SheetSpec<K>, options: CsvOptions = {}): Readable {
  const out = new PassThrough();
  writeCsv(out, spec, options).catch(() => {
    // writeCsv destroyed `out` with the error.
  });
  return out;
}

/** The whole CSV in memory, for small exports (and tests). */
export function csvBuffer<K extends string>(spec: SheetSpec<K>, options: CsvOptions = {}): Promise<Buffer> {
  return collect(csvReadable(spec, options));
}
