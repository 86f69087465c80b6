/**
 * Issues 11, 12 and 28: every list at volume, on PostgreSQL, timed over HTTP (the in-process server, app.inject, as
 * the other benches). Seeds with set-based SQL (insert … select … generate_series), not the API:
 *   - tenant A: 1,000,000 single signature requests (2 signers each) + 100,000 campaign copies (1 signer),
 *     1,000,000 contacts, 1,000 campaigns + one campaign of 1,000,000 signatories, one operation of 1,000,000
 *     orders, 1,000,000 invoices and credit notes (2 %; the tenant's invoices list, and the administrator's tab);
 *   - tenant B: 200,000 requests and 100,000 contacts with the same names (so the tenant filter matters).
 * BENCH_SEED=bulk seeds the campaigns, the operation and the invoices only (no request, no contact: about 2.5 min
 * for their 3,000,000 rows), for a database of their own (docs/lists.md "Signatories, orders and invoices at 1,000,000").
 * Names: 40 last names (one is "Martin": the search "martin" matches many rows, ~1 in 20 with "Martine"), and
 * every 200,000th row is "Quenouille" (the search "quenouil" matches 5 rows).
 * Then each case is called BENCH_CALLS times (40; after 3 warm-up calls) one after the other; prints p50/p95/max.
 * Offsets past row 1,000 are refused by the lists that reach a million rows (a 400, printed once): their deep
 * pages are the cases "cursor at 10000" and "cursor at 900000".
 *
 * Run from apps/server: `node bench/lists.bench.ts`. Env: BENCH_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/bench_lists: created when missing, seeded once and KEPT, so a second run —
 * e.g. after a migration, which the start applies — measures the same data; BENCH_DROP=1 drops it at the end),
 * BENCH_CALLS (40), BENCH_CASE_BUDGET_S (60: a case stops after that long, with at least 5 calls), BENCH_ONLY
 * (substrings separated by |: only the cases whose name contains one), BENCH_SCALE (1: multiplies the row counts,
 * 0.01 for a quick check), BENCH_EXPLAIN=1 (the last call of each case between two marker statements, for the plans
 * auto_explain logs when the caller set it on the database: docs/lists.md says how).
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { encodeSignatureFilter } from '@paraphe/contracts';
import { openPostgres } from '../src/platform/db/postgres.ts';
import { adminEmail, createTestContext, password } from '../test/support/harness.ts';
import { draft, placed, signer } from '../test/support/signatures.ts';
import { createCampaign, signatory } from '../test/campaigns/support.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_lists';
const calls = Number(process.env.BENCH_CALLS ?? 40);
/** A case stops after this many seconds even if it made fewer calls (at least 5): the slow cases before the fix. */
const caseBudgetMs = Number(process.env.BENCH_CASE_BUDGET_S ?? 60) * 1000;
const only = process.env.BENCH_ONLY;
const explain = process.env.BENCH_EXPLAIN === '1';
const scale = Number(process.env.BENCH_SCALE ?? 1);
/** `bulk`: seed only the campaign, operation and invoice lists (no requests, no contacts): their 1,000,000-row cases. */
const bulkOnly = process.env.BENCH_SEED === 'bulk';
const n = (count: number) => Math.max(10, Math.round(count * scale));
const tenantA = 'Bench lists A';
const tenantB = 'Bench lists B';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

async function ensureDatabase() {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`create database ${name}`);
  return {
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
    end: () => admin.end(),
  };
}

const admin = await ensureDatabase();
const database = await openPostgres(databaseUrl);
const t = await createTestContext({ database });
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const exec = (text: string) => t.database.db.execute(sql.raw(text));

