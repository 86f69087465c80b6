import { describe, expect, it } from 'vitest';
import { readSpreadsheet, SpreadsheetError, type SpreadsheetErrorCode } from './index.ts';
import { xlsxPackage, zipText } from './test-helpers.ts';
import { InflateBudget, inflateEntry, readZipDirectory } from './zip.ts';

async function code(promise: Promise<unknown>): Promise<SpreadsheetErrorCode> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SpreadsheetError);
    return (error as SpreadsheetError).code;
  }
  throw new Error('expected a SpreadsheetError');
}

interface Located {
  central: number;
  local: number;
}

/** Where an entry's central-directory record and local header are. */
function locate(zip: Uint8Array, name: string): Located {
  const dv = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let i = 0; i + 46 <= zip.length; i++) {
    if (dv.getUint32(i, true) !== 0x02014b50) continue;
    const nameLength = dv.getUint16(i + 28, true);
    if (new TextDecoder().decode(zip.subarray(i + 46, i + 46 + nameLength)) === name) return { central: i, local: dv.getUint32(i + 42, true) };
  }
  throw new Error(`no entry ${name}`);
}

/** Sets an entry's declared uncompressed size, in its central record and local header. */
function declareSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const copy = zip.slice();
  const dv = new DataView(copy.buffer);
  const at = locate(copy, name);
  dv.setUint32(at.central + 24, size, true);
  dv.setUint32(at.local + 22, size, true);
  return copy;
}

/** An .xlsx whose sheet inflates to about `bytes` bytes (rows of a repeated cell: ~1000:1). */
function bigSheet(bytes: number): Uint8Array {
  const row = '<row><c t="inlineStr"><is><t>aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa</t></is></c></row>';
  return zipText(xlsxPackage(row.repeat(Math.ceil(bytes / row.length))));
}

