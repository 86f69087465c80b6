import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildXlsx, readSpreadsheet, writeXlsx, xlsxBuffer, xlsxMimeType, xlsxReadable, type SheetColumn } from './index.ts';
import { safeSheetName, storedText } from './xlsx-writer.ts';
import { sheetCells, unzipText } from './test-helpers.ts';

const columns: SheetColumn[] = [
  { header: 'Name', key: 'name' },
  { header: 'Signed', key: 'signed', type: 'boolean' },
  { header: 'Score', key: 'score', type: 'number' },
  { header: 'Created', key: 'created', type: 'datetime' },
  { header: 'Due', key: 'due', type: 'date' },
];

const formulaLike = ['=1+2', '+33 6 12 34 56 78', '-2+3', '@SUM(A1)', '\tTAB', '\rCR', '=HYPERLINK("http://x.example","click")', "=cmd|' /C calc'!A0"];

describe('writeXlsx', () => {
  it('writes a valid package with the header bold and frozen, one inline-string cell per text', async () => {
    const file = await xlsxBuffer({ sheetName: 'Signers', columns, rows: [{ name: 'Ada', signed: true, score: 12.5 }] });
    const parts = unzipText(file);
    expect(Object.keys(parts)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml', 'xl/styles.xml']));
    expect(parts['xl/workbook.xml']).toContain('name="Signers"');
    const sheet = parts['xl/worksheets/sheet1.xml']!;
    expect(sheet).toContain('state="frozen"');
    const cells = sheetCells(sheet);
    expect(cells.get('A1')).toMatch(/t="inlineStr".*<t>Name<\/t>/);
    expect(cells.get('A2')).toMatch(/t="inlineStr".*<t>Ada<\/t>/);
    expect(cells.get('B2')).toBe('<c r="B2" t="b"><v>1</v></c>');
    expect(cells.get('C2')).toBe('<c r="C2"><v>12.5</v></c>');
    expect(parts['xl/styles.xml']).toMatch(/<font><b\/>.*<\/font>|<font>[^]*?<b\/>/);
  });

  it('never writes a formula: formula-like text is an explicit string cell, neutralised as in CSV (one neutraliser)', async () => {
    const harmless = ['+33612345678', '-'];
    const file = await xlsxBuffer({ sheetName: 'S', columns: [{ header: '=HEADER()', key: 'v' }], rows: [...formulaLike, ...harmless].map((v) => ({ v })) });
    const sheet = unzipText(file)['xl/worksheets/sheet1.xml']!;
    expect(sheet).not.toContain('<f>');
    expect(sheet).not.toMatch(/t="(str|s)"/);
    const cells = sheetCells(sheet);
    expect(cells.get('A1')).toContain('t="inlineStr"');
    formulaLike.forEach((_, i) => expect(cells.get(`A${i + 2}`)).toContain('t="inlineStr"'));
    // As stored: OWASP's leading quote on each formula-like text (so a cell edited, or the sheet saved as CSV, stays
    // text); an international phone number and a lone '-' are data no spreadsheet runs, left as they are.
    const { rows } = await readSpreadsheet(file, { stripFormulaGuard: false });
    expect(rows.map((r) => r[0])).toEqual(["'=HEADER()", ...formulaLike.map((v) => `'${v}`), ...harmless]);
    // Our reader takes the quote off again: an export imports back unchanged.
    expect((await readSpreadsheet(file)).rows.map((r) => r[0])).toEqual(['=HEADER()', ...formulaLike, ...harmless]);
  });

  it('writes dates as date cells with a date format, in the requested time zone', async () => {
    const created = new Date('2024-03-05T10:20:30Z');
    const due = new Date('2024-06-30T23:30:00Z'); // 1 July in Paris
    const rows = [{ name: 'a', created, due }];
    const utc = unzipText(await xlsxBuffer({ sheetName: 'S', columns, rows }));
    const cells = sheetCells(utc['xl/worksheets/sheet1.xml']!);
    const serial = (ref: string) => Number(/<v>([^<]+)<\/v>/.exec(cells.get(ref)!)![1]);
    expect(serial('D2')).toBeCloseTo(45356 + (10 * 3600 + 20 * 60 + 30) / 86400, 8);
    expect(serial('E2')).toBe(45473); // 2024-06-30, the time dropped: a date column holds days
    const styleOf = (ref: string) => Number(/ s="(\d+)"/.exec(cells.get(ref)!)![1]);
    const xfs = [...utc['xl/styles.xml']!.matchAll(/<xf [^>]*numFmtId="(\d+)"/g)].slice(1).map((m) => m[1]);
    const formats = Object.fromEntries([...utc['xl/styles.xml']!.matchAll(/numFmtId="(\d+)" formatCode="([^"]+)"/g)].map((m) => [m[1], m[2]]));
    expect(formats[xfs[styleOf('D2')]!]).toBe('yyyy-mm-dd hh:mm:ss');
    expect(formats[xfs[styleOf('E2')]!]).toBe('yyyy-mm-dd');

    const paris = await readSpreadsheet(await xlsxBuffer({ sheetName: 'S', columns, rows, timeZone: 'Europe/Paris' }));
    expect(paris.rows[1]).toEqual(['a', '', '', '2024-03-05 11:20:30', '2024-07-01']);
    const summer = await readSpreadsheet(
      await xlsxBuffer({ sheetName: 'S', columns, rows: [{ created: new Date('2024-07-01T10:00:00Z') }], timeZone: 'Europe/Paris' }),
    );
    expect(summer.rows[1]).toEqual(['', '', '', '2024-07-01 12:00:00']);
  });

  it('writes empty cells for null, undefined, empty text, NaN, Infinity and invalid dates', async () => {
    const file = await xlsxBuffer({
      sheetName: 'S',
      columns: [
        { header: 'a', key: 'a' },
        { header: 'b', key: 'b' },
        { header: 'c', key: 'c' },
        { header: 'd', key: 'd' },
        { header: 'e', key: 'e' },
        { header: 'f', key: 'f' },
      ],
      rows: [{ a: null, b: undefined, c: '', d: Number.NaN, e: Number.POSITIVE_INFINITY, f: new Date('nope') }, { a: 'x' }],
    });
    const { rows } = await readSpreadsheet(file);
    expect(rows).toEqual([['a', 'b', 'c', 'd', 'e', 'f'], [], ['x']]);
  });

  it('keeps unicode, XML specials, whitespace, newlines and OOXML escapes exact', async () => {
    const values = [
      'Zoë Ångström',
      'carriage\r\nreturn\r',
      '李小龙',
      '😀 emoji 👩‍👩‍👧',
      '<b>&amp; "quotes" \'</b>',
      '  padded  ',
      'two\nlines',
      'a_x0041_b',
      'euro €',
      'ctrl\u0001char\u0008s',
    ];
    const file = await xlsxBuffer({ sheetName: 'S', columns: [{ header: 'v', key: 'v' }], rows: values.map((v) => ({ v })) });
    const { rows } = await readSpreadsheet(file);
    expect(rows.slice(1).map((r) => r[0])).toEqual(values);
  });

  it('cuts text at Excel’s 32,767-character cell limit', async () => {
    expect(storedText('x'.repeat(40_000))).toHaveLength(32_767);
    const { rows } = await readSpreadsheet(await xlsxBuffer({ sheetName: 'S', columns: [{ header: 'v', key: 'v' }], rows: [{ v: 'y'.repeat(40_000) }] }));
    expect(rows[1]![0]).toHaveLength(32_767);
  });

  it('makes a tab name Excel accepts', () => {
    expect(safeSheetName('Signers [2024]: a/b?')).toBe('Signers _2024__ a_b_');
    expect(safeSheetName("'quoted'")).toBe('quoted');
    expect(safeSheetName('x'.repeat(40))).toHaveLength(31);
    expect(safeSheetName('  ')).toBe('Sheet1');
    expect(safeSheetName('History')).toBe('Sheet1');
  });

  it('takes rows from an async generator and streams while it runs', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    let received = 0;
    let receivedBeforeLastRow = 0;
    out.on('data', (chunk: Buffer) => {
      received += chunk.length;
      chunks.push(chunk);
    });
    async function* rows() {
      for (let i = 0; i < 20_000; i++) {
        if (i === 19_999) receivedBeforeLastRow = received;
        yield { name: `person ${i} — ${'é'.repeat(i % 7)}`, signed: i % 2 === 0, score: i, created: new Date(Date.UTC(2024, 0, 1) + i * 60_000) };
      }
    }
    const result = await writeXlsx(out, { sheetName: 'S', columns, rows: rows() });
    expect(result.rows).toBe(20_000);
    expect(receivedBeforeLastRow).toBeGreaterThan(100_000); // the file was flowing before the last row was read
    const read = await readSpreadsheet(Buffer.concat(chunks));
    expect(read.rows).toHaveLength(20_001);
    const last = new Date(Date.UTC(2024, 0, 1) + 19_999 * 60_000).toISOString().replace('T', ' ').slice(0, 19);
    expect(read.rows[20_000]).toEqual([`person 19999 — ${'é'.repeat(19_999 % 7)}`, 'FALSE', '19999', last]);
  });

  it('stops producing rows while nobody reads the stream (back-pressure), and finishes once read', async () => {
    let produced = 0;
    async function* rows() {
      for (let i = 0; i < 60_000; i++) {
        produced++;
        yield { name: `person ${i} ${Math.sin(i)}`, score: i };
      }
    }
    const stream = xlsxReadable({ sheetName: 'S', columns, rows: rows() });
    const pause = () => new Promise((resolve) => setTimeout(resolve, 250));
    // The pipeline's own buffers (zip, zlib, the stream) fill first; then production stops until someone reads.
    let stalledAt = -1;
    for (let tries = 0; tries < 40 && produced !== stalledAt; tries++) {
      stalledAt = produced;
      await pause();
    }
    expect(produced).toBe(stalledAt);
    expect(stalledAt).toBeLessThan(30_000);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(produced).toBe(60_000);
    expect((await readSpreadsheet(Buffer.concat(chunks))).rows).toHaveLength(60_001);
  });

  it('destroys the stream with the error when the row source fails half-way', async () => {
    async function* rows() {
      for (let i = 0; i < 2_000; i++) yield { name: `n${i}` };
      throw new Error('database went away');
    }
    const stream = xlsxReadable({ sheetName: 'S', columns, rows: rows() });
    const consumed = (async () => {
      for await (const _ of stream);
    })();
    await expect(consumed).rejects.toThrow('database went away');
    expect(stream.destroyed).toBe(true);
  });

  it('stops reading rows when the destination closes early (client gone)', async () => {
    const out = new PassThrough();
    let produced = 0;
    async function* rows() {
      for (let i = 0; i < 1_000_000; i++) {
        produced++;
        yield { name: `n${i}` };
      }
    }
    const done = writeXlsx(out, { sheetName: 'S', columns, rows: rows() });
    out.once('data', () => out.destroy());
    out.resume();
    await expect(done).rejects.toThrow(/closed before the export ended/);
    expect(produced).toBeLessThan(1_000_000);
  });

  it('rejects an unknown time zone before writing anything', async () => {
    const out = new PassThrough();
    await expect(writeXlsx(out, { sheetName: 'S', columns, rows: [], timeZone: 'Mars/Olympus' })).rejects.toThrow(RangeError);
  });
});

describe('buildXlsx (drop-in for platform/xlsx.ts)', () => {
  const rows = [
    ['Label', 'Status', 'Created', 'Signers', '% signed'],
    ['Contract =1+1', 'signed', new Date('2024-03-05T10:20:30Z'), 'Ada, Grace', 50],
    ['Other', null, undefined, '', 0],
  ];

  it('takes the same arguments as the old writer: first row the header, dates now real date cells', async () => {
    const file = await buildXlsx('Signatures', rows);
    expect(file).toBeInstanceOf(Uint8Array);
    const fresh = await readSpreadsheet(file);
    expect(fresh.sheetName).toBe('Signatures');
    expect(fresh.rows[0]).toEqual(['Label', 'Status', 'Created', 'Signers', '% signed']);
    expect(fresh.rows[2]).toEqual(['Other', '', '', '', '0']);
    expect(fresh.rows[1]).toEqual(['Contract =1+1', 'signed', '2024-03-05 10:20:30', 'Ada, Grace', '50']);
    const cells = sheetCells(unzipText(file)['xl/worksheets/sheet1.xml']!);
    expect(cells.get('C2')).not.toContain('inlineStr'); // a date cell now, text before
    expect(xlsxMimeType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('handles an empty sheet and ragged rows', async () => {
    expect((await readSpreadsheet(await buildXlsx('Empty', []))).rows).toEqual([]);
    expect((await readSpreadsheet(await buildXlsx('Ragged', [['a'], ['1', '2', '3']]))).rows).toEqual([['a'], ['1', '2', '3']]);
  });
});