const firstNames = [
  'Jean',
  'Marie',
  'Pierre',
  'Martine',
  'Hélène',
  'Louis',
  'Camille',
  'Nicolas',
  'Sophie',
  'Julien',
  'Claire',
  'Thomas',
  'Élodie',
  'Antoine',
  'Laura',
  'Hugo',
  'Chloé',
  'Paul',
  'Inès',
  'Lucas',
];
const lastNames = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefèvre',
  'Michel',
  'Garcia',
  'David',
  'Bertrand',
  'Roux',
  'Vincent',
  'Fournier',
  'Morel',
  'Girard',
  'André',
  'Mercier',
  'Dupont',
  'Lambert',
  'Bonnet',
  'François',
  'Legrand',
  'Garnier',
  'Faure',
  'Rousseau',
  'Blanc',
  'Guérin',
  'Muller',
  'Henry',
  'Roussel',
  'Nicolas',
  'Perrin',
  'Morin',
];
const arr = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;
/** The first and last name of row g (offset k for the second signer). */
const first = (g: string) => `(${arr(firstNames)})[1 + (${g}) % ${firstNames.length}]`;
const last = (g: string) => `(case when (${g}) % 200000 = 17 then 'Quenouille' else (${arr(lastNames)})[1 + ((${g}) / 7) % ${lastNames.length}] end)`;

