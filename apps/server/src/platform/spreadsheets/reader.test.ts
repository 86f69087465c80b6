import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSpreadsheet, readSpreadsheet, SpreadsheetError, xlsxBuffer, type SpreadsheetErrorCode } from './index.ts';
import { decodeText, detectDelimiter } from './detect.ts';
import { withoutFormulas } from './reader.ts';
import { unzipText, windows1252, xlsxPackage, zipText } from './test-helpers.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
const withBom = (text: string) => new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]);
function utf16le(text: string, bom = true) {
  const out = new Uint8Array((bom ? 2 : 0) + text.length * 2);
  if (bom) out.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out[(bom ? 2 : 0) + i * 2] = code & 0xff;
    out[(bom ? 2 : 0) + i * 2 + 1] = code >> 8;
  }
  return out;
}

async function rejection(promise: Promise<unknown>): Promise<SpreadsheetError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SpreadsheetError);
    return error as SpreadsheetError;
  }
  throw new Error('expected a SpreadsheetError');
}
const code = async (promise: Promise<unknown>): Promise<SpreadsheetErrorCode> => (await rejection(promise)).code;

/** A workbook written by SheetJS, for the formats SheetJS reads back. */
function sheetJsWorkbook(
  bookType: XLSX.BookType,
  sheets: [string, XLSX.CellObject[][]][],
  options: { hidden?: number[]; date1904?: boolean; activeTab?: number } = {},
) {
  const wb = XLSX.utils.book_new();
  for (const [name, rows] of sheets) {
    const ws: XLSX.WorkSheet = {};
    let maxR = 0;
    let maxC = 0;
    rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (!cell) return;
        ws[XLSX.utils.encode_cell({ r, c })] = cell;
        maxR = Math.max(maxR, r);
        maxC = Math.max(maxC, c);
      }),
    );
    ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: maxR, c: maxC } });
    XLSX.utils.book_append_sheet(wb, ws, name);
  }
  wb.Workbook = {
    Sheets: sheets.map((_, i) => ({ Hidden: options.hidden?.includes(i) ? 1 : 0 })),
    WBProps: { date1904: options.date1904 ?? false },
    ...(options.activeTab === undefined ? {} : { WBView: [{ activeTab: options.activeTab }] }),
  };
  return new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType }) as Buffer);
}

const typedRows: XLSX.CellObject[][] = [
  [
    { t: 's', v: 'Name' },
    { t: 's', v: 'Amount' },
    { t: 's', v: 'When' },
    { t: 's', v: 'Day' },
    { t: 's', v: 'OK' },
  ],
  [
    { t: 's', v: 'Zoë Ångström 😀' },
    { t: 'n', v: 1234.5 },
    { t: 'n', v: 45356 + (10 * 3600 + 20 * 60 + 30) / 86400, z: 'yyyy-mm-dd hh:mm:ss' },
    { t: 'n', v: 45474, z: 'yyyy-mm-dd' },
    { t: 'b', v: true },
  ],
  [],
  [{ t: 's', v: "'=1+2" }, { t: 'n', v: 0.1 + 0.2 }, undefined as unknown as XLSX.CellObject, undefined as unknown as XLSX.CellObject, { t: 'b', v: false }],
];
const typedExpected = [
  ['Name', 'Amount', 'When', 'Day', 'OK'],
  ['Zoë Ångström 😀', '1234.5', '2024-03-05 10:20:30', '2024-07-01', 'TRUE'],
  [],
  ['=1+2', '0.3', '', '', 'FALSE'],
];

