import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { outboxMessages } from '../../src/platform/db/schema/index.ts';
import { defaultRetryPolicy, retrySchedule } from '../../src/platform/messaging/retry.ts';
import { failAbandoned } from '../../src/platform/messaging/repository.ts';
import { adminEmail, createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { forgotPasswordMail, startSmtp, stopSmtp } from '../support/smtp.ts';

/**
 * Fault: the mail server is unreachable for longer than a few retries. Before, the send job gave up after 5
 * pg-boss retries (about 3.5 minutes) while the outbox row still said `queued`, and nothing ever sent it again.
 * Now the row tells the truth (retrying, attempts, next attempt → failed), the administrator sees and filters the
 * undelivered, and sends them again once the server is back: delivered once.
 */

describe(`fault: SMTP unreachable for a long time (${engine})`, () => {
  let t: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: TestClient;
  let appId: string;
  let parentId: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    // Seconds instead of minutes between attempts; the 24 hours are made to pass with the platform clock.
    t = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_RETRY_FIRST_DELAY_SECONDS: '1', MAIL_RETRY_MAX_DELAY_SECONDS: '2' } });
    admin = await t.login(adminEmail);
    const tenant = await t.factory.tenant();
    appId = tenant.appId;
    parentId = tenant.gerant.id;
  });
  afterAll(async () => {
    await t?.close();
    if (smtp) await stopSmtp(smtp.server);
  });

  const resetMail = async () => (await forgotPasswordMail(t, appId, parentId)).message;
  const row = async (id: string) => (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;
  const pendingJobs = async (id: string) => {
    const result = (await t.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'send-email' and data->>'messageId' = ${id} and state in ('created', 'retry', 'active')`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0]!.n;
  };

  it('plans retries over at least 24 hours by default', () => {
    const schedule = retrySchedule(defaultRetryPolicy);
    expect(schedule.slice(0, 8)).toEqual([0, 30, 90, 210, 450, 930, 1890, 3810]);
    expect(schedule.at(-1)!).toBeGreaterThanOrEqual(24 * 3600);
    expect(schedule.length).toBeGreaterThan(25);
    expect(Math.max(...schedule.slice(1).map((s, i) => s - schedule[i]!))).toBe(3600);
  });

  it('retries with growing delays, says failed after the schedule, and is delivered once when sent again', async () => {
    const port = smtp.port;
    await stopSmtp(smtp.server);
    const first = await resetMail();
    const second = await resetMail();

    // Retrying, truthfully: each failure recorded with its error and the next attempt (1 s, then 2 s: the cap).
    const retrying = await t.waitFor(async () => {
      const r = await row(first.id);
      return r.attempts.length >= 3 && r;
    }, 20_000);
    expect(retrying.status).toBe('retrying');
    expect(retrying.error).toMatch(/ECONNREFUSED|connect/i);
    const delays = retrying.attempts.map((a) => Date.parse(a.nextAttemptAt!) - Date.parse(a.at));
    expect(delays.slice(0, 3)).toEqual([1000, 2000, 2000]);
    const listed = (await admin.call('GET', '/api/outbox?status=undelivered&limit=100', 'outbox')).json();
    expect(listed.data.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(listed.data.every((m: { status: string }) => ['retrying', 'failed'].includes(m.status))).toBe(true);
    expect(listed.additionnalData.undelivered).toBeGreaterThanOrEqual(2);
    const shown = listed.data.find((m: { id: string }) => m.id === first.id);
    expect(shown).toMatchObject({ status: 'retrying', attemptCount: expect.any(Number), nextAttemptAt: expect.any(String), sentAt: null });
    expect(shown.attemptCount).toBeGreaterThanOrEqual(3);

    // A day later (platform clock), the next failed attempt is the last: failed, nothing more planned.
    t.now.value = new Date(Date.now() + 25 * 3_600_000);
    const failed = await t.waitFor(async () => {
      const [a, b] = [await row(first.id), await row(second.id)];
      return a.status === 'failed' && b.status === 'failed' && a;
    }, 20_000);
    t.now.value = undefined;
    expect(failed.attempts.at(-1)).toMatchObject({ error: expect.stringMatching(/ECONNREFUSED|connect/i) });
    expect(failed.attempts.at(-1)!.nextAttemptAt).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await row(first.id)).attempts).toHaveLength(failed.attempts.length);
    expect(await pendingJobs(first.id)).toBe(0);
    const failedList = (await admin.call('GET', '/api/outbox?status=failed&limit=100', 'outbox')).json();
    expect(failedList.data.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(failedList.additionnalData.failed).toBeGreaterThanOrEqual(2);
    expect(failedList.data.find((m: { id: string }) => m.id === first.id)).toMatchObject({ status: 'failed', nextAttemptAt: null });

    // The server is back: one message sent again by hand, then every failed one.
    smtp = await startSmtp(port);
    const resent = await admin.call('POST', `/api/outbox/${first.id}/resend`, 'outbox');
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data).toMatchObject({ requeued: 1, messages: [{ id: first.id, status: 'queued' }] });
    await t.waitFor(async () => (await row(first.id)).status === 'sent');
    expect((await admin.call('POST', `/api/outbox/${first.id}/resend`, 'outbox')).json().error.code).toBe('CONFLICT');
    const all = await admin.call('POST', '/api/outbox/resend-failed', 'outbox');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.messages.map((m: { id: string }) => m.id)).toContain(second.id);
    await t.waitFor(async () => (await row(second.id)).status === 'sent');
    await new Promise((resolve) => setTimeout(resolve, 1500)); // any stray attempt would land by now
    for (const message of [first, second]) expect(smtp.received.filter((m) => m.to.includes(message.to))).toHaveLength(1);
    expect((await row(first.id)).attempts.filter((a) => a.requeuedBy)).toHaveLength(1);
    const audited = (await t.database.db.execute(sql`select count(*)::int as n from audit_events where action = 'outbox.resent'`)) as unknown as {
      rows: { n: number }[];
    };
    expect(audited.rows[0]!.n).toBe(2);
  });

  it('marks failed, at start, the messages an earlier version left queued with no delivery planned', async () => {
    const message = (to: string) => ({
      appId,
      channel: 'email' as const,
      to,
      subject: 'Old',
      text: 'x',
      template: 'reset-password',
      language: 'en',
      status: 'queued' as const,
    });
    const [abandoned] = await t.database.db.insert(outboxMessages).values(message('abandoned@example.com')).returning();
    const [planned] = await t.database.db.insert(outboxMessages).values(message('planned@example.com')).returning();
    await t.server.platform.jobs.boss.send('send-email', { messageId: planned!.id, version: 0 }, { startAfter: 3600 });

    expect(await failAbandoned(t.database.db, new Date())).toBe(1);
    expect(await row(abandoned!.id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/no delivery was planned/i) });
    expect((await row(planned!.id)).status).toBe('queued');
    expect(await failAbandoned(t.database.db, new Date())).toBe(0);
  });
});
