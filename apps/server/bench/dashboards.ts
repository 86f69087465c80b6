/**
 * Dashboards (issue: home p95 < 50 ms with 5,000,000 consumption rows and 100,000 requests for one tenant, super
 * dashboard with 1,000 tenants), on PostgreSQL, timed over HTTP (in-process server, app.inject, like the other
 * benches). Seeds with set-based SQL (generate_series), once; the database is KEPT for the next run:
 *   - 1,000 tenants: tenant A (20 users: the GERANT, 19 COMMERCIAL under them) and 999 others;
 *   - tenant A: 100,000 signature requests (1 signer each, reminders and expiries spread over 30 days) and their
 *     stored events (created, sent, invited, signed, completed…), 1,000 campaigns (one in five pending
 *     or ready), 5,000,000 consumption rows over 24 months and their monthly figures;
 *   - the 999 others: 100 requests sent each (stored events), 12 months of monthly consumption figures;
 *   - 10,000 finished campaign-dispatch jobs and 50 failed ones (pg-boss retention).
 * The activity figures are then built by the backfill (domains/dashboards/backfill.ts) from the stored events:
 * its duration is printed too. Each case: BENCH_CALLS calls (200, after 5 warm-up calls), one at a time.
 *
 * Run from apps/server: `node bench/dashboards.ts`. Env: BENCH_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/bench_dashboards; created when missing), BENCH_CALLS, BENCH_SCALE (1:
 * multiplies the row counts; 0.01 for a quick check), BENCH_DROP=1 drops the database at the end.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../src/platform/db/postgres.ts';
import { backfillActivity } from '../src/domains/dashboards/backfill.ts';
import { adminEmail, createTestContext, password } from '../test/support/harness.ts';
import { draft, signer } from '../test/support/signatures.ts';
import { createCampaign, signatory } from '../test/campaigns/support.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_dashboards';
const calls = Number(process.env.BENCH_CALLS ?? 200);
const scale = Number(process.env.BENCH_SCALE ?? 1);
const n = (count: number) => Math.max(10, Math.round(count * scale));
const tenantA = 'Bench dashboards A';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

const url = new URL(databaseUrl);
const adminUrl = new URL(databaseUrl);
adminUrl.pathname = '/postgres';
const server = new pg.Client({ connectionString: adminUrl.toString() });
await server.connect();
if (!(await server.query('select 1 from pg_database where datname = $1', [url.pathname.slice(1)])).rowCount)
  await server.query(`create database ${url.pathname.slice(1)}`);

const database = await openPostgres(databaseUrl);
const t = await createTestContext({ database });
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const exec = (text: string) => t.database.db.execute(sql.raw(text));
const columnsOf = async (table: string) =>
  (
    await rows<{ c: string }>(
      sql`select column_name as c from information_schema.columns where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`,
    )
  ).map((r) => r.c);
/** The columns of a copy: the template's values, but these expressions. */
const list = (cols: string[], prefix: string, overrides: Record<string, string>) => cols.map((c) => overrides[c] ?? `${prefix}.${c}`).join(', ');
const kinds = `(array['signer_contacted','signer_signed','option_simple','option_campaign','option_sms','option_mailing'])`;