describe('readSpreadsheet: CSV', () => {
  it('detects ; , tab and | delimiters, quotes and all', async () => {
    const cases: [string, string, string[][]][] = [
      [
        'Nom;Montant;Ville\nDupont;12,50;"Paris; 75001"\nDurand;13,00;Lyon\n',
        ';',
        [
          ['Nom', 'Montant', 'Ville'],
          ['Dupont', '12,50', 'Paris; 75001'],
          ['Durand', '13,00', 'Lyon'],
        ],
      ],
      [
        'name,note\nx,"a;b;c"\ny,"d;e"\n',
        ',',
        [
          ['name', 'note'],
          ['x', 'a;b;c'],
          ['y', 'd;e'],
        ],
      ],
      [
        'name\tnote\nx\ta, b, c\ny\td; e\n',
        '\t',
        [
          ['name', 'note'],
          ['x', 'a, b, c'],
          ['y', 'd; e'],
        ],
      ],
      [
        'a|b|c\n1|2|3\n',
        '|',
        [
          ['a', 'b', 'c'],
          ['1', '2', '3'],
        ],
      ],
      [
        'Nom, prénom;Montant\nDupont, Jean;12,50\n',
        ';',
        [
          ['Nom, prénom', 'Montant'],
          ['Dupont, Jean', '12,50'],
        ],
      ],
      ['only\none\ncolumn\n', ',', [['only'], ['one'], ['column']]],
      [
        'sep=|\na|b;c\n1|2;3\n',
        '|',
        [
          ['a', 'b;c'],
          ['1', '2;3'],
        ],
      ],
    ];
    for (const [text, delimiter, rows] of cases) {
      const read = await readSpreadsheet(utf8(text));
      expect({ text, delimiter: read.delimiter, rows: read.rows }).toEqual({ text, delimiter, rows });
      expect(read.format).toBe('csv');
    }
  });

  it('reads a CSV whose header starts with "ID", "<"-free text SheetJS would sniff, multi-line fields and stray quotes', async () => {
    const read = await readSpreadsheet(utf8('ID;TABLE;Note\r\n1;Dwayne "The Rock" Johnson;"two\r\nlines"\r\n'));
    expect(read.rows).toEqual([
      ['ID', 'TABLE', 'Note'],
      ['1', 'Dwayne "The Rock" Johnson', 'two\r\nlines'],
    ]);
  });

  it('detects UTF-8 with and without BOM, Windows-1252 and UTF-16 LE with BOM', async () => {
    const text = 'Prénom;Société;Prix\nZoë;Œuvre & Cie;10 €\n';
    const expected = [
      ['Prénom', 'Société', 'Prix'],
      ['Zoë', 'Œuvre & Cie', '10 €'],
    ];
    const cases: [Uint8Array, string, boolean][] = [
      [utf8(text), 'utf-8', false],
      [withBom(text), 'utf-8', true],
      [windows1252(text), 'windows-1252', false],
      [utf16le(text.replace(/;/g, '\t')), 'utf-16le', true],
    ];
    for (const [bytes, encoding, bom] of cases) {
      const read = await readSpreadsheet(bytes);
      expect(read.encoding).toBe(encoding);
      expect(read.bom).toBe(bom);
      expect(read.rows).toEqual(expected);
    }
    expect(decodeText(windows1252('café')).text).toBe('café');
    expect(decodeText(utf8('café')).encoding).toBe('utf-8');
    // Bytes valid in both: ASCII is UTF-8.
    expect(decodeText(utf8('plain')).encoding).toBe('utf-8');
  });

  it('can be told the encoding and the delimiter', async () => {
    const read = await readSpreadsheet(windows1252('a;b,c\né;ü\n'), { encoding: 'windows-1252', delimiter: ',' });
    expect(read.rows).toEqual([['a;b', 'c'], ['é;ü']]);
  });

  it('keeps blank rows in place as [], drops trailing ones and trailing empty cells', async () => {
    const read = await readSpreadsheet(utf8('a;b;;\n\n;;\nc;;\n\n\n'));
    expect(read.rows).toEqual([['a', 'b'], [], [], ['c']]);
  });

  it('picks the delimiter that splits the records consistently', () => {
    expect(detectDelimiter('a,b;c\n1,2;3\n4,5;6')).toBe(','); // both consistent: the comma wins the tie
    expect(detectDelimiter('a;b;c\n1,5;2;3\n4;5,5;6')).toBe(';');
    expect(detectDelimiter('"x;y",b\n"1;2",3')).toBe(',');
  });
});

