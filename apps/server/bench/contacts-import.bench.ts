/**
 * A 100,000-row contact import through the HTTP API: an .xlsx of 100,000 contacts (6 columns, 1,000 e-mail domains)
 * is generated, uploaded (POST /api/persons/import: the whole file is read once, checked and previewed), started
 * with the guessed mapping (PUT) and followed (GET) until done. The domain check is on, over a fake DNS answering
 * in 1 ms (no network). Prints the seconds of each step and the process's peak RSS (VmHWM, Linux).
 *
 * Run from apps/server: `node bench/contacts-import.bench.ts [rows]` (PGlite in memory), or with
 * `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres` for PostgreSQL (a scratch database is created and
 * dropped). Targets (PostgreSQL): under 60 s and under 512 MB of RSS.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContactImport } from '@paraphe/contracts';
import { setDnsLookup } from '../src/domains/contacts/domain-check.ts';
import { xlsxBuffer } from '../src/platform/spreadsheets/index.ts';
import { createTestContext, engine } from '../test/support/harness.ts';
import { multipartBody } from '../test/support/signatures.ts';

const count = Number(process.argv[2] ?? 100_000);
const peakRss = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

setDnsLookup({
  resolveMx: async (domain) => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    return [{ exchange: `mx.${domain}` }];
  },
  resolve4: async () => ['192.0.2.1'],
  resolve6: async () => [],
});

const langs = ['fr', 'en', 'de', 'es', 'it'];
function* rows() {
  for (let i = 0; i < count; i++) {
    yield {
      mail: `person.${i}@company-${i % 1000}.example.com`,
      firstname: `Prénom${i}`,
      lastname: `Nom${i}`,
      company: `Société ${i % 1000}`,
      mobile: `+336${String(10_000_000 + i).slice(-8)}`,
      lang: langs[i % langs.length],
    };
  }
}

// The file is written by a child process (its memory is not this process's), once per row count.
const filePath = join(tmpdir(), `paraphe-contacts-${count}.xlsx`);
if (process.argv[3] === 'generate') {
  writeFileSync(
    filePath,
    await xlsxBuffer({
      sheetName: 'Contacts',
      columns: [
        { header: 'E-mail', key: 'mail' },
        { header: 'Prénom', key: 'firstname' },
        { header: 'Nom', key: 'lastname' },
        { header: 'Société', key: 'company' },
        { header: 'Mobile', key: 'mobile' },
        { header: 'Langue', key: 'lang' },
      ],
      rows: rows(),
    }),
  );
  process.exit(0);
}
let started = performance.now();
if (!existsSync(filePath)) execFileSync(process.execPath, [process.argv[1]!, String(count), 'generate'], { stdio: 'inherit' });
const file = readFileSync(filePath);
console.log(`engine=${engine} rows=${count} file=${mb(file.length)} (${filePath}, ${seconds(started)} s)`);

const t = await createTestContext({ env: { EMAIL_DOMAIN_CHECK: 'on' } });
try {
  const tenant = await t.factory.tenant({ doubleAuth: false });
  const client = await t.login(tenant.gerant.email);
  const rssBefore = peakRss();
  const total = performance.now();
  started = performance.now();
  const { payload, headers } = multipartBody([{ name: 'file', fileName: 'contacts.xlsx', contentType: 'application/octet-stream', data: file }]);
  const uploaded = await t.request({ method: 'POST', url: '/api/persons/import', token: await client.token('phonebook'), body: payload, headers });
  if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
  const preview = uploaded.json().data as ContactImport;
  console.log(`upload (read, check, preview, store): ${seconds(started)} s`);
  started = performance.now();
  const mapping = Object.fromEntries(preview.preview.columns.filter((c) => c.guess).map((c) => [c.guess!, c.index]));
  const start = await client.call('PUT', `/api/persons/import/${preview.id}`, 'phonebook', { mapping, ignoreFirstLine: true });
  if (start.statusCode !== 202) throw new Error(`start: ${start.statusCode} ${start.body}`);
  const done = await t.waitFor(async () => {
    const data = (await client.call('GET', `/api/persons/import/${preview.id}`, 'phonebook')).json().data as ContactImport;
    return data.status === 'done' || data.status === 'failed' ? data : null;
  }, 600_000);
  console.log(`import job: ${seconds(started)} s`);
  console.log(
    `total: ${seconds(total)} s  status=${done.status} imported=${done.imported} updated=${done.updated} skipped=${done.skipped} warnings=${done.warnings}`,
  );
  console.log(`peak RSS: ${mb(peakRss())} (before the upload: ${mb(rssBefore)})`);
  started = performance.now();
  const list = await client.call('GET', '/api/persons?limit=20', 'phonebook');
  console.log(`first page of the list (${list.json().countAll} contacts): ${(performance.now() - started).toFixed(0)} ms`);
  started = performance.now();
  const search = await client.call('GET', '/api/persons?limit=20&search=nom9999', 'phonebook');
  console.log(`search "nom9999" (${search.json().countAll} found): ${(performance.now() - started).toFixed(0)} ms`);
  started = performance.now();
  const exported = await client.call('GET', '/api/persons/export', 'phonebook');
  console.log(`export (${mb(exported.rawPayload.length)}): ${seconds(started)} s; peak RSS now ${mb(peakRss())}`);
} finally {
  await t.close();
}
