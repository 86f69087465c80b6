/** Spec §7 Converter: xlsx → csv and csv → xlsx, through the platform's spreadsheet reader and writers. */
import { buildXlsx, csvBuffer, type SheetColumn, type SheetRow } from '../../platform/spreadsheets/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { WorkerPool } from '../../platform/workers/pool.ts';
import { accepted, converterReadLimits, readSheetLines } from './sheet.ts';
import type { UploadedFile } from './upload.ts';

const baseName = (fileName: string) => fileName.replace(/\.[^.]*$/, '') || 'sheet';

/**
 * The first sheet of a workbook (.xlsx, .xls, .ods) as CSV: `;`-separated, UTF-8 with a BOM (what Excel in French
 * opens right), values as the sheet shows them, formula-like text neutralised (`'=…`). Blank rows are dropped.
 */
export async function xlsxToCsv(file: UploadedFile, workers: WorkerPool): Promise<{ fileName: string; body: Buffer }> {
  const { sheet, lines } = await readSheetLines(file.data, file.fileName, { ...converterReadLimits, workers });
  if (sheet.format === 'csv') throw new AppError('INVALID_FILE_TYPE', `${file.fileName} is already CSV: send a workbook (.xlsx, .xls, .ods).`);
  const [head, ...rest] = lines.map((l) => l.cells);
  const width = Math.max(0, ...lines.map((l) => l.cells.length));
  const columns: SheetColumn[] = Array.from({ length: width }, (_, i) => ({ key: String(i), header: head?.[i] ?? '' }));
  const rows: SheetRow[] = rest.map((cells) => Object.fromEntries(cells.map((v, i) => [String(i), v])));
  return { fileName: `${baseName(file.fileName)}.csv`, body: await csvBuffer({ sheetName: 'Sheet1', columns, rows }, { delimiter: ';', bom: true }) };
}

/**
 * A CSV (any delimiter; UTF-8 with or without BOM, Windows-1252) as an .xlsx workbook. Every cell stays text, as in
 * the CSV: `0612…` keeps its zero, `=1+2` is not a formula.
 */
export async function csvToXlsx(file: UploadedFile): Promise<{ fileName: string; body: Buffer }> {
  const { sheet, lines } = await readSheetLines(file.data, file.fileName, converterReadLimits);
  if (sheet.format !== 'csv') throw new AppError('INVALID_FILE_TYPE', `${file.fileName} is not a CSV file. ${accepted}`);
  return {
    fileName: `${baseName(file.fileName)}.xlsx`,
    body: Buffer.from(
      await buildXlsx(
        'Sheet1',
        lines.map((l) => l.cells),
      ),
    ),
  };
}
