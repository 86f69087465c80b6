import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { runSignatureSweep, sweepQueue } from '../../src/domains/signatures/sweep.ts';
import { verifyEventChain } from '../../src/domains/signatures/evidence.ts';
import { draft, placed, requestRow, signer, tenantWithGerant } from '../support/signatures.ts';

/**
 * The sweep at scale: thousands of reminders and expiries due at once are taken in set-based chunks (SKIP LOCKED,
 * one transaction each). A run that dies between two chunks keeps what it committed and the next runs finish the
 * rest; two runs at once share the work. Each reminder is queued exactly once, each request expires once.
 * Before, the sweep took 100 requests a minute. (No timing here: apps/server/bench/sweep.bench.ts gives figures.)
 */
describe(`signature sweep: thousands due at once (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let appId: string;
  const reminders = 2000;
  const expiries = 1000;

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const columnsOf = async (table: string) =>
    (
      await rows<{ c: string }>(
        sql`select column_name as c from information_schema.columns where table_schema = 'public' and table_name = ${table} order by ordinal_position`,
      )
    ).map((r) => r.c);

  /** `count` copies of a sent request (one signer each), as multi-row SQL: the due dates set by `patch`. */
  async function cloneRequest(templateId: string, count: number, tag: string, patch: { expiresAt: string | null; nextMail: string | null }) {
    const requestColumns = (await columnsOf('signature_requests')).filter((c) => c !== 'id');
    const signerColumns = (await columnsOf('signers')).filter((c) => c !== 'id' && c !== 'request_id');
    const list = (cols: string[], prefix: string, overrides: Record<string, string>) => cols.map((c) => overrides[c] ?? `${prefix}.${c}`).join(', ');
    await t.database.db.execute(
      sql.raw(`
      with made as (
        insert into signature_requests (${requestColumns.join(', ')})
        select ${list(requestColumns, 'r', { label: `'${tag} ' || g`, expires_at: patch.expiresAt ?? 'null' })}
        from signature_requests r, generate_series(1, ${count}) g where r.id = '${templateId}'
        returning id
      )
      insert into signers (request_id, ${signerColumns.join(', ')})
      select made.id, ${list(signerColumns, 's', { email: `'${tag}-' || made.id || '@example.com'`, phone: 'null', next_mail_reminder_at: patch.nextMail ?? 'null', next_sms_reminder_at: 'null' })}
      from made, signers s where s.request_id = '${templateId}'`),
    );
  }

  beforeAll(async () => {
    t = await createTestContext();
    // The server's own sweep runs every minute: were it to start during this test, it would take the chunks the
    // test runs by hand (seen once: 1,400 reminded after the crash instead of 400). The test drives every run.
    await t.server.platform.jobs.boss.unschedule(sweepQueue);
    await t.server.platform.jobs.boss.offWork(sweepQueue);
    const tenant = await tenantWithGerant(t);
    gerant = tenant.client;
    appId = tenant.appId;
    const template = await draft(t, gerant, {
      signers: [signer(0)],
      documents: [placed('contract.pdf', [0])],
      options: { expiryDays: 30, reminders: { mail: { firstAfterDays: 2, intervalDays: 3 } } },
    });
    await gerant.call('PUT', `/api/transactions/${template.id}`, 'history', { action: 'send' });
    await t.waitFor(async () => (await requestRow(t, template.id)).status === 'ready');
    // Due a minute ago; the requests of the reminders expire in a month, those of the expiries a minute ago.
    await cloneRequest(template.id, reminders, 'remind', { expiresAt: `now() + interval '30 days'`, nextMail: `now() - interval '1 minute'` });
    await cloneRequest(template.id, expiries, 'expire', { expiresAt: `now() - interval '1 minute'`, nextMail: null });
    // The template itself is nobody's business here.
    await t.database.db.execute(sql`update signers set next_mail_reminder_at = null where request_id = ${template.id}`);
  }, 120_000);
  afterAll(async () => t?.close());

  it('processes each due reminder and expiry exactly once, across a run that dies between chunks and two runs at once', async () => {
    const platform = t.server.platform;
    // A run dies after its fourth committed chunk (of 400): the expiries (400, 400, 200), then 400 reminders.
    let chunks = 0;
    await expect(
      runSignatureSweep(platform, {
        chunkSize: 400,
        afterChunk: () => {
          if (++chunks === 4) throw new Error('crash between chunks');
        },
      }),
    ).rejects.toThrow('crash between chunks');
    const [afterCrash] = await rows<{ expired: number; reminded: number }>(sql`
      select (select count(*)::int from signature_requests where app_id = ${appId} and label like 'expire %' and status = 'expired') as expired,
             (select count(*)::int from signers where app_id = ${appId} and email like 'remind-%' and mail_reminders = 1) as reminded`);
    // Four chunks committed, whole.
    expect(afterCrash).toEqual({ expired: expiries, reminded: 400 });

    // Two runs at once finish the rest (SKIP LOCKED: they never take the same rows).
    const runs = await Promise.all([runSignatureSweep(platform, { chunkSize: 300 }), runSignatureSweep(platform, { chunkSize: 300 })]);
    const done = runs.reduce((sum, r) => ({ expired: sum.expired + r.expired, reminders: sum.reminders + r.reminders }), { expired: 0, reminders: 0 });
    expect(done).toEqual({ expired: 0, reminders: reminders - 400 });

    // Each signer reminded once: one outbox row and one delivery job each, counters and next date moved on.
    const perSigner = await rows<{ messages: number; n: number }>(sql`
      select m.messages, count(*)::int as n from (
        select s.id, (select count(*)::int from outbox_messages o where o.about = 'signer:' || s.id and o.template = 'signature-reminder') as messages
        from signers s where s.app_id = ${appId} and s.email like 'remind-%') m
      group by m.messages`);
    expect(perSigner).toEqual([{ messages: 1, n: reminders }]);
    const [jobs] = await rows<{ n: number; distinctMessages: number }>(sql`
      select count(*)::int as n, count(distinct j.data->>'messageId')::int as "distinctMessages"
      from pgboss.job j join outbox_messages o on o.id::text = j.data->>'messageId'
      where j.name = 'send-email' and o.template = 'signature-reminder' and o.app_id = ${appId}`);
    expect(jobs).toEqual({ n: reminders, distinctMessages: reminders });
    const [plans] = await rows<{ wrong: number }>(sql`
      select count(*)::int as wrong from signers s
      where s.app_id = ${appId} and s.email like 'remind-%'
        and (s.mail_reminders <> 1 or s.next_mail_reminder_at is null or s.next_mail_reminder_at <= now() or s.last_reminder_at is null)`);
    expect(plans!.wrong).toBe(0);
    // The evidence trail: one `reminded` event per signer, chains intact.
    const [events] = await rows<{ n: number; distinctSigners: number }>(sql`
      select count(*)::int as n, count(distinct signer_id)::int as "distinctSigners" from signature_events
      where app_id = ${appId} and type = 'reminded'`);
    expect(events).toEqual({ n: reminders, distinctSigners: reminders });
    const sample = await rows<{ id: string }>(sql`select id from signature_requests where app_id = ${appId} and label like 'remind %' limit 5`);
    for (const { id } of sample) expect((await verifyEventChain(t.database.db, appId, id)).valid).toBe(true);

    // Each request expired once: its signer too, one audit row, one event, one notice to the requester.
    const [expired] = await rows<{ requests: number; signers: number; audits: number; events: number; notices: number }>(sql`
      select
        (select count(*)::int from signature_requests where app_id = ${appId} and label like 'expire %' and status = 'expired') as requests,
        (select count(*)::int from signers s join signature_requests r on r.id = s.request_id where r.app_id = ${appId} and r.label like 'expire %' and s.status = 'expired') as signers,
        (select count(*)::int from audit_events a join signature_requests r on r.id::text = a.target_id::text where r.app_id = ${appId} and r.label like 'expire %' and a.action = 'signature.expired') as audits,
        (select count(*)::int from domain_events e join signature_requests r on r.id::text = e.data->>'requestId' where r.app_id = ${appId} and r.label like 'expire %' and e.type = 'signature.expired') as events,
        (select count(*)::int from outbox_messages where app_id = ${appId} and template = 'signature-expired') as notices`);
    expect(expired).toEqual({ requests: expiries, signers: expiries, audits: expiries, events: expiries, notices: expiries });

    // Nothing is due any more: a further run changes nothing.
    expect(await runSignatureSweep(platform)).toEqual({ expired: 0, reminders: 0 });
  }, 300_000);
});