async function seed() {
  const started = performance.now();
  const a = await t.factory.tenant({ company: tenantA, doubleAuth: false, features: { campaign: true, mailing: true } });
  // Live mode with Medium prices (discounts apply), like a paying customer.
  await exec(`update applications set test_mode = false, pack = 'medium' where id = '${a.appId}'`);
  const users = (await columnsOf('users')).filter((c) => c !== 'id');
  await exec(`
    insert into users (${users.join(', ')})
    select ${list(users, 'u', { email: `'commercial' || g || '@bench.example'`, profile: `'COMMERCIAL'`, parent_id: `u.id` })}
    from users u, generate_series(1, 19) g where u.id = '${a.gerant.id}'`);
  const applications = (await columnsOf('applications')).filter((c) => c !== 'id');
  await exec(`
    insert into applications (${applications.join(', ')})
    select ${list(applications, 'a', { company: `'Bench tenant ' || g`, owner_user_id: 'null', created_at: `now() - g * interval '1 hour'` })}
    from applications a, generate_series(1, 999) g where a.id = '${a.appId}'`);
  console.error(`  1,000 tenants (${seconds(started)} s)`);

  // Tenant A's requests: one made through the API, copied.
  const client = await t.login(a.gerant.email);
  const template = await draft(t, client, { signers: [signer(0)] });
  const requestColumns = (await columnsOf('signature_requests')).filter((c) => c !== 'id');
  const signerColumns = (await columnsOf('signers')).filter((c) => c !== 'id' && c !== 'request_id');
  const requests = n(100_000);
  await exec(`
    with src as materialized (select gen_random_uuid() as id, g from generate_series(1, ${requests}) g),
    made as (
      insert into signature_requests (id, ${requestColumns.join(', ')})
      select src.id, ${list(requestColumns, 'r', {
        label: `'Contrat n°' || g`,
        status: `(case when g % 100 < 40 then 'ready' when g % 100 < 80 then 'completed' when g % 100 < 90 then 'draft' when g % 100 < 95 then 'refused' when g % 100 < 99 then 'canceled' else 'expired' end)`,
        owner_user_id: `(select id from users where app_id = '${a.appId}' order by id offset g % 20 limit 1)`,
        expires_at: `now() + (g % 30) * interval '1 day'`,
        created_at: `now() - g * interval '5 minutes'`,
        updated_at: `now() - g * interval '5 minutes'`,
      })}
      from src, signature_requests r where r.id = '${template.id}'
      returning id
    )
    insert into signers (request_id, ${signerColumns.join(', ')})
    select made.id, ${list(signerColumns, 's', {
      email: `'s' || src.g || '@example.com'`,
      next_mail_reminder_at: `case when src.g % 100 < 40 then now() + (src.g % 30) * interval '1 day' end`,
      created_at: `now() - src.g * interval '5 minutes'`,
    })}
    from made join src on src.id = made.id, signers s where s.request_id = '${template.id}'`);
  console.error(`  A: ${requests} requests (${seconds(started)} s)`);

  // Their stored events, as the API would have emitted them (the backfill counts them below).
  const event = (type: string, where: string) => `
    insert into domain_events (app_id, type, data, occurred_at)
    select r.app_id, '${type}', jsonb_build_object('requestId', r.id, 'label', r.label, 'ownerUserId', r.owner_user_id, 'level', r.level, 'testMode', false, 'signerCount', 1, 'documentCount', 1,
      'signerId', r.id, 'signerIndex', 0, 'role', 'signer', 'signerName', 'X', 'channel', 'email', 'handwritten', false, 'hasSignedDocuments', true, 'reason', 'requester'), r.created_at
    from signature_requests r where r.app_id = '${a.appId}' and r.id <> '${template.id}' ${where}`;
  await exec(event('signature.created', ''));
  for (const type of ['signature.sent', 'signature.signer_invited']) await exec(event(type, `and r.status <> 'draft'`));
  for (const type of ['signature.signer_signed', 'signature.completed']) await exec(event(type, `and r.status = 'completed'`));
  await exec(event('signature.refused', `and r.status = 'refused'`));
  await exec(event('signature.canceled', `and r.status = 'canceled'`));
  await exec(event('signature.expired', `and r.status = 'expired'`));
  // The other tenants: 100 requests sent each this month.
  await exec(`
    insert into domain_events (app_id, type, data, occurred_at)
    select a.id, 'signature.sent', jsonb_build_object('requestId', gen_random_uuid(), 'label', 'L', 'ownerUserId', null, 'level', 1, 'testMode', false, 'signerCount', 1),
      date_trunc('month', now()) + (g % 20) * interval '1 hour'
    from applications a, generate_series(1, ${n(100)}) g where a.company like 'Bench tenant %'`);
  console.error(`  stored events (${seconds(started)} s)`);

  // Campaigns of tenant A.
  const campaign = await createCampaign(t, client, { label: 'Modèle', signatories: [signatory(0), signatory(1)] });
  const campaignColumns = (await columnsOf('campaigns')).filter((c) => c !== 'id');
  await exec(`
    insert into campaigns (${campaignColumns.join(', ')})
    select ${list(campaignColumns, 'c', {
      label: `'Campagne ' || g`,
      type: `(array['campain','publipostage'])[1 + g % 2]`,
      status: `(array['draft','ready','completed','canceled','pending'])[1 + g % 5]`,
      signatory_count: '200',
      dispatched: '200',
      n_signed: '120',
      n_sent: '80',
      sent_at: `now() - g * interval '1 hour'`,
      created_at: `now() - g * interval '1 hour'`,
      updated_at: `now() - g * interval '1 hour'`,
    })}
    from campaigns c, generate_series(1, 999) g where c.id = '${campaign.id}'`);

  // 5,000,000 consumption rows of tenant A over 24 months (20 owners, 6 kinds), then the monthly figures from them.
  const consumptions = n(5_000_000);
  for (let from = 0; from < consumptions; from += 500_000) {
    const to = Math.min(consumptions, from + 500_000) - 1;
    await exec(`
      insert into consumptions (app_id, user_id, kind, quantity, unit_price_cents, billable, test_mode, occurred_at, event_id)
      select '${a.appId}', (select array_agg(id order by id) from users where app_id = '${a.appId}')[1 + g % 20], ${kinds}[1 + (g / 20) % 6], 1, 50 + g % 3 * 10, true, false,
        date_trunc('month', now()) - (g % 24) * interval '1 month' + (g % 27) * interval '1 day', gen_random_uuid()
      from generate_series(${from}, ${to}) g`);
    console.error(`  A consumptions: ${to + 1}/${consumptions} (${seconds(started)} s)`);
  }
  await exec(`
    insert into consumption_monthly (app_id, month, user_id, kind, quantity, gross_cents, test_quantity)
    select app_id, date_trunc('month', occurred_at at time zone 'UTC')::date, user_id, kind, sum(quantity), sum(quantity * unit_price_cents), 0
    from consumptions where app_id = '${a.appId}' group by 1, 2, 3, 4`);
  await exec(`
    insert into consumption_monthly (app_id, month, user_id, kind, quantity, gross_cents, test_quantity)
    select a.id, (date_trunc('month', now()) - m * interval '1 month')::date, null, ${kinds}[k], 100 + m * 10, (100 + m * 10) * 60, 0
    from applications a, generate_series(0, 11) m, generate_series(1, 6) k where a.company like 'Bench tenant %'`);

  // pg-boss: what retention keeps of the dispatch queue.
  await exec(`
    insert into pgboss.job (name, data, state, started_on, completed_on)
    select 'campaign-dispatch', jsonb_build_object('appId', '${a.appId}', 'campaignId', gen_random_uuid()), 'completed', now() - g * interval '1 minute', now() - g * interval '1 minute'
    from generate_series(1, 10000) g`);
  await exec(`
    insert into pgboss.job (name, data, state, started_on, completed_on, output)
    select 'campaign-dispatch', jsonb_build_object('appId', '${a.appId}', 'campaignId', gen_random_uuid()), 'failed', now() - g * interval '10 minutes', now() - g * interval '10 minutes', '{"message":"boom"}'
    from generate_series(1, 50) g`);

  const backfill = performance.now();
  const counted = await backfillActivity(t.server.platform);
  console.error(`  backfill: ${counted} events counted in ${seconds(backfill)} s`);
  await exec('vacuum analyze');
  console.error(`seeded in ${seconds(started)} s`);
}

