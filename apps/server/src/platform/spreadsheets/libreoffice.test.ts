/**
 * LibreOffice round trips: what the writer produces must open in a real spreadsheet with the values it was given
 * (and formula-like text must stay text), and what LibreOffice writes (.ods, .xls, .xlsx) must read back the same.
 * Needs `soffice` (LibreOffice) on the PATH, or SOFFICE=/path/to/soffice: without it these tests fail, on purpose.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neutraliseFormula } from './formula-guard.ts';
import { readSpreadsheet, xlsxBuffer, type SheetColumn, type SheetRow } from './index.ts';

const run = promisify(execFile);
const soffice = process.env.SOFFICE ?? 'soffice';

let dir = '';
/** Converts `file` with LibreOffice, in a profile of this run's own (parallel runs do not share one). */
async function convert(file: string, target: string): Promise<string> {
  const profile = pathToFileURL(join(dir, 'profile')).href;
  await run(soffice, ['--headless', '--norestore', '--nolockcheck', `-env:UserInstallation=${profile}`, '--convert-to', target, '--outdir', dir, file], {
    timeout: 90_000,
  });
  return file.replace(/\.[^.]+$/, `.${target.split(':')[0]}`);
}

const columns: SheetColumn[] = [
  { header: 'Name', key: 'name' },
  { header: 'E-mail', key: 'email' },
  { header: 'Amount', key: 'amount', type: 'number' },
  { header: 'Signed', key: 'signed', type: 'boolean' },
  { header: 'Created', key: 'created', type: 'datetime' },
  { header: 'Due', key: 'due', type: 'date' },
  { header: '=Formula?', key: 'note' },
];

const rows: SheetRow[] = [
  {
    name: 'Zoë Ångström',
    email: 'zoe@exemple.fr',
    amount: 1234.5,
    signed: true,
    created: new Date('2024-03-05T10:20:30Z'),
    due: new Date('2024-07-01T00:00:00Z'),
    note: '=1+2',
  },
  { name: '李小龙 😀', email: 'li@example.cn', amount: -2, signed: false, created: new Date('2023-12-31T23:59:59Z'), note: '+33 6 12 34 56 78' },
  { name: 'O\'Brien, "Pat"', email: null, amount: 0.1 + 0.2, note: '@SUM(A1:A2)' },
  {},
  { name: 'Multi\nline', amount: 42, note: '=HYPERLINK("http://evil.example","click")' },
  { name: 'x'.repeat(300), note: '-1+1' },
];

/** The text a spreadsheet shows for each written cell (dates in UTC, numbers in General format). */
const expected = [
  ['Name', 'E-mail', 'Amount', 'Signed', 'Created', 'Due', '=Formula?'],
  ['Zoë Ångström', 'zoe@exemple.fr', '1234.5', 'TRUE', '2024-03-05 10:20:30', '2024-07-01', '=1+2'],
  ['李小龙 😀', 'li@example.cn', '-2', 'FALSE', '2023-12-31 23:59:59', '', '+33 6 12 34 56 78'],
  ['O\'Brien, "Pat"', '', '0.3', '', '', '', '@SUM(A1:A2)'],
  [],
  ['Multi\nline', '', '42', '', '', '', '=HYPERLINK("http://evil.example","click")'],
  ['x'.repeat(300), '', '', '', '', '', '-1+1'],
];

/**
 * What a spreadsheet shows of the same cells: formula-like texts (the last column, and its header) carry the leading
 * `'` every export puts before them (formula-guard.ts, docs/security.md "Formula neutralisation in every export").
 */
const shown = expected.map((row) => row.map((cell, column) => (column === 6 ? neutraliseFormula(cell) : cell)));

describe('LibreOffice round trip', () => {
  let xlsxPath = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'paraphe-lo-'));
    xlsxPath = join(dir, 'export.xlsx');
    await writeFile(xlsxPath, await xlsxBuffer({ sheetName: 'Signers', columns, rows }));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('opens the exported .xlsx with the values written, formula-like text as quoted text', { timeout: 120_000 }, async () => {
    // CSV filter options: comma, double quote, UTF-8 (76), from line 1; cells exported as shown.
    const csvPath = await convert(xlsxPath, 'csv:Text - txt - csv (StarCalc):44,34,76,1');
    const csv = await readFile(csvPath);
    const read = await readSpreadsheet(csv, { stripFormulaGuard: false, delimiter: ',' });
    expect(read.encoding).toBe('utf-8');
    expect(read.rows).toEqual(shown);
    expect(shown[1]![6]).toBe("'=1+2");
  });

  it('reads back the .ods, .xls and .xlsx LibreOffice saves from it', { timeout: 180_000 }, async () => {
    const ods = await convert(xlsxPath, 'ods');
    const xls = await convert(xlsxPath, 'xls');
    const copy = join(dir, 'resaved.ods');
    await writeFile(copy, await readFile(ods));
    const xlsx = await convert(copy, 'xlsx');
    for (const [format, path] of [
      ['ods', ods],
      ['xls', xls],
      ['xlsx', xlsx],
    ] as const) {
      const read = await readSpreadsheet(path);
      expect({ format: read.format, sheetName: read.sheetName }).toEqual({ format, sheetName: 'Signers' });
      expect({ format, rows: read.rows }).toEqual({ format, rows: expected });
    }
  });
});

describe('LibreOffice .ods: displayedText gives the text LibreOffice shows', () => {
  // Its own scratch folder: the round trip's is removed when that block ends (`convert` writes into `dir`).
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'paraphe-lo-shown-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('0.00, dd/mm/yyyy and 0.0% cells read as shown; General unchanged', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    const row = book.addWorksheet('Data').addRow([1234.5, 46096, 0.125, 1234.5]);
    ['0.00', 'dd/mm/yyyy', '0.0%', 'General'].forEach((format, i) => (row.getCell(i + 1).numFmt = format));
    const xlsx = join(dir, 'shown.xlsx');
    await writeFile(xlsx, new Uint8Array(await book.xlsx.writeBuffer()));
    const ods = await readFile(await convert(xlsx, 'ods'));
    expect((await readSpreadsheet(ods, { displayedText: true })).rows).toEqual([['1234.50', '15/03/2026', '12.5%', '1234.5']]);
    expect((await readSpreadsheet(ods)).rows).toEqual([['1234.5', '2026-03-15', '0.125', '1234.5']]);
  }, 120_000);
});
