/**
 * The platform's spreadsheet module: streaming .xlsx and CSV exports (ExcelJS), and imports of .xlsx, .xls, .ods,
 * .xlsb and CSV (ExcelJS for .xlsx, SheetJS for the others) with size, row and zip-bomb bounds.
 * See xlsx-writer.ts, csv-writer.ts and reader.ts; formula-guard.ts for the CSV-injection defence.
 */
export { type CellValue, type ColumnType } from './cells.ts';
export { SpreadsheetError, type SpreadsheetErrorCode } from './errors.ts';
export { foldHeader } from './headers.ts';
export { isFormulaLike, neutraliseFormula, stripFormulaGuard } from './formula-guard.ts';
export {
  buildXlsx,
  writeXlsx,
  xlsxBuffer,
  xlsxMimeType,
  xlsxReadable,
  type Cell,
  type ExportResult,
  type RowSource,
  type SheetColumn,
  type SheetRow,
  type SheetSpec,
} from './xlsx-writer.ts';
export { csvBuffer, csvMimeType, csvReadable, writeCsv, type CsvOptions } from './csv-writer.ts';
export {
  defaultLimits,
  openSpreadsheet,
  readSpreadsheet,
  type CsvDelimiter,
  type OpenedSpreadsheet,
  type ReadSpreadsheetOptions,
  type SpreadsheetFormat,
  type SpreadsheetInfo,
  type TextEncoding,
} from './reader.ts';