async function seed() {
  const started = performance.now();
  const a = await t.factory.tenant({ company: tenantA, doubleAuth: false, features: { campaign: true, mailing: true, operation: true } });
  const b = await t.factory.tenant({ company: tenantB, doubleAuth: false, features: { campaign: true, mailing: true } });
  const columnsOf = async (table: string) =>
    (
      await rows<{ c: string }>(
        sql`select column_name as c from information_schema.columns where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`,
      )
    ).map((r) => r.c);
  const list = (cols: string[], prefix: string, overrides: Record<string, string>) => cols.map((c) => overrides[c] ?? `${prefix}.${c}`).join(', ');

  for (const [tenant, total] of bulkOnly
    ? []
    : ([
        [a, n(1_000_000)],
        [b, n(200_000)],
      ] as const)) {
    const client = await t.login(tenant.gerant.email);
    const template = await draft(t, client, { signers: [signer(0), signer(1)], documents: [placed('contract.pdf', [0, 1])] });
    const requestColumns = (await columnsOf('signature_requests')).filter((c) => c !== 'id');
    const signerColumns = (await columnsOf('signers')).filter((c) => c !== 'id' && c !== 'request_id');
    const copies = async (count: number, source: 'single' | 'campaign') => {
      for (let from = 0; from < count; from += 100_000) {
        const to = Math.min(count, from + 100_000) - 1;
        const offset = source === 'campaign' ? 5_000_000 : 0;
        await exec(`
          with src as materialized (select gen_random_uuid() as id, g from generate_series(${from + offset}, ${to + offset}) g),
          made as (
            insert into signature_requests (id, ${requestColumns.join(', ')})
            select src.id, ${list(requestColumns, 'r', {
              label: `'Contrat ' || (array['de bail','de travail','de vente','de prestation','d''assurance'])[1 + g % 5] || ' n°' || g`,
              description: `case when g % 10 = 0 then 'Renouvellement annuel ' || g else null end`,
              status: `(case when g % 100 < 40 then 'ready' when g % 100 < 80 then 'completed' when g % 100 < 90 then 'draft' when g % 100 < 95 then 'refused' when g % 100 < 99 then 'canceled' else 'expired' end)`,
              source: `'${source}'`,
              created_at: `now() - g * interval '20 seconds'`,
              updated_at: `now() - g * interval '20 seconds'`,
            })}
            from src, signature_requests r where r.id = '${template.id}'
            returning id
          )
          insert into signers (request_id, ${signerColumns.join(', ')})
          select made.id, ${list(signerColumns, 's', {
            firstname: first('src.g + s.signer_index * 3'),
            lastname: last('src.g + s.signer_index * 11'),
            email: `lower('s' || src.g || '-' || s.signer_index || '@example.com')`,
            phone: 'null',
            created_at: `now() - src.g * interval '20 seconds'`,
          })}
          from made join src on src.id = made.id, signers s
          where s.request_id = '${template.id}' ${source === 'campaign' ? 'and s.signer_index = 0' : ''}`);
        console.error(`  ${tenant === a ? 'A' : 'B'} ${source} requests: ${to + 1}/${count} (${seconds(started)} s)`);
      }
    };
    // The search text triggers fill one request at a time (and, since signers' (request_id) index became partial,
    // each scans the signers): off while seeding, the text is filled once below, set-based.
    await exec('alter table signature_requests disable trigger signature_requests_search_text; alter table signers disable trigger signers_search_text_insert');
    await copies(total, 'single');
    if (tenant === a) await copies(n(100_000), 'campaign');
    await exec(`
      update signature_requests r set search_text = concat_ws(' ', r.label, r.description, s.people)
      from (select request_id, string_agg(concat_ws(' ', firstname, lastname, email), ' ' order by signer_index) as people
            from signers where app_id = '${tenant.appId}' group by request_id) s
      where s.request_id = r.id and r.source = 'single' and r.app_id = '${tenant.appId}'`);
    await exec('alter table signature_requests enable trigger signature_requests_search_text; alter table signers enable trigger signers_search_text_insert');
    console.error(`  ${tenant === a ? 'A' : 'B'} search texts (${seconds(started)} s)`);

    const contactTotal = tenant === a ? n(1_000_000) : n(100_000);
    for (let from = 0; from < contactTotal; from += 200_000) {
      const to = Math.min(contactTotal, from + 200_000) - 1;
      await exec(`
        insert into contacts (app_id, mail, firstname, lastname, company, lang, created_at, updated_at)
        select '${tenant.appId}', 'c' || g || '@example.com', ${first('g')}, ${last('g')},
          case when g % 4 = 0 then 'Société ' || (g % 1000) else null end, 'fr',
          now() - g * interval '20 seconds', now() - g * interval '20 seconds'
        from generate_series(${from}, ${to}) g`);
      console.error(`  ${tenant === a ? 'A' : 'B'} contacts: ${to + 1}/${contactTotal} (${seconds(started)} s)`);
    }
  }

  // Campaigns of tenant A: 1,000 copies of one made through the API, and one of 100,000 signatories.
  const client = await t.login(a.gerant.email);
  const template = await createCampaign(t, client, { label: 'Modèle', signatories: [signatory(0), signatory(1)] });
  const campaignColumns = (await columnsOf('campaigns')).filter((c) => c !== 'id');
  await exec(`
    insert into campaigns (${campaignColumns.join(', ')})
    select ${list(campaignColumns, 'c', {
      label: `'Campagne ' || (array['printemps','été','automne','hiver'])[1 + g % 4] || ' ' || g`,
      status: `(array['draft','ready','completed','canceled','pending'])[1 + g % 5]`,
      created_at: `now() - g * interval '1 hour'`,
      updated_at: `now() - g * interval '1 hour'`,
    })}
    from campaigns c, generate_series(1, 999) g where c.id = '${template.id}'`);
  const [big] = await rows<{ id: string }>(
    sql.raw(`
    insert into campaigns (${campaignColumns.join(', ')})
    select ${list(campaignColumns, 'c', { label: `'Grande campagne'`, status: `'ready'`, created_at: `now() - interval '10 minutes'` })}
    from campaigns c where c.id = '${template.id}' returning id`),
  );
  const signatories = n(1_000_000);
  for (let from = 0; from < signatories; from += 250_000) {
    const to = Math.min(signatories, from + 250_000) - 1;
    await exec(`
      insert into campaign_signatories (app_id, campaign_id, row_index, firstname, lastname, email, language, status, sent_at)
      select '${a.appId}', '${big!.id}', g, ${first('g')}, ${last('g')}, 'sig' || g || '@example.com', 'fr',
        (case when g % 100 < 50 then 'signed' when g % 100 < 80 then 'sent' when g % 100 < 90 then 'opened' when g % 100 < 95 then 'refused' when g % 100 < 98 then 'expired' else 'failed' end),
        now() - interval '1 day'
      from generate_series(${from}, ${to}) g`);
    console.error(`  A campaign signatories: ${to + 1}/${signatories} (${seconds(started)} s)`);
  }
  await exec(`
    update campaigns c set signatory_count = s.total, dispatched = s.total, n_signed = s.signed, n_sent = s.sent, n_opened = s.opened,
      n_refused = s.refused, n_expired = s.expired, n_failed = s.failed, n_draft = 0, sent_at = now() - interval '1 day'
    from (select count(*) total, count(*) filter (where status = 'signed') signed, count(*) filter (where status = 'sent') sent,
            count(*) filter (where status = 'opened') opened, count(*) filter (where status = 'refused') refused,
            count(*) filter (where status = 'expired') expired, count(*) filter (where status = 'failed') failed
          from campaign_signatories where campaign_id = '${big!.id}') s
    where c.id = '${big!.id}'`);
  console.error(`  A campaign signatories: ${signatories} (${seconds(started)} s)`);
  await seedOrders(a.appId, a.gerant.email);
  console.error(`  A operation orders (${seconds(started)} s)`);
  await seedSales(a.appId);
  console.error(`  A invoices (${seconds(started)} s)`);
  await exec('vacuum analyze');
  console.error(`seeded in ${seconds(started)} s`);
}

