/** Cell values shared by the writers and the readers: types, date and number text, time zones. */

/** A cell as the writers take it. `null`/`undefined` is an empty cell; a non-finite number or invalid Date too. */
export type CellValue = string | number | boolean | Date | null | undefined;

/**
 * How a column's cells are written. Without a type each cell goes by its value (a Date gets a date-and-time format).
 * - `string`: every value as text (numbers and booleans too; a Date as `YYYY-MM-DD HH:mm:ss` in the time zone);
 * - `number`, `boolean`: as the value is (a string stays a string cell);
 * - `date`: a Date as a real date cell shown `yyyy-mm-dd`, `datetime`: shown `yyyy-mm-dd hh:mm:ss`.
 */
export type ColumnType = 'string' | 'number' | 'boolean' | 'date' | 'datetime';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const day = 86_400_000;

/**
 * A Date whose UTC fields are the wall-clock time of `date` in `timeZone` (spreadsheets have no time zones: a date
 * cell is a wall-clock time). The offset is looked up once per UTC day when it is the same at both ends of the day,
 * else once per quarter hour of that day (every DST rule changes on a quarter hour): 100,000 dates over a year cost
 * a few hundred Intl look-ups.
 */
export function wallClockIn(timeZone: string): (date: Date) => Date {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return (date) => date;
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const lookup = (time: number): number => {
    const parts: Record<string, number> = {};
    for (const p of format.formatToParts(time)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
    return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - time;
  };
  const quarter = 15 * 60 * 1000;
  /** Per UTC day: the day's offset, or NaN when it changes during the day. */
  const days = new Map<number, number>();
  const quarters = new Map<number, number>();
  const offsetAt = (time: number): number => {
    const dayIndex = Math.floor(time / day);
    let offset = days.get(dayIndex);
    if (offset === undefined) {
      const start = lookup(dayIndex * day);
      offset = start === lookup((dayIndex + 1) * day - 1) ? start : Number.NaN;
      if (days.size > 100_000) days.clear();
      days.set(dayIndex, offset);
    }
    if (!Number.isNaN(offset)) return offset;
    const bucket = Math.floor(time / quarter);
    let exact = quarters.get(bucket);
    if (exact === undefined) {
      exact = lookup(bucket * quarter);
      if (quarters.size > 100_000) quarters.clear();
      quarters.set(bucket, exact);
    }
    return exact;
  };
  return (date) => new Date(date.getTime() + offsetAt(date.getTime()));
}

/** Validates an IANA time zone name up front (Intl throws a RangeError for an unknown one). */
export function checkTimeZone(timeZone: string): void {
  new Intl.DateTimeFormat('en-US', { timeZone });
}

/** `YYYY-MM-DD` of a wall-clock Date (its UTC fields). */
export const isoDate = (wall: Date) => `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
/** `HH:mm:ss` of a wall-clock Date. */
export const isoTime = (wall: Date) => `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
/** `YYYY-MM-DD HH:mm:ss` of a wall-clock Date: the text spreadsheets show for `yyyy-mm-dd hh:mm:ss`. */
export const isoDateTime = (wall: Date) => `${isoDate(wall)} ${isoTime(wall)}`;

export const isValidDate = (value: unknown): value is Date => value instanceof Date && !Number.isNaN(value.getTime());

const excelEpoch = Date.UTC(1899, 11, 30);

/**
 * The text of a date read from a sheet, rounded to the second: `YYYY-MM-DD` at midnight, `YYYY-MM-DD HH:mm:ss`
 * otherwise, `HH:mm:ss` for a time without a date (a serial below 1 in the 1900 date system).
 */
export function dateCellText(wall: Date): string {
  const time = Math.round(wall.getTime() / 1000) * 1000;
  const rounded = new Date(time);
  if (time >= excelEpoch && time < excelEpoch + day) return isoTime(rounded);
  return time % day === 0 ? isoDate(rounded) : isoDateTime(rounded);
}

/** A wall-clock Date from an Excel serial number (1900 or 1904 date system). */
export function excelSerialToDate(serial: number, date1904 = false): Date {
  if (date1904) return new Date(Date.UTC(1904, 0, 1) + Math.round(serial * 86_400) * 1000);
  // Excel's 1900 system counts a 29 February 1900 that never was: serials before it are one day early.
  const days = serial < 60 && serial >= 1 ? serial + 1 : serial;
  return new Date(excelEpoch + Math.round(days * 86_400) * 1000);
}

/** The 1900-system Excel serial of a wall-clock Date (the inverse of `excelSerialToDate`). */
export function dateToExcelSerial(wall: Date): number {
  const days = (wall.getTime() - excelEpoch) / day;
  return days < 61 && days >= 2 ? days - 1 : days;
}

/** A number as a spreadsheet shows it in General format: at most 15 significant digits (0.1 + 0.2 → "0.3"). */
export function numberCellText(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Number.isInteger(value)) return String(value);
  return String(Number(value.toPrecision(15)));
}

/** What the reader needs of SheetJS's number formatter (`XLSX.SSF`), named here so cells.ts does not load SheetJS. */
export interface SheetJsFormatter {
  format(format: string, value: number, options?: { date1904?: boolean }): string;
  is_date(format: string): boolean;
}

/*
 * Excel's built-in short date (format 14, and 22 with the time) has no fixed pattern: each reader's Excel shows it in
 * its own locale's order (15/03/2026 in Paris, 3/15/2026 in New York), and the file says only "short date". ExcelJS
 * names it `mm-dd-yy`, SheetJS `m/d/yy`: both would print the American order a French user never saw. Such a date
 * is given as `YYYY-MM-DD` instead, which no reader misreads.
 */
const localeShortDates = new Set(['mm-dd-yy', 'm/d/yy', 'm/d/yy h:mm', 'm/d/yy hh:mm', 'mm-dd-yy h:mm']);
export const localeShortDate = (format: string) => localeShortDates.has(format.trim().toLowerCase());

/**
 * A number cell's text as the spreadsheet shows it with its number format (`0.00` → `1234.50`, `dd/mm/yyyy` →
 * `15/03/2026`, `#,##0 "€"` → `1,235 €`), or null when the format gives no better text than the neutral one (General,
 * the locale's short date, a format the formatter cannot read, an empty result). Separators and month names are
 * Excel's English ones: the file does not say which locale its author saw.
 */
export function displayedNumberText(ssf: SheetJsFormatter, value: number, format: string, date1904: boolean): string | null {
  if (!Number.isFinite(value) || format === 'General' || localeShortDate(format)) return null;
  let shown: string;
  try {
    shown = ssf.format(format, value, { date1904 });
  } catch {
    return null;
  }
  const trimmed = shown.trim();
  // A format that hides the value (`;;;`) or a date beyond the calendar SheetJS knows: the neutral text is truer.
  if (!trimmed || /NaN|undefined|#+$/.test(trimmed)) return null;
  return trimmed;
}
