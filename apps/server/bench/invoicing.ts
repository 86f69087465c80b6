/**
 * Invoicing the month at volume (docs/invoicing.md, "Benchmark"): 1,000 tenants with billing profiles and a few
 * million consumption rows of last month (set-based SQL, `generate_series`), then times
 *  1. the delivery notes of every tenant (the month-end run: the same chunks the scheduled job enqueues, worked here
 *     one after the other in this process), and
 *  2. the conversion of every note into an invoice (number, VAT, PDF built and stored, events) — the administrator's
 *     PATCH, in batches of 500 notes,
 * and the first page of the administrator's invoice list.
 *
 * Run from apps/server: `node bench/invoicing.ts`. Env: BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/bench_invoicing; dropped at the start and at the end), BENCH_TENANTS (1000),
 * BENCH_ROWS (3,000,000 consumption rows in all).
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../src/platform/db/postgres.ts';
import { runNotesChunk } from '../src/domains/billing/invoicing/notes.ts';
import { convertNotes } from '../src/domains/billing/invoicing/sales.ts';
import { adminEmail, createTestContext } from '../test/support/harness.ts';
import { fillDefaultIssuer } from '../test/support/billing.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_invoicing';
const tenants = Number(process.env.BENCH_TENANTS ?? 1000);
const totalRows = Number(process.env.BENCH_ROWS ?? 3_000_000);
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

const url = new URL(databaseUrl);
const name = url.pathname.slice(1);
const adminUrl = new URL(databaseUrl);
adminUrl.pathname = '/postgres';
const server = new pg.Client({ connectionString: adminUrl.toString() });
await server.connect();
await server.query(`drop database if exists ${name} with (force)`);
await server.query(`create database ${name}`);

const database = await openPostgres(databaseUrl);
const t = await createTestContext({ database });
// Invoices are refused while the seller carries the first start's placeholders (docs/invoicing.md).
await fillDefaultIssuer(await t.login(adminEmail));
const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
const rows = async <T>(query: ReturnType<typeof sql>) => ((await exec(query)) as unknown as { rows: T[] }).rows;

const now = new Date();
const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
const boundary = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const monthMs = boundary.getTime() - monthStart.getTime();

let started = performance.now();
await exec(sql`
  insert into applications (company, pack, test_mode, features, settings)
  select 'Bench client ' || i, 'medium', false, '{}'::jsonb, '{}'::jsonb from generate_series(1, ${tenants}) i`);
// A third in France, a third elsewhere in the EU with a VAT number (reverse charge), a third outside the EU.
await exec(sql`
  insert into billing_profiles (app_id, billing_email, company_name, registration_number, vat_number, address, postal_code, city, country, payment_method)
  select id, 'billing@example.com', company, '44306184100047',
         case n % 3 when 0 then 'FR64443061841' when 1 then 'DE123456789' else null end,
         '1 rue de la Paix', '75002', 'Paris', case n % 3 when 0 then 'FR' when 1 then 'DE' else 'US' end, 'card'
  from (select id, company, row_number() over (order by id) as n from applications where company like 'Bench client %') a`);
const kinds = ['signer_contacted', 'signer_signed', 'option_simple', 'option_sms'];
await exec(sql`
  insert into consumptions (app_id, kind, quantity, unit_price_cents, billable, test_mode, occurred_at, event_id)
  select a.id, (${`{${kinds.join(',')}}`}::text[])[1 + (g % ${kinds.length})], 1, 10 + (g % 7) * 5, g % 20 <> 0, g % 20 = 0,
         ${monthStart.toISOString()}::timestamptz + ((g::bigint * 7919) % ${monthMs}::bigint) * interval '1 millisecond', gen_random_uuid()
  from (select id, row_number() over (order by id) as n from applications where company like 'Bench client %') a,
       generate_series(1, ${Math.round(totalRows / tenants)}) g`);
await exec(sql`
  insert into consumption_monthly (app_id, month, user_id, kind, quantity, gross_cents, test_quantity)
  select app_id, date_trunc('month', occurred_at at time zone 'UTC')::date, null, kind,
         count(*) filter (where billable), coalesce(sum(unit_price_cents) filter (where billable), 0), count(*) filter (where not billable)
  from consumptions group by 1, 2, 4`);
await exec(sql`analyze`);
const { count } = (await rows<{ count: string }>(sql`select count(*) from consumptions`))[0]!;
console.log(
  `seeded ${tenants} tenants, ${Number(count).toLocaleString('en')} consumption rows of ${monthStart.toISOString().slice(0, 7)} in ${seconds(started)} s`,
);

const { platform } = t.server;
const adminUser = (await rows<{ id: string; app_id: string }>(sql`select id, app_id from users where email = ${adminEmail}`))[0]!;
const actor = {
  appId: adminUser.app_id,
  userId: adminUser.id,
  realUserId: adminUser.id,
  profile: 'ADMIN',
  isProductAdmin: true,
  permissions: new Set(),
  sessionId: 'bench',
} as never;

// 1. The delivery notes, as the month-end run's chunks of 100 tenants.
started = performance.now();
const appIds = (await rows<{ id: string }>(sql`select id from applications where company like 'Bench client %' order by id`)).map((r) => r.id);
const counts = { created: 0, empty: 0, exists: 0 };
for (let i = 0; i < appIds.length; i += 100) {
  const c = await runNotesChunk(platform, { boundary: boundary.toISOString(), appIds: appIds.slice(i, i + 100), actorUserId: null });
  for (const k of Object.keys(counts) as (keyof typeof counts)[]) counts[k] += c[k];
}
const notesSeconds = seconds(started);
console.log(`delivery notes: ${counts.created} created in ${notesSeconds} s`);

// 2. Every note into an invoice, with its PDF.
started = performance.now();
const noteIds = (await rows<{ id: string }>(sql`select id from sales where kind = 'delivery_note' and status = 'pending' order by id`)).map((r) => r.id);
for (let i = 0; i < noteIds.length; i += 500) await convertNotes({ platform, actor, saleIds: noteIds.slice(i, i + 500) });
const invoiceSeconds = seconds(started);
const { invoices, total } = (
  await rows<{ invoices: string; total: string }>(sql`select count(*) as invoices, sum(total_cents) as total from sales where kind = 'invoice'`)
)[0]!;
console.log(`invoices: ${invoices} issued (with PDFs) in ${invoiceSeconds} s, total ${(Number(total) / 100).toLocaleString('en')} EUR`);
console.log(`month invoiced for ${tenants} tenants: ${(Number(notesSeconds) + Number(invoiceSeconds)).toFixed(1)} s (target < 60 s)`);

const { gaps } = (
  await rows<{ gaps: string }>(sql`
  select count(*) as gaps from (select number, lag(number) over (order by number) as previous from sales where kind = 'invoice') s
  where previous is not null and split_part(number, '-', 2)::int <> split_part(previous, '-', 2)::int + 1`)
)[0]!;
console.log(`numbering: ${gaps} gap(s)`);

// 3. Lists at 1,000,000 sales: first pages over HTTP (keyset paging), p50 / p95 of 40 calls.
const listRows = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000);
started = performance.now();
const heavy = appIds[0]!;
await exec(sql`
  insert into sales (app_id, kind, status, number, issuing_company_id, period_start, period_end, lines, discounts, net_cents, vat_rate_percent, vat_cents, total_cents, buyer, language, issued_at, created_at)
  select case when g % 5 = 0 then ${heavy}::uuid else (${`{${appIds.join(',')}}`}::uuid[])[1 + g % ${appIds.length}] end,
         'invoice', case when g % 3 = 0 then 'pending' else 'succeeded' end, 'H2020-' || lpad(g::text, 7, '0'),
         (select id from issuing_companies where is_default), now() - interval '2 years', now() - interval '2 years' + interval '1 month', '[]', '[]', 1000, 20, 200, 1200,
         '{"companyName":"x","registrationNumber":null,"vatNumber":null,"address":"","postalCode":"","city":"","country":"FR","billingEmail":null}', 'fr',
         now() - interval '2 years' + g * interval '1 second', now() - interval '2 years' + g * interval '1 second'
  from generate_series(1, ${listRows}) g`);
await exec(sql`analyze sales`);
console.log(`lists: ${listRows.toLocaleString('en')} more invoices (${(listRows / 5).toLocaleString('en')} of one tenant) in ${seconds(started)} s`);
const admin = await t.login(adminEmail);
const heavyGerant = (await rows<{ id: string }>(sql`select id from users where app_id = ${heavy} limit 1`))[0];
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
async function time(label: string, call: () => Promise<{ statusCode: number; body: string }>) {
  const ms: number[] = [];
  for (let i = 0; i < 40; i++) {
    const at = performance.now();
    const res = await call();
    ms.push(performance.now() - at);
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
  }
  ms.sort((a, b) => a - b);
  console.log(`${label.padEnd(44)} p50 ${percentile(ms, 50).toFixed(1)} ms  p95 ${percentile(ms, 95).toFixed(1)} ms`);
}
await time('admin: invoices tab, first page', () => admin.call('GET', '/api/billing/sales?tab=invoices&limit=20', 'application'));
const second = (await admin.call('GET', '/api/billing/sales?tab=invoices&limit=20', 'application')).json().nextCursor;
await time('admin: invoices tab, next page (cursor)', () => admin.call('GET', `/api/billing/sales?tab=invoices&limit=20&cursor=${second}`, 'application'));
await time('admin: invoices tab, status pending', () => admin.call('GET', '/api/billing/sales?tab=invoices&status=pending&limit=20', 'application'));
await time('admin: to be invoiced tab', () => admin.call('GET', '/api/billing/sales?tab=to_invoice&limit=20', 'application'));
await time('admin: search by number', () => admin.call('GET', '/api/billing/sales?search=H2020-0123&limit=20', 'application'));
await time('admin: search by client name', () => admin.call('GET', '/api/billing/sales?search=client%20999&limit=20', 'application'));
await time('admin: one client (200,000 invoices)', () => admin.call('GET', `/api/billing/sales?appId=${heavy}&limit=20`, 'application'));
if (heavyGerant) void heavyGerant; // tenants of the bench have no users: the tenant list is the same query with app_id (above)

await t.close();
if (!process.env.BENCH_KEEP) await server.query(`drop database if exists ${name} with (force)`);
await server.end();