const gerantOf = () =>
  rows<{ app_id: string; email: string }>(
    sql`select a.id as app_id, u.email from applications a join users u on u.app_id = a.id and u.profile = 'GERANT' where a.company = ${tenantA}`,
  );
let [tenant] = await gerantOf();
if (!tenant) {
  console.error(`seeding ${databaseUrl} (scale ${scale})…`);
  await seed();
  [tenant] = await gerantOf();
}
const [volume] = await rows<Record<string, number>>(sql`
  select (select count(*)::int from applications) as tenants, (select count(*)::int from signature_requests where app_id = ${tenant!.app_id}) as requests_a,
    (select count(*)::int from consumptions where app_id = ${tenant!.app_id}) as consumptions_a, (select count(*)::int from consumption_monthly) as consumption_monthly,
    (select count(*)::int from domain_events) as events, (select count(*)::int from activity_monthly) as activity_monthly`);
const month = new Date().toISOString().slice(0, 7);
const yearAgo = (() => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 11, 1)).toISOString().slice(0, 7);
})();

const logins = { gerant: tenant!.email, commercial: 'commercial1@bench.example', admin: adminEmail };
type Who = keyof typeof logins;
const clients = new Map<Who, Awaited<ReturnType<typeof t.login>>>();
const clientOf = async (who: Who, fresh = false) => {
  if (fresh || !clients.has(who)) clients.set(who, await t.login(logins[who], password));
  return clients.get(who)!;
};
const cases: [string, Who, 'user' | 'billing' | 'application', string][] = [
  ['home (GERANT: tenant, consumption)', 'gerant', 'user', '/api/dashboard/home'],
  ['home (COMMERCIAL: own team)', 'commercial', 'user', '/api/dashboard/home'],
  ['billing conso, 12 months', 'gerant', 'billing', `/api/billing/conso?from=${yearAgo}&to=${month}`],
  ['billing conso, this month', 'gerant', 'billing', `/api/billing/conso?from=${month}&to=${month}`],
  ['super dashboard: live', 'admin', 'application', '/api/dashboard/admin/live'],
  ['super dashboard: overview', 'admin', 'application', '/api/dashboard/admin'],
];

console.log(`Node ${process.version}, PostgreSQL ${databaseUrl.replace(/\/\/[^@]*@/, '//')}; ${JSON.stringify(volume)}`);
console.log(`${calls} calls per case (after 5 warm-up calls), one at a time, over HTTP (app.inject)`);
console.log(`${'case'.padEnd(40)}${'calls'.padStart(6)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'max'.padStart(9)}`);
for (const [name, who, audience, path] of cases) {
  const latencies: number[] = [];
  for (let i = 0; i < calls + 5; i++) {
    const started = performance.now();
    let res = await t.request({ method: 'GET', url: path, token: await (await clientOf(who)).token(audience) });
    let ms = performance.now() - started;
    if (res.statusCode === 401) {
      // Access tokens live 5 minutes: log in again and redo the call.
      const token = await (await clientOf(who, true)).token(audience);
      const again = performance.now();
      res = await t.request({ method: 'GET', url: path, token });
      ms = performance.now() - again;
    }
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    if (i >= 5) latencies.push(ms);
  }
  const sorted = latencies.sort((x, y) => x - y);
  console.log(
    `${name.padEnd(40)}${String(sorted.length).padStart(6)}${percentile(sorted, 50).toFixed(1).padStart(9)}${percentile(sorted, 95).toFixed(1).padStart(9)}${sorted.at(-1)!.toFixed(1).padStart(9)}`,
  );
}

await t.close();
if (process.env.BENCH_DROP) await server.query(`drop database if exists ${url.pathname.slice(1)} with (force)`);
await server.end();