/** One operation of tenant A with 1,000,000 orders (one signer each; statuses spread as a sent operation's). */
async function seedOrders(appId: string, email: string) {
  const client = await t.login(email, password);
  const res = await client.call('GET', '/api/batches/ids', 'operation');
  if (res.statusCode !== 200) throw new Error(`batches/ids: ${res.statusCode} ${res.body}`);
  const operationId = res.json().data.id as string;
  const total = n(1_000_000);
  for (let from = 0; from < total; from += 250_000) {
    const to = Math.min(total, from + 250_000) - 1;
    await exec(`
      insert into operation_orders (app_id, operation_id, row_index, signers, document_name, search_text, status, sent_at)
      select '${appId}', '${operationId}', g,
        jsonb_build_array(jsonb_build_object('firstname', ${first('g')}, 'lastname', ${last('g')}, 'email', 'o' || g || '@example.com',
          'phone', null, 'language', 'fr', 'role', 'signer', 'step', null)),
        'contrat-' || (g % 1000) || '.pdf',
        lower(${first('g')} || ' ' || ${last('g')} || ' o' || g || '@example.com contrat-' || (g % 1000) || '.pdf'),
        (case when g % 100 < 50 then 'completed' when g % 100 < 80 then 'ready' when g % 100 < 95 then 'pending' when g % 100 < 98 then 'failed' else 'canceled' end),
        now() - interval '1 day'
      from generate_series(${from}, ${to}) g`);
    console.error(`  A operation orders: ${to + 1}/${total}`);
  }
  // The status counters too: a status filter's total is its counter (no count over the operation's rows).
  await exec(`update operations o set label = 'Grande opération', status = 'ready', saved_at = now(), sent_at = now() - interval '1 day', order_count = s.total,
      dispatched = s.total, n_draft = 0, n_completed = s.completed, n_ready = s.ready, n_pending = s.pending, n_failed = s.failed, n_canceled = s.canceled
    from (select count(*) total, count(*) filter (where status = 'completed') completed, count(*) filter (where status = 'ready') ready,
            count(*) filter (where status = 'pending') pending, count(*) filter (where status = 'failed') failed, count(*) filter (where status = 'canceled') canceled
          from operation_orders where operation_id = '${operationId}') s
    where o.id = '${operationId}'`);
}