describe('readSpreadsheet: workbooks', () => {
  it('reads .xls, .ods and .xlsb written by SheetJS, with numbers, dates, booleans and blank rows', async () => {
    for (const bookType of ['xls', 'ods', 'xlsb'] as const) {
      const read = await readSpreadsheet(sheetJsWorkbook(bookType, [['Contacts', typedRows]]));
      expect(read.format).toBe(bookType);
      expect(read.sheetName).toBe('Contacts');
      expect({ bookType, rows: read.rows }).toEqual({ bookType, rows: typedExpected });
    }
  });

  it('reads the workbook\u2019s active sheet by default, or the sheet named; lists the visible sheets (xlsx, xls)', async () => {
    const three: [string, XLSX.CellObject[][]][] = [
      ['Notes', [[{ t: 's', v: 'read me' }]]],
      ['Orders', [[{ t: 's', v: 'order' }]]],
      ['Old', [[{ t: 's', v: 'old' }]]],
      ['Secret', [[{ t: 's', v: 'secret' }]]],
    ];
    // SheetJS does not write the active tab: it goes into the .xlsx's workbook.xml, as Excel writes it.
    const files = unzipText(sheetJsWorkbook('xlsx', three, { hidden: [3] }));
    files['xl/workbook.xml'] = files['xl/workbook.xml']!.replace(
      '<sheets>',
      '<bookViews><workbookView xWindow="0" yWindow="0" activeTab="1"/></bookViews><sheets>',
    );
    const xls = sheetJsWorkbook('xls', three, { hidden: [3] });
    for (const [bookType, book, activeSheet] of [
      ['xlsx', zipText(files), 'Orders'],
      ['xls', xls, 'Notes'],
    ] as const) {
      const active = await readSpreadsheet(book);
      expect({ bookType, sheetName: active.sheetName, sheets: active.sheets }).toEqual({
        bookType,
        sheetName: activeSheet,
        sheets: ['Notes', 'Orders', 'Old'],
      });
      const named = await readSpreadsheet(book, { sheet: 'Old' });
      expect({ bookType, sheetName: named.sheetName, rows: named.rows }).toEqual({ bookType, sheetName: 'Old', rows: [['old']] });
      expect(await code(readSpreadsheet(book, { sheet: 'Nope' }))).toBe('SHEET_NOT_FOUND');
    }
    // ExcelJS's own workbooks (the path of most .xlsx files): the active tab too.
    const workbook = new ExcelJS.Workbook();
    for (const [name] of three.slice(0, 3)) workbook.addWorksheet(name).addRow([name.toLowerCase()]);
    workbook.views = [{ x: 0, y: 0, width: 10000, height: 20000, firstSheet: 0, activeTab: 2, visibility: 'visible' }];
    const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
    const read = await readSpreadsheet(xlsx);
    expect([read.sheetName, read.rows, read.sheets]).toEqual(['Old', [['old']], ['Notes', 'Orders', 'Old']]);
    expect((await readSpreadsheet(xlsx, { sheet: 'Notes' })).rows).toEqual([['notes']]);
    // A CSV has one sheet and no name.
    expect((await readSpreadsheet(utf8('a,b\n'))).sheets).toEqual([]);
  });

  it('reads the first visible sheet, and the 1904 date system', async () => {
    const xls = sheetJsWorkbook(
      'xls',
      [
        ['Hidden', [[{ t: 's', v: 'secret' }]]],
        ['Visible', [[{ t: 'n', v: 0, z: 'yyyy-mm-dd' }]]],
      ],
      { hidden: [0], date1904: true },
    );
    const read = await readSpreadsheet(xls);
    expect(read.sheetName).toBe('Visible');
    expect(read.rows).toEqual([['1904-01-01']]);
  });

  it('reads .xlsx from other producers: shared strings after the sheet, inline strings, escapes, formulas, errors, odd paths', async () => {
    const sheet =
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="inlineStr"><is><t>inline &amp;lt; &#20219;&#21153;</t></is></c></row>' +
      '<row r="3"><c r="B3" s="1"><f>TODAY()</f><v>45474</v></c><c r="C3" t="e"><v>#N/A</v></c><c r="D3" t="b"><v>1</v></c><c r="E3" t="str"><f>"a"&amp;"b"</f><v>ab</v></c><c r="F3"><v>0.30000000000000004</v></c></row>' +
      '<row r="4"><c r="A4" t="b"><f aca="false">FALSE()</f><v>0</v></c><c r="B4"><f>A1-A1</f><v>0</v></c><c r="C4" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="D4" t="b"><f t="shared" ref="D4:D5" si="0">A4=A4</f><v>1</v></c></row>' +
      '<row r="5"><c r="D5" t="b"><f t="shared" si="0"/><v>1</v></c></row>';
    const sharedStrings =
      '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>Ligne_x000D_break</t></si><si><r><t>rich </t></r><r><rPr><b/></rPr><t>text</t></r></si></sst>';
    const styles =
      '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"/></cellXfs></styleSheet>';
    // Zip order as Excel writes it: the sheet before the shared strings.
    const parts = xlsxPackage(sheet, { sharedStrings, styles });
    const ordered = Object.fromEntries(Object.entries(parts).sort(([a], [b]) => (a.includes('sharedStrings') ? 1 : b.includes('sharedStrings') ? -1 : 0)));
    const read = await readSpreadsheet(zipText(ordered));
    expect(read.format).toBe('xlsx');
    expect(read.rows).toEqual([
      ['Ligne\rbreak', 'rich text', 'inline &lt; 任务'],
      [],
      ['', '2024-07-01', '#N/A', 'TRUE', 'ab', '0.3'],
      ['FALSE', '0', '#DIV/0!', 'TRUE'],
      ['', '', '', 'TRUE'],
    ]);

    // The workbook elsewhere, reached through absolute and relative relationship targets.
    const moved = zipText({
      '[Content_Types].xml': parts['[Content_Types].xml']!.replace('/xl/workbook.xml', '/book/main.xml'),
      '_rels/.rels': parts['_rels/.rels']!.replace('xl/workbook.xml', '/book/main.xml'),
      'book/main.xml': parts['xl/workbook.xml']!,
      'book/_rels/main.xml.rels': parts['xl/_rels/workbook.xml.rels']!.replace('worksheets/sheet1.xml', '../data/Sheet%20One.xml')
        .replace('sharedStrings.xml', '/book/strings.xml')
        .replace('styles.xml', 'styles.xml'),
      'data/Sheet One.xml': parts['xl/worksheets/sheet1.xml']!,
      'book/strings.xml': sharedStrings,
      'book/styles.xml': styles,
    });
    expect((await readSpreadsheet(moved)).rows).toEqual(read.rows);
  });

  it('reads the first visible worksheet of an .xlsx, and 1904 dates', async () => {
    const parts = xlsxPackage('<row r="1"><c r="A1" s="1"><v>0</v></c></row>', {
      workbookPr: '<workbookPr date1904="1"/>',
      styles:
        '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>',
    });
    parts['xl/workbook.xml'] = parts['xl/workbook.xml']!.replace(
      '<sheet name="Data" sheetId="1" r:id="rId1"/>',
      '<sheet name="Secret" sheetId="2" state="hidden" r:id="rId9"/><sheet name="Data" sheetId="1" r:id="rId1"/>',
    );
    parts['xl/_rels/workbook.xml.rels'] = parts['xl/_rels/workbook.xml.rels']!.replace(
      '</Relationships>',
      '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet9.xml"/></Relationships>',
    );
    parts['xl/worksheets/sheet9.xml'] = parts['xl/worksheets/sheet1.xml']!.replace('<v>0</v>', '<v>1</v>');
    const read = await readSpreadsheet(zipText(parts));
    expect(read.sheetName).toBe('Data');
    expect(read.rows).toEqual([['1904-01-01']]);
  });

  it('keeps accented text exact across the parser’s chunks (ExcelJS decodes each chunk alone)', async () => {
    const names = Array.from({ length: 20_000 }, (_, i) => `Hélène Æsir ${'éàç'.repeat(i % 5)} 漢字 ${i}`);
    const file = await xlsxBuffer({ sheetName: 'S', columns: [{ header: 'Nom', key: 'n' }], rows: names.map((n) => ({ n })) });
    const read = await readSpreadsheet(file);
    expect(read.rows.slice(1).map((r) => r[0])).toEqual(names);
    expect(JSON.stringify(read.rows)).not.toContain('\uFFFD');
  });

  it('falls back to SheetJS for .xlsx ExcelJS cannot parse (cells without references)', async () => {
    const read = await readSpreadsheet(
      zipText(xlsxPackage('<row><c t="inlineStr"><is><t>a</t></is></c><c><v>2</v></c></row><row><c t="b"><v>1</v></c></row>')),
    );
    expect(read.format).toBe('xlsx');
    expect(read.rows).toEqual([['a', '2'], ['TRUE']]);
  });

  it('drops formula elements even when a chunk boundary cuts them', async () => {
    const xml = '<row r="1"><c r="A1" t="b"><f>TRUE()</f><v>1</v></c><c r="B1"><f t="shared" si="0"/><v>2</v></c><c r="C1"><x:f>A1</x:f><v>3</v></c></row>';
    for (let size = 1; size <= 12; size++) {
      async function* chunks() {
        for (let at = 0; at < xml.length; at += size) yield xml.slice(at, at + size);
      }
      let out = '';
      for await (const part of withoutFormulas(chunks())) out += part;
      expect(out).toBe('<row r="1"><c r="A1" t="b"><v>1</v></c><c r="B1"><v>2</v></c><c r="C1"><v>3</v></c></row>');
    }
  });

  it('reads prefixed (x:) sheets through SheetJS', async () => {
    const parts = xlsxPackage('');
    parts['xl/worksheets/sheet1.xml'] =
      '<?xml version="1.0"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>pref</x:t></x:is></x:c><x:c r="B1"><x:v>7</x:v></x:c></x:row></x:sheetData></x:worksheet>';
    expect((await readSpreadsheet(zipText(parts))).rows).toEqual([['pref', '7']]);
  });

  it('streams rows with openSpreadsheet', async () => {
    const file = await xlsxBuffer({ sheetName: 'S', columns: [{ header: 'n', key: 'n' }], rows: Array.from({ length: 5000 }, (_, n) => ({ n })) });
    const opened = await openSpreadsheet(file);
    let count = 0;
    for await (const row of opened.rows) {
      if (count > 0) expect(row).toEqual([String(count - 1)]);
      count++;
    }
    expect(count).toBe(5001);
  });
});

