/**
 * The one error type of the spreadsheet module. `code` says what went wrong, in words a caller can map to an HTTP
 * answer (TOO_LARGE → 413, TOO_MANY_ROWS / UNREADABLE / UNSUPPORTED_FORMAT / SHEET_NOT_FOUND → 400 or 422).
 */
export type SpreadsheetErrorCode = 'TOO_LARGE' | 'TOO_MANY_ROWS' | 'UNREADABLE' | 'UNSUPPORTED_FORMAT' | 'SHEET_NOT_FOUND';

export class SpreadsheetError extends Error {
  readonly code: SpreadsheetErrorCode;
  /** The bound that was crossed (bytes or rows), for TOO_LARGE and TOO_MANY_ROWS. */
  readonly limit?: number;
  constructor(code: SpreadsheetErrorCode, message: string, options?: { limit?: number; cause?: unknown }) {
    super(message, { cause: options?.cause });
    this.name = 'SpreadsheetError';
    this.code = code;
    this.limit = options?.limit;
  }
}

export const tooLarge = (what: string, limit: number) =>
  new SpreadsheetError('TOO_LARGE', `${what} is larger than the limit of ${limit.toLocaleString('en')} bytes.`, { limit });
export const tooManyRows = (limit: number) => new SpreadsheetError('TOO_MANY_ROWS', `The sheet has more than ${limit.toLocaleString('en')} rows.`, { limit });
export const unreadable = (message: string, cause?: unknown) => new SpreadsheetError('UNREADABLE', message, { cause });
export const unsupported = (message: string) => new SpreadsheetError('UNSUPPORTED_FORMAT', message);
export const sheetNotFound = (name: string) => new SpreadsheetError('SHEET_NOT_FOUND', `The workbook has no sheet named "${name}".`);