/** 1,000,000 invoices and credit notes of tenant A (the tenant's invoices list), issued by the default company. */
async function seedSales(appId: string) {
  const [company] = await rows<{ id: string }>(sql`select id from issuing_companies order by is_default desc limit 1`);
  if (!company) return console.error('  no issuing company: invoices not seeded');
  const total = n(1_000_000);
  for (let from = 0; from < total; from += 250_000) {
    const to = Math.min(total, from + 250_000) - 1;
    await exec(`
      insert into sales (app_id, kind, status, number, issuing_company_id, period_start, period_end, lines, discounts, net_cents, total_cents, buyer,
        language, issued_at, created_at, updated_at)
      select '${appId}', case when g % 50 = 0 then 'credit_note' else 'invoice' end, case when g % 10 < 7 then 'succeeded' else 'pending' end,
        'BL2026-' || lpad(g::text, 6, '0'), '${company.id}', now() - g * interval '1 hour', now() - g * interval '1 hour' + interval '1 month',
        '[]'::jsonb, '[]'::jsonb, 1000 + g % 5000, 1200 + g % 6000, '{"company": "Bench lists A"}'::jsonb, 'fr',
        now() - g * interval '20 seconds', now() - g * interval '20 seconds', now() - g * interval '20 seconds'
      from generate_series(${from}, ${to}) g`);
    console.error(`  A invoices: ${to + 1}/${total}`);
  }
}

let [tenant] = await rows<{ app_id: string; email: string }>(
  sql`select a.id as app_id, u.email from applications a join users u on u.app_id = a.id and u.profile = 'GERANT' where a.company = ${tenantA}`,
);
if (!tenant) {
  console.error(`seeding ${databaseUrl} (scale ${scale})…`);
  await seed();
  [tenant] = await rows<{ app_id: string; email: string }>(
    sql`select a.id as app_id, u.email from applications a join users u on u.app_id = a.id and u.profile = 'GERANT' where a.company = ${tenantA}`,
  );
}
let client = await t.login(tenant!.email, password);
let adminClient = await t.login(adminEmail, password);
const [big] = await rows<{ id: string }>(sql`select id from campaigns where app_id = ${tenant!.app_id} and label = 'Grande campagne'`);
const [operation] = await rows<{ id: string }>(sql`select id from operations where app_id = ${tenant!.app_id} and label = 'Grande opération'`);
const [volume] = await rows<Record<string, number>>(sql`
  select (select count(*)::int from signature_requests) as requests, (select count(*)::int from signers) as signers,
    (select count(*)::int from contacts) as contacts, (select count(*)::int from campaigns) as campaigns,
    (select count(*)::int from campaign_signatories) as signatories, (select count(*)::int from operation_orders) as orders,
    (select count(*)::int from sales) as sales`);

/**
 * A cursor starting right after row `position` of a list (keyset paging, the back office's `nextCursor`), made with the
 * server's own encoders from the row found by SQL; undefined when this server has no back-office cursor (the code
 * before it: the encoders then lived in the apikeys domain, and its lists took no cursor).
 */
const cursors = await import('../src/platform/db/cursor.ts').catch(() => undefined);
async function timeCursorAt(query: ReturnType<typeof sql>) {
  const [row] = await rows<{ k: string; id: string }>(query);
  return cursors && row ? cursors.encodeCursor({ createdAt: new Date(row.k), id: row.id }) : undefined;
}
async function rowCursorAt(query: ReturnType<typeof sql>) {
  const [row] = await rows<{ k: number; id: string }>(query);
  return cursors && row ? cursors.encodeRowCursor({ rowIndex: row.k, id: row.id }) : undefined;
}
const requestsAt = (position: number) =>
  timeCursorAt(sql`select to_json(created_at)#>>'{}' as k, id from signature_requests where app_id = ${tenant!.app_id} and source = 'single'
    order by created_at desc, id desc offset ${position - 1} limit 1`);
const contactsAt = (position: number) =>
  timeCursorAt(
    sql`select to_json(created_at)#>>'{}' as k, id from contacts where app_id = ${tenant!.app_id} order by created_at desc, id desc offset ${position - 1} limit 1`,
  );
const signatoriesAt = (position: number) =>
  rowCursorAt(sql`select row_index as k, id from campaign_signatories where campaign_id = ${big!.id} order by row_index, id offset ${position - 1} limit 1`);
const ordersAt = (position: number) =>
  rowCursorAt(sql`select row_index as k, id from operation_orders where operation_id = ${operation!.id} order by row_index, id offset ${position - 1} limit 1`);