describe('readSpreadsheet: bounds and refusals', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'paraphe-sheets-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses files above maxBytes, from bytes or from a path (before reading it)', async () => {
    const bytes = utf8('a,b\n'.repeat(1000));
    expect(await code(readSpreadsheet(bytes, { maxBytes: 1000 }))).toBe('TOO_LARGE');
    const path = join(dir, 'big.csv');
    await writeFile(path, bytes);
    expect(await code(readSpreadsheet(path, { maxBytes: 1000 }))).toBe('TOO_LARGE');
    expect((await readSpreadsheet(path, { maxBytes: 4000 })).rows).toHaveLength(1000);
  });

  it('stops after maxRows with TOO_MANY_ROWS, in every format; exactly maxRows is fine', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => [{ t: 'n', v: i } as XLSX.CellObject]);
    const files: [string, Uint8Array][] = [
      ['csv', utf8(Array.from({ length: 50 }, (_, i) => `${i}\n`).join('') + '\n\n')],
      ['xlsx', await xlsxBuffer({ sheetName: 'S', columns: [{ header: 'n', key: 'n' }], rows: Array.from({ length: 49 }, (_, n) => ({ n })) })],
      ['xls', sheetJsWorkbook('xls', [['S', rows]])],
      ['ods', sheetJsWorkbook('ods', [['S', rows]])],
    ];
    for (const [format, bytes] of files) {
      const error = await rejection(readSpreadsheet(bytes, { maxRows: 49 }));
      expect({ format, code: error.code, limit: error.limit }).toEqual({ format, code: 'TOO_MANY_ROWS', limit: 49 });
      expect((await readSpreadsheet(bytes, { maxRows: 50 })).rows).toHaveLength(50);
    }
    // Blank rows before a far row count: a row at line 1,000,000 is not 2 rows.
    const far = zipText(xlsxPackage('<row r="1"><c r="A1"><v>1</v></c></row><row r="1000000"><c r="A1000000"><v>2</v></c></row>'));
    expect(await code(readSpreadsheet(far, { maxRows: 1000 }))).toBe('TOO_MANY_ROWS');
  });

  it('refuses what is not a spreadsheet with UNSUPPORTED_FORMAT, and an empty file as UNREADABLE', async () => {
    const refusals: [string, Uint8Array][] = [
      ['pdf', utf8('%PDF-1.7\n%âãÏÓ\n1 0 obj\n')],
      ['png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
      ['binary', new Uint8Array([1, 2, 3, 0, 0, 0, 4, 5])],
      ['html', utf8('  <html><body><table><tr><td>1</td></tr></table></body></html>')],
      ['zip', zipText({ 'readme.txt': 'hello' })],
      ['odt', zipText({ mimetype: 'application/vnd.oasis.opendocument.text', 'content.xml': '<x/>' })],
      [
        'docx',
        zipText({
          '[Content_Types].xml':
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
          '_rels/.rels':
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
          'word/document.xml': '<w:document/>',
        }),
      ],
    ];
    for (const [what, bytes] of refusals) expect({ what, code: await code(readSpreadsheet(bytes)) }).toEqual({ what, code: 'UNSUPPORTED_FORMAT' });
    expect(await code(readSpreadsheet(new Uint8Array()))).toBe('UNREADABLE');
  });

  it('reports a damaged workbook as UNREADABLE', async () => {
    const file = await xlsxBuffer({ sheetName: 'S', columns: [{ header: 'n', key: 'n' }], rows: [{ n: 1 }] });
    expect(await code(readSpreadsheet(file.subarray(0, file.length - 40)))).toBe('UNREADABLE');
    const oleGarbage = new Uint8Array(1024);
    oleGarbage.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await code(readSpreadsheet(oleGarbage))).toBe('UNREADABLE');
    const encrypted = new Uint8Array(2048);
    encrypted.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    encrypted.set(Buffer.from('EncryptedPackage', 'utf16le'), 1024);
    expect(await rejection(readSpreadsheet(encrypted))).toMatchObject({ code: 'UNSUPPORTED_FORMAT', message: expect.stringMatching(/encrypted/) });
    const brokenSheet = zipText(xlsxPackage('<row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="A2"><v>2</c></row>'));
    expect(await code(readSpreadsheet(brokenSheet))).toBe('UNREADABLE');
    expect(await code(readSpreadsheet(utf8('a;b\n"never closed;x\n')))).toBe('UNREADABLE');
  });
});

