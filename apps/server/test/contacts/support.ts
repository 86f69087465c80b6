/** Shared helpers of the contacts tests: a context with a fake DNS, uploads, imports run to their end, files. */
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import type { ContactImport } from '@paraphe/contracts';
import { setDnsLookup, type DnsLookup } from '../../src/domains/contacts/domain-check.ts';
import { xlsxBuffer } from '../../src/platform/spreadsheets/index.ts';
import { createTestContext, type TestClient, type TestContext } from '../support/harness.ts';
import { multipartBody } from '../support/signatures.ts';

/** Domains the fake DNS does not know (every other one has an MX record). */
export const unresolvedDomains = new Set(['nowhere.invalid', 'no-such-domain.test']);

export const fakeDns: DnsLookup = {
  resolveMx: async (domain) => {
    if (unresolvedDomains.has(domain)) throw Object.assign(new Error('queryMx ENOTFOUND'), { code: 'ENOTFOUND' });
    return [{ exchange: `mx.${domain}` }];
  },
  resolve4: async () => Promise.reject(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' })),
  resolve6: async () => Promise.reject(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' })),
};

/** A test context whose domain check is on, over the fake DNS (no network in tests). */
export async function contactsContext(env: Record<string, string> = {}): Promise<TestContext> {
  setDnsLookup(fakeDns);
  return createTestContext({ env: { EMAIL_DOMAIN_CHECK: 'on', ...env } });
}

/** A GERANT of a fresh tenant (no second factor), logged in. */
export async function gerantOfNewTenant(t: TestContext): Promise<TestClient> {
  const tenant = await t.factory.tenant({ doubleAuth: false });
  return t.login(tenant.gerant.email);
}

export async function upload(t: TestContext, client: TestClient, fileName: string, data: Uint8Array, partName = 'file', sheet?: string) {
  const { payload, headers } = multipartBody([
    ...(sheet === undefined ? [] : [{ name: 'sheet', value: sheet }]),
    { name: partName, fileName, contentType: 'application/octet-stream', data },
  ]);
  return t.request({ method: 'POST', url: '/api/persons/import', token: await client.token('phonebook'), body: payload, headers });
}

/** Uploads, starts with `mapping` (or the guessed one) and waits for the end; returns the final import. */
export async function importFile(
  t: TestContext,
  client: TestClient,
  fileName: string,
  data: Uint8Array,
  opts: { mapping?: Record<string, number>; ignoreFirstLine?: boolean; timeoutMs?: number } = {},
): Promise<ContactImport> {
  const uploaded = await upload(t, client, fileName, data);
  if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
  const preview = uploaded.json().data as ContactImport;
  const guessed = Object.fromEntries(preview.preview.columns.filter((c) => c.guess).map((c) => [c.guess!, c.index]));
  const started = await client.call('PUT', `/api/persons/import/${preview.id}`, 'phonebook', {
    mapping: opts.mapping ?? guessed,
    ignoreFirstLine: opts.ignoreFirstLine ?? preview.preview.firstLineIsHeader,
  });
  if (started.statusCode !== 202) throw new Error(`start: ${started.statusCode} ${started.body}`);
  return waitForImport(t, client, preview.id, opts.timeoutMs);
}

export async function waitForImport(t: TestContext, client: TestClient, id: string, timeoutMs = 30_000): Promise<ContactImport> {
  return t.waitFor(async () => {
    const res = await client.call('GET', `/api/persons/import/${id}`, 'phonebook');
    const data = res.json().data as ContactImport;
    return data.status === 'done' || data.status === 'failed' ? data : null;
  }, timeoutMs);
}

export const header = ['E-mail', 'Prénom', 'Nom', 'Société', 'Mobile', 'Langue'];

/** An .xlsx of these rows (the first one is the header), written by the platform writer. */
export function xlsxOf(rows: string[][]): Promise<Buffer> {
  const [head = [], ...body] = rows;
  const width = Math.max(...rows.map((r) => r.length));
  const columns = Array.from({ length: width }, (_, i) => ({ key: `c${i}`, header: head[i] ?? '' }));
  return xlsxBuffer({ sheetName: 'Contacts', columns, rows: body.map((r) => Object.fromEntries(r.map((v, i) => [`c${i}`, v]))) });
}

/** An .xlsx of several sheets (name, rows), opening on the sheet `activeTab` (0-based), as Excel saves one. */
export async function workbookOf(sheets: [string, string[][]][], activeTab: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of sheets) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  workbook.views = [{ x: 0, y: 0, width: 10000, height: 20000, firstSheet: 0, activeTab, visibility: 'visible' }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** An .ods or .xls of these rows, written by SheetJS. */
export function sheetJsOf(rows: string[][], bookType: 'ods' | 'xls'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Contacts');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

/** Windows-1252 bytes (Latin-1 characters only, enough for these tests). */
export const windows1252 = (text: string) => Buffer.from(text, 'latin1');

export async function contactsOf(client: TestClient, query = 'limit=500') {
  const res = await client.call('GET', `/api/persons?${query}`, 'phonebook');
  if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
  return res.json() as {
    data: { id: string; mail: string; firstname: string; lastname: string; lang: string; mobile: string | null; company: string | null }[];
    countAll: number;
  };
}
