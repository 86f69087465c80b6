import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvBuffer, csvReadable, readSpreadsheet, writeCsv, type SheetColumn } from './index.ts';
import { csvField } from './csv-writer.ts';
import { isFormulaLike, neutraliseFormula, stripFormulaGuard } from './formula-guard.ts';

const columns: SheetColumn[] = [
  { header: 'Name', key: 'name' },
  { header: 'Amount', key: 'amount' },
  { header: 'Signed', key: 'signed' },
  { header: 'Created', key: 'created' },
  { header: 'Due', key: 'due', type: 'date' },
];

describe('formula guard (OWASP CSV injection)', () => {
  it('flags text starting with = + - @ tab or CR, and nothing else', () => {
    for (const text of ['=1+1', '+33', '-2', '@SUM(A1)', '\tx', '\rx']) expect(isFormulaLike(text)).toBe(true);
    for (const text of ['', 'a=b', ' =1', "'=1", '1-2', 'x@y.fr', '\nx']) expect(isFormulaLike(text)).toBe(false);
  });

  it("prefixes a single quote, and the reader's strip undoes exactly that", () => {
    expect(neutraliseFormula('=1+1')).toBe("'=1+1");
    expect(neutraliseFormula('plain')).toBe('plain');
    expect(stripFormulaGuard("'=1+1")).toBe('=1+1');
    expect(stripFormulaGuard("'plain")).toBe("'plain");
    expect(stripFormulaGuard("'")).toBe("'");
  });
});

describe('writeCsv', () => {
  it('quotes per RFC 4180 and neutralises formula-like text, in every column and the header', () => {
    expect(csvField('a,b', ',')).toBe('"a,b"');
    expect(csvField('a;b', ',')).toBe('a;b');
    expect(csvField('a;b', ';')).toBe('"a;b"');
    expect(csvField('say "hi"', ',')).toBe('"say ""hi"""');
    expect(csvField('two\nlines', ',')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("http://evil.example")', ',')).toBe('"\'=HYPERLINK(""http://evil.example"")"');
    expect(csvField('-2', ',', false)).toBe('-2');
  });

  it('writes a BOM, CRLF, the chosen delimiter, dates in the time zone, numbers and booleans unguarded', async () => {
    const csv = await csvBuffer(
      {
        sheetName: 'ignored',
        columns: [...columns, { header: '@header', key: 'x' }],
        rows: [
          { name: 'Zoë; "Z"', amount: -12.5, signed: true, created: new Date('2024-03-05T10:20:30Z'), due: new Date('2024-06-30T23:30:00Z'), x: '+33 6 12' },
          { name: null, amount: 0.1 + 0.2, signed: false },
        ],
        timeZone: 'Europe/Paris',
      },
      { delimiter: ';' },
    );
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.subarray(3).toString('utf8')).toBe(
      'Name;Amount;Signed;Created;Due;"\'@header"\r\n' + '"Zoë; ""Z""";-12.5;TRUE;2024-03-05 11:20:30;2024-07-01;"\'+33 6 12"\r\n' + ';0.3;FALSE;;;\r\n',
    );
  });

  it('can leave the BOM out and end lines with LF', async () => {
    const csv = await csvBuffer({ sheetName: 'S', columns: [{ header: 'a', key: 'a' }], rows: [{ a: 1 }] }, { bom: false, eol: '\n' });
    expect(csv.toString('utf8')).toBe('a\n1\n');
  });

  it('round-trips through the reader, neutralised values included', async () => {
    const values = ['=1+2', '+33 6 12 34 56 78', '-x', '@me', '\tindent', 'plain, with comma', 'quote "q"', 'multi\r\nline', 'émoji 😀'];
    for (const delimiter of [',', ';', '\t'] as const) {
      const csv = await csvBuffer(
        {
          sheetName: 'S',
          columns: [
            { header: 'v', key: 'v' },
            { header: 'n', key: 'n' },
          ],
          rows: values.map((v, n) => ({ v, n })),
        },
        { delimiter },
      );
      const read = await readSpreadsheet(csv);
      expect(read.delimiter).toBe(delimiter);
      expect(read.rows).toEqual([['v', 'n'], ...values.map((v, n) => [v, String(n)])]);
      const raw = await readSpreadsheet(csv, { stripFormulaGuard: false });
      expect(raw.rows[1]).toEqual(["'=1+2", '0']);
    }
  });

  it('streams with back-pressure and reports failures by destroying the stream', async () => {
    async function* rows() {
      for (let i = 0; i < 5_000; i++) yield { name: `n${i}` };
      throw new Error('cursor failed');
    }
    const stream = csvReadable({ sheetName: 'S', columns, rows: rows() });
    await expect(
      (async () => {
        for await (const _ of stream);
      })(),
    ).rejects.toThrow('cursor failed');

    const out = new PassThrough();
    let produced = 0;
    function* many() {
      for (let i = 0; i < 1_000_000; i++) {
        produced++;
        yield { name: `row ${i}` };
      }
    }
    const done = writeCsv(out, { sheetName: 'S', columns, rows: many() });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(produced).toBeLessThan(100_000); // nobody reads: the writer waits
    out.destroy();
    await expect(done).rejects.toThrow(/closed before the export ended/);
  });
});
