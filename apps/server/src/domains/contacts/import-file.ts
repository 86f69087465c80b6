import { AppError } from '../../platform/errors.ts';
import type { SpreadsheetError } from '../../platform/spreadsheets/index.ts';
import { maxImportBytes } from './upload.ts';

/** Reader bounds of an import: the upload's size, 100,000 rows and a header, and what a ZIP workbook may inflate to. */
export const importReadLimits = { maxBytes: maxImportBytes, maxRows: 100_001, maxInflatedBytes: 256 * 1024 * 1024 } as const;
/** Excel's limit on one cell: a longer cell is not a spreadsheet anyone typed. */
export const maxCellChars = 32_767;
export const accepted = 'Accepted formats: .xlsx, .xls, .ods and .csv (UTF-8 or Windows-1252, any delimiter).';

export const invalidFile = (message: string) => new AppError('INVALID_FILE_TYPE', message, { fields: [{ field: 'file', rule: 'invalid_value', message }] });
export const invalidContent = (message: string) => new AppError('VALIDATION_FAILED', message, { fields: [{ field: 'file', rule: 'invalid_value', message }] });

/** What the reader says about a file, as the answer the client can act on (never a 500). */
export function spreadsheetProblem(error: SpreadsheetError, fileName: string): AppError {
  switch (error.code) {
    case 'UNSUPPORTED_FORMAT':
      return invalidFile(`${fileName} is not a spreadsheet: ${error.message} ${accepted}`);
    case 'TOO_LARGE':
      return new AppError('FILE_TOO_LARGE', `${fileName} is too large once unpacked: ${error.message}`, {
        fields: [{ field: 'file', rule: 'file_too_big', message: error.message, params: { maxsize: '20 MB' } }],
      });
    case 'TOO_MANY_ROWS':
      return invalidContent(`${fileName} has more than 100,000 rows: split it into smaller files.`);
    case 'SHEET_NOT_FOUND':
      return invalidContent(`${fileName}: ${error.message} Choose one of its sheets.`);
    default:
      return invalidFile(`${fileName} could not be read: ${error.message} ${accepted}`);
  }
}

/** The sheet an import's preview was made from (null for a CSV, absent before sheets were chosen): the job reads it. */
export const sheetOf = (preview: unknown): string | undefined => (preview as { sheetName?: string | null }).sheetName ?? undefined;

/** The letters of a column (0 → A, 26 → AA). */
export const columnLetters = (index: number): string => (index < 26 ? '' : columnLetters(Math.floor(index / 26) - 1)) + String.fromCharCode(65 + (index % 26));