describe('displayedText: numbers and dates as the sheet shows them', () => {
  const formats = ['0.00', 'dd/mm/yyyy', '0.0%', '#,##0.00 "€"', 'mm-dd-yy', 'General'];
  const values = [1234.5, 46096, 0.125, 1234.5, 46096, 1234.5];
  const shown = ['1234.50', '15/03/2026', '12.5%', '1,234.50 €', '2026-03-15', '1234.5'];
  const neutral = ['1234.5', '2026-03-15', '0.125', '1234.5', '2026-03-15', '1234.5'];

  async function excelJsBook(): Promise<Uint8Array> {
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Data');
    const row = sheet.addRow(values);
    formats.forEach((format, i) => (row.getCell(i + 1).numFmt = format));
    return new Uint8Array(await book.xlsx.writeBuffer());
  }
  function sheetJsBook(bookType: 'xls' | 'ods' | 'xlsx'): Uint8Array {
    const sheet = XLSX.utils.aoa_to_sheet([values]);
    formats.forEach((format, i) => (sheet[XLSX.utils.encode_cell({ r: 0, c: i })]!.z = format));
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Data');
    return XLSX.write(book, { type: 'buffer', bookType }) as Uint8Array;
  }

  it('.xlsx (ExcelJS) and .xls (SheetJS): the format applied; the locale short date and General stay neutral', async () => {
    for (const bytes of [await excelJsBook(), sheetJsBook('xls')]) {
      expect((await readSpreadsheet(bytes, { displayedText: true })).rows).toEqual([shown]);
      expect((await readSpreadsheet(bytes)).rows).toEqual([neutral]);
    }
  });
});
