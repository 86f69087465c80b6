/**
 * The reminder/expiry sweep at scale: one request is drafted and sent through the API, then copied with multi-row
 * SQL (insert … select … generate_series) into R requests whose signer has a mail reminder due now and E requests
 * expired a minute ago (one signer each: a campaign's shape). The sweep (runSignatureSweep, as the periodic job
 * runs it) is then run until nothing is due; prints the time until all are processed, the rate, the process's
 * peak RSS (VmHWM, Linux), and checks each reminder was queued once and each request expired once. The server's
 * workers run meanwhile (the reminder mails are captured in the outbox: no SMTP), as in production.
 *
 * Run from apps/server: `node bench/sweep.bench.ts [reminders=50000] [expiries=50000]` (PGlite in memory), or with
 * `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres` for PostgreSQL (a scratch database is created
 * and dropped). Target (PostgreSQL): 100,000 signatories due the same day processed in under 5 minutes, RSS
 * under 512 MB. Before: 100 requests a minute.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { runSignatureSweep } from '../src/domains/signatures/sweep.ts';
import { createTestContext, engine } from '../test/support/harness.ts';
import { draft, placed, requestRow, signer, tenantWithGerant } from '../test/support/signatures.ts';

const reminders = Number(process.argv[2] ?? 50_000);
const expiries = Number(process.argv[3] ?? 50_000);
const peakRss = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

const t = await createTestContext();
try {
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const columnsOf = async (table: string) =>
    (
      await rows<{ c: string }>(
        sql`select column_name as c from information_schema.columns where table_schema = 'public' and table_name = ${table} order by ordinal_position`,
      )
    ).map((r) => r.c);
  const tenant = await tenantWithGerant(t);
  const template = await draft(t, tenant.client, {
    signers: [signer(0)],
    documents: [placed('contract.pdf', [0])],
    options: { expiryDays: 30, reminders: { mail: { firstAfterDays: 2, intervalDays: 3 } } },
  });
  await tenant.client.call('PUT', `/api/transactions/${template.id}`, 'history', { action: 'send' });
  await t.waitFor(async () => (await requestRow(t, template.id)).status === 'ready');
  await t.database.db.execute(sql`update signers set next_mail_reminder_at = null where request_id = ${template.id}`);

  const requestColumns = (await columnsOf('signature_requests')).filter((c) => c !== 'id');
  const signerColumns = (await columnsOf('signers')).filter((c) => c !== 'id' && c !== 'request_id');
  const list = (cols: string[], prefix: string, overrides: Record<string, string>) => cols.map((c) => overrides[c] ?? `${prefix}.${c}`).join(', ');
  async function copies(count: number, tag: string, expiresAt: string, nextMail: string) {
    for (let from = 0; from < count; from += 10_000) {
      const n = Math.min(10_000, count - from);
      await t.database.db.execute(
        sql.raw(`
        with made as (
          insert into signature_requests (${requestColumns.join(', ')})
          select ${list(requestColumns, 'r', { label: `'${tag} ' || (g + ${from})`, expires_at: expiresAt })}
          from signature_requests r, generate_series(1, ${n}) g where r.id = '${template.id}'
          returning id
        )
        insert into signers (request_id, ${signerColumns.join(', ')})
        select made.id, ${list(signerColumns, 's', { email: `'${tag}-' || made.id || '@example.com'`, phone: 'null', next_mail_reminder_at: nextMail, next_sms_reminder_at: 'null' })}
        from made, signers s where s.request_id = '${template.id}'`),
      );
    }
  }
  let started = performance.now();
  await copies(reminders, 'remind', `now() + interval '30 days'`, `now() - interval '1 minute'`);
  await copies(expiries, 'expire', `now() - interval '1 minute'`, 'null');
  if (engine === 'postgres') await t.database.db.execute(sql`analyze`);
  console.log(`engine=${engine} reminders=${reminders} expiries=${expiries}: data made in ${seconds(started)} s, peak RSS ${mb(peakRss())}`);

  started = performance.now();
  const total = { expired: 0, reminders: 0 };
  for (let run = 1; ; run++) {
    const runStarted = performance.now();
    const result = await runSignatureSweep(t.server.platform);
    total.expired += result.expired;
    total.reminders += result.reminders;
    console.log(`  run ${run}: ${result.expired} expired, ${result.reminders} reminders in ${seconds(runStarted)} s; peak RSS ${mb(peakRss())}`);
    if (!result.expired && !result.reminders) break;
  }
  const elapsed = (performance.now() - started) / 1000;
  const [check] = await rows<{ expired: number; reminded: number; messages: number; events: number }>(sql`
    select
      (select count(*)::int from signature_requests where label like 'expire %' and status = 'expired') as expired,
      (select count(*)::int from signers where email like 'remind-%' and mail_reminders = 1) as reminded,
      (select count(*)::int from outbox_messages where template = 'signature-reminder') as messages,
      (select count(*)::int from signature_events where type = 'reminded') as events`);
  console.log(
    `processed ${total.reminders} reminders and ${total.expired} expiries in ${elapsed.toFixed(1)} s ` +
      `(${Math.round((total.reminders + total.expired) / elapsed)} signatories/s); peak RSS ${mb(peakRss())}; ` +
      `check: ${check!.reminded} reminded once, ${check!.messages} reminder mails, ${check!.events} evidence events, ${check!.expired} expired`,
  );
  if (check!.reminded !== reminders || check!.messages !== reminders || check!.events !== reminders || check!.expired !== expiries) process.exitCode = 1;
} finally {
  await t.close();
}