/** The tenant's invoices list has its own cursor (sales.ts: the date and id of the last row). */
const salesCursors = await import('../src/domains/billing/invoicing/sales.ts').catch(() => undefined);
async function invoicesAt(position: number, where = sql`true`) {
  const [row] = await rows<{ k: string; id: string }>(
    sql`select to_json(created_at)#>>'{}' as k, id from sales where app_id = ${tenant!.app_id} and kind <> 'delivery_note' and ${where}
      order by created_at desc, id desc offset ${position - 1} limit 1`,
  );
  return salesCursors && row ? salesCursors.encodeCursor({ createdAt: new Date(row.k), id: row.id }) : undefined;
}
const deep = scale < 1 ? Math.round(900_000 * scale) : 900_000;
const withCursor = async (url: string, cursor: Promise<string | undefined>) => {
  const c = await cursor;
  return c ? `${url}&cursor=${c}` : undefined;
};
const migrations = await rows<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);

const status = (s: string[]) => encodeURIComponent(encodeSignatureFilter({ status: s } as never));
type Audience = 'history' | 'phonebook' | 'campaign' | 'operation' | 'billing' | 'admin';
const cases: [string, Audience, string][] = [
  ['requests: first page', 'history', '/api/transactions?limit=20'],
  ['requests: search, few (quenouil)', 'history', '/api/transactions?limit=20&search=quenouil'],
  ['requests: search, many (martin)', 'history', '/api/transactions?limit=20&search=martin'],
  ['requests: status ready (40%)', 'history', `/api/transactions?limit=20&filter=${status(['ready'])}`],
  ['requests: status expired (1%)', 'history', `/api/transactions?limit=20&filter=${status(['expired'])}`],
  ['requests: search many + status', 'history', `/api/transactions?limit=20&search=martin&filter=${status(['refused'])}`],
  ['requests: page 51 (offset 1000)', 'history', '/api/transactions?limit=20&offset=1000'],
  ['requests: order by label', 'history', '/api/transactions?limit=20&orderBy=label&order=ASC'],
  ['contacts: first page', 'phonebook', '/api/persons?limit=20'],
  ['contacts: search, few (quenouil)', 'phonebook', '/api/persons?limit=20&search=quenouil'],
  ['contacts: search, many (martin)', 'phonebook', '/api/persons?limit=20&search=martin'],
  ['contacts: page 51 (offset 1000)', 'phonebook', '/api/persons?limit=20&offset=1000'],
  ['contacts: order by last name', 'phonebook', '/api/persons?limit=20&orderBy=lastname&order=ASC'],
  ['campaigns: first page', 'campaign', '/api/campains?limit=20'],
  ['campaigns: search (printemps)', 'campaign', '/api/campains?limit=20&search=printemps'],
  ['campaigns: status completed', 'campaign', '/api/campains?limit=20&status=completed'],
  ['campaigns: page 26 (offset 500)', 'campaign', '/api/campains?limit=20&offset=500'],
  ['campaign view (1,000,000 signatories)', 'campaign', `/api/campains/${big!.id}`],
  ['campaign statistics', 'campaign', `/api/campains/${big!.id}/statistics`],
  ['signatories: first page', 'campaign', `/api/campains/${big!.id}/signers?limit=20`],
  ['signatories: status refused (5%)', 'campaign', `/api/campains/${big!.id}/signers?limit=20&status=refused`],
  ['signatories: search, few (quenouil)', 'campaign', `/api/campains/${big!.id}/signers?limit=20&search=quenouil`],
  ['signatories: search, many (martin)', 'campaign', `/api/campains/${big!.id}/signers?limit=20&search=martin`],
  ['signatories: page 501 (offset 10000)', 'campaign', `/api/campains/${big!.id}/signers?limit=20&offset=10000`],
];
// Issue 28 item 2: deep pages (by offset before, by the cursor after), and the 1,000,000-row lists of operations' orders and invoices.
const more: [string, Audience, string | undefined][] = [
  ['requests: offset 10000', 'history', '/api/transactions?limit=20&offset=10000'],
  ['requests: offset 100000', 'history', '/api/transactions?limit=20&offset=100000'],
  ['requests: offset 900000', 'history', `/api/transactions?limit=20&offset=${deep}`],
  ['requests: cursor at 10000', 'history', await withCursor('/api/transactions?limit=20', requestsAt(10_000))],
  ['requests: cursor at 900000', 'history', await withCursor('/api/transactions?limit=20', requestsAt(deep))],
  ['requests: search many + status ready', 'history', `/api/transactions?limit=20&search=martin&filter=${status(['ready'])}`],
  ['contacts: offset 900000', 'phonebook', `/api/persons?limit=20&offset=${deep}`],
  ['contacts: cursor at 900000', 'phonebook', await withCursor('/api/persons?limit=20', contactsAt(deep))],
  ['signatories: offset 900000', 'campaign', `/api/campains/${big!.id}/signers?limit=20&offset=${deep}`],
  ['signatories: cursor at 10000', 'campaign', await withCursor(`/api/campains/${big!.id}/signers?limit=20`, signatoriesAt(10_000))],
  ['signatories: cursor at 900000', 'campaign', await withCursor(`/api/campains/${big!.id}/signers?limit=20`, signatoriesAt(deep))],
  // No signatory named Martin(e) is refused, nor any such order failed (the seed's cycles never meet): the lookup finds none.
  ['signatories: search many + status refused (none)', 'campaign', `/api/campains/${big!.id}/signers?limit=20&search=martin&status=refused`],
  ['signatories: search many + status opened', 'campaign', `/api/campains/${big!.id}/signers?limit=20&search=martin&status=opened`],
  ['operation view (1,000,000 orders)', 'operation', `/api/batches/${operation!.id}`],
  ['orders: first page', 'operation', `/api/batches/${operation!.id}/orders?limit=20`],
  ['orders: status failed (3%)', 'operation', `/api/batches/${operation!.id}/orders?limit=20&status=failed`],
  ['orders: search, few (quenouil)', 'operation', `/api/batches/${operation!.id}/orders?limit=20&search=quenouil`],
  ['orders: search, many (martin)', 'operation', `/api/batches/${operation!.id}/orders?limit=20&search=martin`],
  ['orders: search many + status failed (none)', 'operation', `/api/batches/${operation!.id}/orders?limit=20&search=martin&status=failed`],
  ['orders: search many + status pending', 'operation', `/api/batches/${operation!.id}/orders?limit=20&search=martin&status=pending`],
  ['orders: offset 900000', 'operation', `/api/batches/${operation!.id}/orders?limit=20&offset=${deep}`],
  ['orders: cursor at 10000', 'operation', await withCursor(`/api/batches/${operation!.id}/orders?limit=20`, ordersAt(10_000))],
  ['orders: cursor at 900000', 'operation', await withCursor(`/api/batches/${operation!.id}/orders?limit=20`, ordersAt(deep))],
  ['orders: status failed, cursor at 900000', 'operation', await withCursor(`/api/batches/${operation!.id}/orders?limit=20&status=failed`, ordersAt(deep))],
  ['invoices: first page', 'billing', '/api/billing/invoices?limit=20'],
  ['invoices: status pending', 'billing', '/api/billing/invoices?limit=20&status=pending'],
  ['invoices: credit notes (2%)', 'billing', '/api/billing/invoices?limit=20&kind=credit_note'],
  ['invoices: credit notes pending (none)', 'billing', '/api/billing/invoices?limit=20&kind=credit_note&status=pending'],
  ['invoices: cursor at 10000', 'billing', await withCursor('/api/billing/invoices?limit=20', invoicesAt(10_000))],
  ['invoices: cursor at 900000', 'billing', await withCursor('/api/billing/invoices?limit=20', invoicesAt(deep))],
  [
    'invoices: status pending, cursor at 900000',
    'billing',
    await withCursor('/api/billing/invoices?limit=20&status=pending', invoicesAt(Math.round(deep * 0.3), sql`status = 'pending'`)),
  ],
  // The product administrator's invoices tab: every tenant's invoices (here all of tenant A's), by cursor too.
  ['sales (admin): invoices tab', 'admin', '/api/billing/sales?limit=20'],
  ['sales (admin): status pending', 'admin', '/api/billing/sales?limit=20&status=pending'],
  ['sales (admin): status cancelled (none)', 'admin', '/api/billing/sales?limit=20&status=cancelled'],
  ['sales (admin): one tenant', 'admin', `/api/billing/sales?limit=20&appId=${tenant!.app_id}`],
  ['sales (admin): search company', 'admin', `/api/billing/sales?limit=20&search=${encodeURIComponent('lists A')}`],
  ['sales (admin): search number, few', 'admin', '/api/billing/sales?limit=20&search=BL2026-00099'],
  ['sales (admin): search number, many', 'admin', '/api/billing/sales?limit=20&search=BL2026-0'],
  ['sales (admin): cursor at 900000', 'admin', await withCursor('/api/billing/sales?limit=20', invoicesAt(deep))],
];
for (const [name, audience, url] of more) if (url) (cases as [string, string, string][]).push([name, audience, url]);

