/** The spreadsheets of mail-merge (a batch's rows, the converters): read with the platform reader, bounds here. */
import { batchMaxRows } from '@paraphe/contracts';
import { AppError } from '../../platform/errors.ts';
import { openSpreadsheet, SpreadsheetError, type OpenedSpreadsheet, type ReadSpreadsheetOptions } from '../../platform/spreadsheets/index.ts';
import { maxSheetUploadBytes } from './upload.ts';

export const accepted = 'Accepted formats: .xlsx, .xls, .ods and .csv (UTF-8 or Windows-1252, any delimiter).';
/**
 * A batch's sheet: a header and 10,000 rows, its cells as the sheet shows them (a `0.00` number merges as 1234.50).
 * The converters take what the address book imports take.
 */
export const batchReadLimits: ReadSpreadsheetOptions = {
  maxBytes: maxSheetUploadBytes,
  maxRows: batchMaxRows + 1,
  maxInflatedBytes: 256 * 1024 * 1024,
  displayedText: true,
};
export const converterReadLimits: ReadSpreadsheetOptions = { maxBytes: maxSheetUploadBytes, maxRows: 100_001, maxInflatedBytes: 256 * 1024 * 1024 };

const fileError = (code: 'INVALID_FILE_TYPE' | 'VALIDATION_FAILED' | 'FILE_TOO_LARGE', message: string) =>
  new AppError(code, message, { fields: [{ field: 'file', rule: code === 'FILE_TOO_LARGE' ? 'file_too_big' : 'invalid_value', message }] });

/** What the reader says about a file, as an answer the client can act on (never a 500). */
export function sheetProblem(error: SpreadsheetError, fileName: string, maxRows: number): AppError {
  switch (error.code) {
    case 'UNSUPPORTED_FORMAT':
      return fileError('INVALID_FILE_TYPE', `${fileName} is not a spreadsheet: ${error.message} ${accepted}`);
    case 'TOO_LARGE':
      return fileError('FILE_TOO_LARGE', `${fileName} is too large: ${error.message}`);
    case 'TOO_MANY_ROWS':
      return fileError('VALIDATION_FAILED', `${fileName} has more than ${(maxRows - 1).toLocaleString('en')} rows: split it into smaller files.`);
    default:
      return fileError('INVALID_FILE_TYPE', `${fileName} could not be read: ${error.message} ${accepted}`);
  }
}

export interface SheetLine {
  /** 1-based, as a spreadsheet shows it. */
  line: number;
  cells: string[];
}

/** Every non-blank row of the first sheet, with its line; reader errors become AppErrors. */
export async function readSheetLines(
  data: Uint8Array,
  fileName: string,
  limits: ReadSpreadsheetOptions,
): Promise<{ sheet: OpenedSpreadsheet; lines: SheetLine[] }> {
  if (!data.length) throw fileError('VALIDATION_FAILED', `${fileName} is empty.`);
  try {
    const sheet = await openSpreadsheet(data, limits);
    const lines: SheetLine[] = [];
    let line = 0;
    for await (const cells of sheet.rows) {
      line++;
      if (cells.some((c) => c.trim() !== '')) lines.push({ line, cells });
    }
    return { sheet, lines };
  } catch (error) {
    if (error instanceof SpreadsheetError) throw sheetProblem(error, fileName, limits.maxRows ?? 100_001);
    throw error;
  }
}
