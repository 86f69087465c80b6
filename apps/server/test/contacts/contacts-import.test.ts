import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDeflateRaw, crc32 } from 'node:zlib';
import type { ContactImport } from '@paraphe/contracts';
import { readSpreadsheet } from '../../src/platform/spreadsheets/index.ts';
import { xlsxPackage, zipText } from '../../src/platform/spreadsheets/test-helpers.ts';
import { engine, type TestClient, type TestContext } from '../support/harness.ts';
import { rawZip, type ZipMember } from '../support/documents.ts';
import {
  contactsContext,
  contactsOf,
  gerantOfNewTenant,
  header,
  importFile,
  sheetJsOf,
  upload,
  waitForImport,
  windows1252,
  workbookOf,
  xlsxOf,
} from './support.ts';

const rowsOf = async (client: TestClient, id: string, query = '') =>
  (await client.call('GET', `/api/persons/import/${id}/rows?limit=100${query}`, 'phonebook')).json() as {
    data: { line: number; outcome: string; reasons: string[]; cells: string[] }[];
    countAll: number;
  };

describe(`address book: import (${engine})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await contactsContext();
  });
  afterAll(async () => t?.close());

  it('imports an xlsx end to end: preview, guessed mapping, report, rows, rejected file', async () => {
    const client = await gerantOfNewTenant(t);
    const file = await xlsxOf([
      header,
      ['ann@example.com', 'Ann', 'Lee', 'ACME', '+33 6 12 34 56 78', 'EN'],
      ['bad-address', 'Bob', 'Ray', '', '', ''],
      ['', '', '', '', '', ''],
      ['cid@nowhere.invalid', 'Cid', 'Moe', '', '', ''],
      ['ANN@example.com', 'Ann', 'Again', '', '', ''],
      ['dan@example.com', '', 'Dan', '', '0612', 'Klingon'],
      ['=1+2@example.com', '=cmd', 'Evil', '', '', ''],
    ]);
    const uploaded = await upload(t, client, 'contacts.xlsx', file);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const preview = uploaded.json().data as ContactImport;
    expect(preview).toMatchObject({ status: 'uploaded', fileName: 'contacts.xlsx', totalRows: null, processedRows: 0, domainCheck: 'on' });
    expect(preview.preview).toMatchObject({ format: 'xlsx', firstLineIsHeader: true, encoding: null });
    expect(preview.preview.columns.map((c) => c.guess)).toEqual(['mail', 'firstname', 'lastname', 'company', 'mobile', 'lang']);
    expect(preview.preview.sampleRows).toHaveLength(7);

    const done = await importFile(t, client, 'contacts.xlsx', file);
    expect(done).toMatchObject({ status: 'done', totalRows: 6, processedRows: 6, imported: 2, updated: 0, skipped: 4, warnings: 1, error: null });
    expect(done.finishedAt).not.toBeNull();
    const { data } = await contactsOf(client);
    expect(data.map((c) => c.mail).sort()).toEqual(['ann@example.com', 'dan@example.com']);
    expect(data.find((c) => c.mail === 'ann@example.com')).toMatchObject({
      firstname: 'Ann',
      lastname: 'Lee',
      company: 'ACME',
      mobile: '+33612345678',
      lang: 'en',
    });
    expect(data.find((c) => c.mail === 'dan@example.com')).toMatchObject({ firstname: '-', lastname: 'Dan', mobile: null, lang: 'fr' });

    const rows = await rowsOf(client, done.id);
    expect(rows.data.map((r) => [r.line, r.outcome, r.reasons])).toEqual([
      [3, 'skipped', ['invalid_email']],
      [5, 'skipped', ['domain_unresolved']],
      [6, 'skipped', ['duplicate_in_file']],
      [7, 'warning', ['name_missing', 'mobile_invalid', 'language_unknown']],
      [8, 'skipped', ['invalid_email']],
    ]);
    expect((await rowsOf(client, done.id, '&outcome=warning')).countAll).toBe(1);
    // The report counts each reason (the web's legal warning for "-" names reads name_missing).
    expect(done.reasonCounts).toEqual({
      invalid_email: 2,
      domain_unresolved: 1,
      duplicate_in_file: 1,
      name_missing: 1,
      mobile_invalid: 1,
      language_unknown: 1,
    });

    const rejected = await client.call('GET', `/api/persons/import/${done.id}/rejected`, 'phonebook');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.headers['cache-control']).toBe('private, no-store');
    const sheet = await readSpreadsheet(rejected.rawPayload, { stripFormulaGuard: false });
    // In the downloader's language (fr here: docs/languages.md).
    expect(sheet.rows[0]).toEqual([...header, 'Motif']);
    expect(sheet.rows.slice(1).map((r) => [r[0], r.at(-1)])).toEqual([
      ['bad-address', 'Adresse e-mail invalide ou absente'],
      ['cid@nowhere.invalid', 'Le domaine de l’adresse e-mail n’existe pas'],
      ['ANN@example.com', 'Même adresse e-mail qu’une ligne précédente du fichier'],
      ["'=1+2@example.com", 'Adresse e-mail invalide ou absente'],
    ]);
    const audit = (
      (await t.database.db.execute(sql`select action from audit_events where target_id = ${done.id} order by created_at`)) as unknown as {
        rows: { action: string }[];
      }
    ).rows;
    expect(audit.map((a) => a.action)).toEqual(['contact.import_uploaded', 'contact.import_started', 'contact.import_done']);
    // The importer is told (a notification derived from the contact.import_finished event), once.
    const notes = await t.waitFor(async () => {
      const list = (await client.call('GET', '/api/notifications?type=contact.import&limit=100', 'notification')).json().data as {
        message: string;
        data: { importId: string };
      }[];
      return list.length ? list : null;
    });
    expect(notes).toEqual([
      expect.objectContaining({
        message: 'The import of contacts.xlsx is done: 2 imported, 0 updated, 4 skipped.',
        data: { importId: done.id, fileName: 'contacts.xlsx' },
      }),
    ]);
  });

  it('updates existing contacts (same e-mail, any case) and keeps what the file does not give', async () => {
    const client = await gerantOfNewTenant(t);
    const created = await client.call('POST', '/api/persons', 'phonebook', {
      mail: 'kept@example.com',
      firstname: 'Kept',
      lastname: 'Name',
      company: 'Old Co',
      lang: 'de',
    });
    expect(created.statusCode).toBe(201);
    const done = await importFile(
      t,
      client,
      'update.xlsx',
      await xlsxOf([header, ['KEPT@example.com', '', 'Newname', 'New Co', '', ''], ['fresh@example.com', 'Fresh', 'One', '', '', '']]),
    );
    expect(done).toMatchObject({ status: 'done', imported: 1, updated: 1, skipped: 0, warnings: 1 });
    const kept = (await contactsOf(client)).data.find((c) => c.mail === 'kept@example.com');
    expect(kept).toMatchObject({ id: created.json().data.id, firstname: 'Kept', lastname: 'Newname', company: 'New Co', lang: 'de' });
  });

  it('imports an ods and an xls', async () => {
    for (const bookType of ['ods', 'xls'] as const) {
      const client = await gerantOfNewTenant(t);
      const done = await importFile(
        t,
        client,
        `contacts.${bookType}`,
        sheetJsOf([header, ['ods@example.com', 'Élodie', 'Lefèvre', 'Société', '+4915112345678', 'de']], bookType),
      );
      expect(done, bookType).toMatchObject({ status: 'done', imported: 1, skipped: 0, warnings: 0 });
      expect(done.preview.format).toBe(bookType);
      expect((await contactsOf(client)).data[0]).toMatchObject({
        mail: 'ods@example.com',
        firstname: 'Élodie',
        lastname: 'Lefèvre',
        company: 'Société',
        mobile: '+4915112345678',
        lang: 'de',
      });
    }
  });

  it('imports a Windows-1252 CSV with ";" and a UTF-8 CSV with a BOM and ","', async () => {
    const client = await gerantOfNewTenant(t);
    const latin = windows1252('Courriel;Prénom;Nom;Société\r\nzoe@example.com;Zoé;Müller;Crédit Agricole\r\n');
    const first = await importFile(t, client, 'latin.csv', latin);
    expect(first).toMatchObject({ status: 'done', imported: 1 });
    expect(first.preview).toMatchObject({ format: 'csv', encoding: 'windows-1252', delimiter: ';' });
    const bom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('Email,First name,Last name,Company\nnoe@example.com,Noé,Ærø,"Smith, Jones & Co"\n'),
    ]);
    const second = await importFile(t, client, 'utf8.csv', bom);
    expect(second).toMatchObject({ status: 'done', imported: 1 });
    expect(second.preview).toMatchObject({ encoding: 'utf-8', delimiter: ',' });
    const byMail = new Map((await contactsOf(client)).data.map((c) => [c.mail, c]));
    expect(byMail.get('zoe@example.com')).toMatchObject({ firstname: 'Zoé', lastname: 'Müller', company: 'Crédit Agricole' });
    expect(byMail.get('noe@example.com')).toMatchObject({ firstname: 'Noé', lastname: 'Ærø', company: 'Smith, Jones & Co' });
  });

  it('reads a workbook\u2019s active sheet by default, lists its sheets, and imports the sheet the user picks', async () => {
    const client = await gerantOfNewTenant(t);
    const file = await workbookOf(
      [
        ['Read me', [['How to fill this workbook']]],
        ['Clients', [header, ['ana@example.com', 'Ana', 'Active', '', '', '']]],
        ['Prospects', [header, ['pia@example.com', 'Pia', 'Picked', '', '', ''], ['pol@example.com', 'Pol', 'Picked', '', '', '']]],
      ],
      1,
    );
    const first = (await upload(t, client, 'book.xlsx', file)).json().data as ContactImport;
    expect(first.preview).toMatchObject({ sheetName: 'Clients', sheets: ['Read me', 'Clients', 'Prospects'] });
    expect(first.preview.sampleRows.map((r) => r[0])).toEqual(['E-mail', 'ana@example.com']);
    const picked = await upload(t, client, 'book.xlsx', file, 'file', 'Prospects');
    expect(picked.statusCode, picked.body).toBe(201);
    const preview = picked.json().data as ContactImport;
    expect(preview.preview.sheetName).toBe('Prospects');
    expect(preview.preview.sampleRows.map((r) => r[0])).toEqual(['E-mail', 'pia@example.com', 'pol@example.com']);
    const started = await client.call('PUT', `/api/persons/import/${preview.id}`, 'phonebook', {
      mapping: { mail: 0, firstname: 1, lastname: 2 },
      ignoreFirstLine: true,
    });
    expect(started.statusCode, started.body).toBe(202);
    expect(await waitForImport(t, client, preview.id)).toMatchObject({ status: 'done', imported: 2 });
    expect((await contactsOf(client)).data.map((c) => c.mail).sort()).toEqual(['pia@example.com', 'pol@example.com']);
    const missing = await upload(t, client, 'book.xlsx', file, 'file', 'Archive');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('book.xlsx: The workbook has no sheet named "Archive". Choose one of its sheets.');
  });

  it('imports a file without a header with the mapping given, the first line included', async () => {
    const client = await gerantOfNewTenant(t);
    const uploaded = await upload(t, client, 'plain.csv', Buffer.from('Lee,lee@example.com\nRay,ray@example.com\n'));
    const preview = uploaded.json().data as ContactImport;
    expect(preview.preview.firstLineIsHeader).toBe(false);
    expect(preview.preview.columns.map((c) => c.guess)).toEqual([null, 'mail']);
    const done = await importFile(t, client, 'plain.csv', Buffer.from('Lee,lee@example.com\nRay,ray@example.com\n'), {
      mapping: { lastname: 0, mail: 1 },
      ignoreFirstLine: false,
    });
    expect(done).toMatchObject({ status: 'done', totalRows: 2, imported: 2, warnings: 2 });
  });

  it('refuses a second start (409 INVALID_TRANSITION) and a mapping naming a missing or repeated column (400)', async () => {
    const client = await gerantOfNewTenant(t);
    const id = ((await upload(t, client, 'a.csv', Buffer.from('mail,nom\na@example.com,A\n'))).json().data as ContactImport).id;
    const missing = await client.call('PUT', `/api/persons/import/${id}`, 'phonebook', { mapping: { mail: 0, company: 5 }, ignoreFirstLine: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('no column F');
    const twice = await client.call('PUT', `/api/persons/import/${id}`, 'phonebook', { mapping: { mail: 0, lastname: 0 }, ignoreFirstLine: true });
    expect(twice.statusCode).toBe(400);
    const noMail = await client.call('PUT', `/api/persons/import/${id}`, 'phonebook', { mapping: { lastname: 1 }, ignoreFirstLine: true });
    expect(noMail.statusCode).toBe(400);
    expect((await client.call('PUT', `/api/persons/import/${id}`, 'phonebook', { mapping: { mail: 0, lastname: 1 }, ignoreFirstLine: true })).statusCode).toBe(
      202,
    );
    const again = await client.call('PUT', `/api/persons/import/${id}`, 'phonebook', { mapping: { mail: 0 }, ignoreFirstLine: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('INVALID_TRANSITION');
    await waitForImport(t, client, id);
    expect((await client.call('GET', `/api/persons/import/${id}/rejected`, 'phonebook')).statusCode).toBe(204);
  });

  describe('bad files get a clear 400/413, nothing stored', () => {
    let client: TestClient;
    beforeAll(async () => {
      client = await gerantOfNewTenant(t);
    });
    const refused = async (fileName: string, data: Uint8Array, status: number, code: string, message: RegExp) => {
      const res = await upload(t, client, fileName, data);
      expect(res.statusCode, `${fileName}: ${res.body}`).toBe(status);
      expect(res.json().error.code, fileName).toBe(code);
      expect(res.json().error.message, fileName).toMatch(message);
    };

    it('not a spreadsheet', async () => {
      await refused('scan.pdf', Buffer.from('%PDF-1.7\n...'), 400, 'INVALID_FILE_TYPE', /scan\.pdf is not a spreadsheet.*\.xlsx, \.xls, \.ods and \.csv/);
      await refused('photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), 400, 'INVALID_FILE_TYPE', /PNG image/);
      await refused('archive.xlsx', rawZip([]), 400, 'INVALID_FILE_TYPE', /could not be read|not a spreadsheet/);
    });

    it('an empty file, an empty sheet', async () => {
      await refused('empty.csv', Buffer.alloc(0), 400, 'VALIDATION_FAILED', /empty\.csv is empty/);
      await refused('blank.csv', Buffer.from('\n ,\n\n'), 400, 'VALIDATION_FAILED', /blank\.csv has no rows/);
      await refused('empty.xlsx', await xlsxOf([[]]), 400, 'VALIDATION_FAILED', /empty\.xlsx has no rows/);
    });

    it('no file part, or a file over 20 MB', async () => {
      const res = await upload(t, client, 'x.csv', Buffer.from('a'), 'document');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('"file"');
      await refused('huge.csv', Buffer.alloc(21 * 1024 * 1024, 'a'), 413, 'FILE_TOO_LARGE', /20 MB/);
    });

    it('a 10 MB cell', async () => {
      // Written by hand: the platform writer itself cuts cells at Excel's 32,767 characters.
      const sheet = `<row r="1"><c r="A1" t="inlineStr"><is><t>E-mail</t></is></c><c r="B1" t="inlineStr"><is><t>Nom</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>a@example.com</t></is></c><c r="B2" t="inlineStr"><is><t>${'x'.repeat(10 * 1024 * 1024)}</t></is></c></row>`;
      await refused('cell.xlsx', zipText(xlsxPackage(sheet)), 400, 'VALIDATION_FAILED', /cell B2 holds more than 32,767 characters/);
      const csv = Buffer.from(`mail,nom\na@example.com,"${'y'.repeat(10 * 1024 * 1024)}"\n`);
      const res = await upload(t, client, 'cell.csv', csv);
      expect(res.statusCode).toBe(400);
    });

    it('a zip bomb disguised as xlsx, refused within the inflate budget', async () => {
      const before = process.memoryUsage().rss;
      // Declaring its real size (300 MB): refused from the archive's directory, nothing inflated.
      const honest = await xlsxBomb(300 * 1024 * 1024, 'honest');
      expect(honest.length).toBeLessThan(2 * 1024 * 1024);
      await refused('bomb.xlsx', honest, 413, 'FILE_TOO_LARGE', /bomb\.xlsx is too large once unpacked/);
      // Declaring 2 KB: refused as soon as it inflates past what it declares.
      await refused(
        'liar.xlsx',
        await xlsxBomb(300 * 1024 * 1024, 'liar'),
        400,
        'INVALID_FILE_TYPE',
        /liar\.xlsx could not be read: .*larger than it declares/,
      );
      expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    });

    it('stored nothing for the refused files', async () => {
      const rows = (
        (await t.database.db.execute(sql`select count(*)::int as n from contact_imports where app_id = ${client.appId}`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows;
      expect(rows[0]!.n).toBe(0);
    });
  });
});

/** An .xlsx whose sheet part inflates to `bytes` bytes, declaring it or 2 KB (deflated as a stream: little memory). */
async function xlsxBomb(bytes: number, declared: 'honest' | 'liar'): Promise<Buffer> {
  const parts = xlsxPackage('');
  const members: ZipMember[] = [];
  for (const [name, text] of Object.entries(parts)) {
    if (name === 'xl/worksheets/sheet1.xml') continue;
    const data = Buffer.from(text);
    members.push({ name, deflated: await deflate([data]), crc: crc32(data), size: data.length });
  }
  const head = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>');
  const row = Buffer.from('<row><c t="inlineStr"><is><t>aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa</t></is></c></row>'.repeat(10_000));
  const chunks = [head, ...Array.from({ length: Math.ceil(bytes / row.length) }, () => row)];
  let crc = 0;
  let size = 0;
  for (const c of chunks) [crc, size] = [crc32(c, crc), size + c.length];
  members.push({ name: 'xl/worksheets/sheet1.xml', deflated: await deflate(chunks), crc, size: declared === 'honest' ? size : 2048 });
  return rawZip(members);
}

async function deflate(chunks: Buffer[]): Promise<Buffer> {
  const stream = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  stream.on('data', (c: Buffer) => out.push(c));
  const ended = new Promise((resolve, reject) => stream.on('end', resolve).on('error', reject));
  for (const c of chunks) if (!stream.write(c)) await new Promise((resolve) => stream.once('drain', resolve));
  stream.end();
  await ended;
  return Buffer.concat(out);
}