console.log(`Node ${process.version}, PostgreSQL ${databaseUrl.replace(/\/\/[^@]*@/, '//')}, ${migrations[0]!.n} migrations; ${JSON.stringify(volume)}`);
console.log(`${calls} calls per case (after 3 warm-up calls), one at a time, limit=20`);
console.log(`${'case'.padEnd(40)}${'calls'.padStart(6)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'max'.padStart(9)}   countAll`);
for (const [name, audience, url] of cases) {
  if (only && !only.split('|').some((part) => name.includes(part))) continue;
  const latencies: number[] = [];
  let last: { countAll?: number; countAllCapped?: boolean; data?: unknown[]; nextCursor?: string | null } = {};
  const caseStarted = performance.now();
  for (let i = 0; i < calls + 3; i++) {
    if (i >= 8 && performance.now() - caseStarted > caseBudgetMs) break;
    // BENCH_EXPLAIN=1: the last call's statements between two markers in the server's log (auto_explain, set on
    // the database by the caller): the plans as the server ran them, under the app role and its row security.
    const explained = explain && i === calls + 2;
    if (explained) await exec(`select 'bench-explain-start: ${name}'`);
    const started = performance.now();
    const token = () => (audience === 'admin' ? adminClient.token('application') : client.token(audience));
    let res = await t.request({ method: 'GET', url, token: await token() });
    let ms = performance.now() - started;
    if (res.statusCode === 401) {
      // Access tokens are short-lived: log in again and redo the call.
      client = await t.login(tenant!.email, password);
      adminClient = await t.login(adminEmail, password);
      const again = performance.now();
      res = await t.request({ method: 'GET', url, token: await token() });
      ms = performance.now() - again;
    }
    if (res.statusCode !== 200) {
      // A deep offset refused (the cursor pages there): said once, not timed.
      console.log(`${name.padEnd(40)}  ${res.statusCode} ${res.body.slice(0, 160)}`);
      break;
    }
    if (explained) await exec(`select 'bench-explain-end: ${name}'`);
    if (i >= 3) latencies.push(ms);
    last = res.json();
  }
  if (!latencies.length) continue;
  const sorted = latencies.sort((x, y) => x - y);
  const total =
    last.countAll === undefined
      ? Array.isArray(last.data)
        ? `(${last.data.length} rows${last.nextCursor ? ', next' : ''})`
        : '-'
      : `${last.countAll}${last.countAllCapped ? '+' : ''} (${Array.isArray(last.data) ? last.data.length : 1} rows${last.nextCursor ? ', next' : ''})`;
  console.log(
    `${name.padEnd(40)}${String(sorted.length).padStart(6)}${percentile(sorted, 50).toFixed(1).padStart(9)}${percentile(sorted, 95).toFixed(1).padStart(9)}${sorted.at(-1)!.toFixed(1).padStart(9)}   ${total}`,
  );
}

await t.close();
if (process.env.BENCH_DROP === '1') await admin.drop();
else await admin.end();
process.exit(0);