describe('zip guard', () => {
  it('refuses a workbook whose parts inflate past maxInflatedBytes', async () => {
    const bomb = bigSheet(8 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await code(readSpreadsheet(bomb, { maxInflatedBytes: 1024 * 1024, maxRows: 10_000_000 }))).toBe('TOO_LARGE');
    // The same file within a larger budget reads (and stops at maxRows).
    expect(await code(readSpreadsheet(bomb, { maxInflatedBytes: 64 * 1024 * 1024, maxRows: 1000 }))).toBe('TOO_MANY_ROWS');
  });

  it('refuses declared sizes over the budget without inflating anything', async () => {
    const file = declareSize(zipText(xlsxPackage('<row r="1"><c r="A1"><v>1</v></c></row>')), 'xl/worksheets/sheet1.xml', 0xfffffff0);
    expect(await code(readSpreadsheet(file))).toBe('TOO_LARGE');
  });

  it('does not trust a declared size: a part that inflates past it is caught while inflating', async () => {
    const small = declareSize(bigSheet(4 * 1024 * 1024), 'xl/worksheets/sheet1.xml', 1000);
    expect(await code(readSpreadsheet(small, { maxRows: 10_000_000 }))).toBe('UNREADABLE');
    const entries = readZipDirectory(small, { maxInflatedBytes: 1 << 30, maxEntries: 100 });
    const sheet = entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')!;
    let inflated = 0;
    await expect(
      (async () => {
        for await (const chunk of inflateEntry(small, sheet, new InflateBudget(1 << 30))) inflated += chunk.length;
      })(),
    ).rejects.toThrow(/larger than it declares/);
    expect(inflated).toBeLessThanOrEqual(1000); // nothing past the declared size reached the parser
  });

  it('guards .ods the same way before SheetJS inflates it', async () => {
    const content = `<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0">${' '.repeat(8 * 1024 * 1024)}</office:document-content>`;
    const ods = zipText({ mimetype: 'application/vnd.oasis.opendocument.spreadsheet', 'content.xml': content });
    expect(await code(readSpreadsheet(ods, { maxInflatedBytes: 1024 * 1024 }))).toBe('TOO_LARGE');
    expect(await code(readSpreadsheet(declareSize(ods, 'content.xml', 100)))).toBe('UNREADABLE');
  });

  it('refuses archives that readers could see differently', async () => {
    const base = zipText(xlsxPackage('<row r="1"><c r="A1"><v>1</v></c></row>'));
    // Data after the end record.
    expect(await code(readSpreadsheet(new Uint8Array([...base, 1, 2, 3])))).toBe('UNREADABLE');
    // Two entries with one name (case-insensitively, as OOXML part names are).
    const twice = zipText({ ...xlsxPackage('<row r="1"><c r="A1"><v>1</v></c></row>'), 'XL/Workbook.xml': '<x/>' });
    expect(await code(readSpreadsheet(twice))).toBe('UNREADABLE');
    // A central record whose local header has another name (the overlapping-entries bomb points many records at
    // one local header).
    const lying = base.slice();
    const sheet = locate(lying, 'xl/worksheets/sheet1.xml');
    new DataView(lying.buffer).setUint32(sheet.central + 42, locate(lying, 'xl/workbook.xml').local, true);
    expect(await code(readSpreadsheet(lying))).toBe('UNREADABLE');
  });

  it('refuses more than 10,000 entries and encrypted entries', async () => {
    const files: Record<string, string> = xlsxPackage('<row r="1"><c r="A1"><v>1</v></c></row>');
    for (let i = 0; i < 10_001; i++) files[`junk/${i}.txt`] = '';
    expect(await code(readSpreadsheet(zipText(files)))).toBe('TOO_LARGE');

    const encrypted = zipText(xlsxPackage('<row r="1"><c r="A1"><v>1</v></c></row>'));
    const at = locate(encrypted, 'xl/worksheets/sheet1.xml');
    const dv = new DataView(encrypted.buffer);
    dv.setUint16(at.central + 8, dv.getUint16(at.central + 8, true) | 1, true);
    expect(await code(readSpreadsheet(encrypted))).toBe('UNSUPPORTED_FORMAT');
  });

  it('reads ZIP64 sizes from the extra field', () => {
    const zip = zip64Archive();
    const [entry] = readZipDirectory(zip, { maxInflatedBytes: 100, maxEntries: 10 });
    expect(entry).toMatchObject({ name: 'a.txt', compressedSize: 5, uncompressedSize: 5 });
  });

  it('refuses a ZIP64 extra field that declares more than the extra field holds (UNREADABLE, not a RangeError)', async () => {
    // Issue 24, item 14 (fuzzing): sizes and offset at 0xFFFFFFFF, a ZIP64 field that declares 0xFFF0 bytes in an
    // extra field of 4: the reader took the three values from the end record and past the end of the file.
    const zip = zip64Archive({ declaredLength: 0xfff0, values: 0, localOffsetToo: true });
    let thrown: unknown;
    try {
      readZipDirectory(zip, { maxInflatedBytes: 100, maxEntries: 10 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SpreadsheetError);
    expect((thrown as SpreadsheetError).code).toBe('UNREADABLE');
    expect(await code(readSpreadsheet(zip))).toBe('UNREADABLE');
  });
});

/**
 * One stored entry whose central record says 0xFFFFFFFF and carries the real sizes in a ZIP64 extra field;
 * `values` 64-bit values are present (2: the sizes), `declaredLength` overrides the field's length, `localOffsetToo`
 * says the local header offset is in it too.
 */
function zip64Archive(options: { declaredLength?: number; values?: 0 | 2; localOffsetToo?: boolean } = {}): Uint8Array {
  const name = new TextEncoder().encode('a.txt');
  const data = new TextEncoder().encode('hello');
  const local = new Uint8Array(30 + name.length);
  const l = new DataView(local.buffer);
  l.setUint32(0, 0x04034b50, true);
  l.setUint16(4, 45, true);
  l.setUint32(18, data.length, true);
  l.setUint32(22, data.length, true);
  l.setUint16(26, name.length, true);
  local.set(name, 30);
  const values = options.values ?? 2;
  const extra = new Uint8Array(4 + 8 * values);
  const x = new DataView(extra.buffer);
  x.setUint16(0, 0x0001, true);
  x.setUint16(2, options.declaredLength ?? 8 * values, true);
  for (let v = 0; v < values; v++) x.setBigUint64(4 + 8 * v, BigInt(data.length), true);
  const central = new Uint8Array(46 + name.length + extra.length);
  const c = new DataView(central.buffer);
  c.setUint32(0, 0x02014b50, true);
  c.setUint32(20, 0xffffffff, true);
  c.setUint32(24, 0xffffffff, true);
  if (options.localOffsetToo) c.setUint32(42, 0xffffffff, true);
  c.setUint16(28, name.length, true);
  c.setUint16(30, extra.length, true);
  central.set(name, 46);
  central.set(extra, 46 + name.length);
  const end = new Uint8Array(22);
  const e = new DataView(end.buffer);
  e.setUint32(0, 0x06054b50, true);
  e.setUint16(8, 1, true);
  e.setUint16(10, 1, true);
  e.setUint32(12, central.length, true);
  e.setUint32(16, local.length + data.length, true);
  return new Uint8Array([...local, ...data, ...central, ...end]);
}
