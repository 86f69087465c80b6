import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { outboxMessages } from '../../src/platform/db/schema/index.ts';
import { adminEmail, createTestContext, engine, freshIp, type TestClient, type TestContext } from '../support/harness.ts';
import { forgotPasswordMail as mailResetLink, startSmtp, stopSmtp } from '../support/smtp.ts';

describe(`outbox and SMTP delivery (${engine})`, () => {
  let t: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: TestClient;
  let appId: string;
  let parentId: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
    admin = await t.login(adminEmail);
    const tenant = await t.factory.tenant();
    appId = tenant.appId;
    parentId = tenant.gerant.id;
  });
  afterAll(async () => {
    await t?.close();
    if (smtp) await stopSmtp(smtp.server);
  });

  const forgotPasswordMail = () => mailResetLink(t, appId, parentId);
  const messageRow = async (id: string) => (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;
  const jobsOf = async (messageId: string) => {
    const result = (await t.database.db.execute(
      sql`select id, state, retry_count from pgboss.job where name = 'send-email' and data->>'messageId' = ${messageId} order by created_on`,
    )) as unknown as { rows: { id: string; state: string; retry_count: number }[] };
    return result.rows;
  };

  it('delivers a mail through SMTP and marks it sent', async () => {
    const { user, message } = await forgotPasswordMail();
    expect(message.subject).toBe('Reset your password');
    const mail = await t.waitFor(async () => smtp.received.find((m) => m.to.includes(user.email)));
    expect(mail.raw).toMatch(/^Subject: Reset your password\r?$/m);
    expect(mail.raw).toContain(`To: ${user.email}`);
    const row = await t.waitFor(async () => {
      const r = await messageRow(message.id);
      return r.status === 'sent' && r;
    });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.error).toBeNull();
  });

  it('says retrying, with the error and the next attempt, while SMTP is down, and delivers at the planned attempt', async () => {
    const port = smtp.port;
    await stopSmtp(smtp.server);
    const { user, message } = await forgotPasswordMail();
    const failed = await t.waitFor(async () => {
      const r = await messageRow(message.id);
      return r.attempts.length > 0 && r;
    });
    expect(failed.status).toBe('retrying');
    expect(failed.error).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.attempts[0]!.error).toBe(failed.error);
    // The first retry is planned 30 s after the failure (MAIL_RETRY_FIRST_DELAY_SECONDS), as a job of its own.
    const planned = Date.parse(failed.attempts[0]!.nextAttemptAt!) - Date.parse(failed.attempts[0]!.at);
    expect(planned).toBe(30_000);
    const shown = (await admin.call('GET', `/api/outbox/${message.id}`, 'outbox')).json().data;
    expect(shown).toMatchObject({ status: 'retrying', attemptCount: 1, nextAttemptAt: failed.attempts[0]!.nextAttemptAt, sentAt: null });
    const next = await t.waitFor(async () => jobsOf(message.id).then((jobs) => jobs.find((j) => j.state === 'created')));

    smtp = await startSmtp(port);
    // Skip the wait instead of sleeping 30 s.
    await t.database.db.execute(sql`update pgboss.job set start_after = now() where name = 'send-email' and id = ${next.id}`);
    await t.waitFor(async () => smtp.received.find((m) => m.to.includes(user.email)));
    const delivered = await t.waitFor(async () => {
      const r = await messageRow(message.id);
      return r.status === 'sent' && r;
    });
    expect(delivered.attempts.length).toBe(2);
    expect(delivered.error).toBeNull();
    expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(1);
  });

  it('lets the administrator list, filter and read messages', async () => {
    const { user, message } = await forgotPasswordMail();
    const sms = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId, mobile: '+33698765432' });
    await t.request({ method: 'POST', url: '/api/auth/login', body: { email: sms.email, password: 'Secret-pass1' }, headers: freshIp() });

    const all = (await admin.call('GET', '/api/outbox?limit=100', 'outbox')).json();
    expect(all.countAll).toBe(all.data.length);
    expect(all.data.map((m: { id: string }) => m.id)).toContain(message.id);
    const onlySms = (await admin.call('GET', '/api/outbox?channel=sms', 'outbox')).json();
    expect(onlySms.data.length).toBeGreaterThan(0);
    expect(onlySms.data.every((m: { channel: string }) => m.channel === 'sms')).toBe(true);
    expect(onlySms.data[0]).toMatchObject({ to: '+33698765432', subject: null, template: 'second-factor-code' });
    const byRecipient = (await admin.call('GET', `/api/outbox?to=${encodeURIComponent(user.email)}`, 'outbox')).json();
    expect(byRecipient.data.map((m: { id: string }) => m.id)).toEqual([message.id]);

    const one = await admin.call('GET', `/api/outbox/${message.id}`, 'outbox');
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id: message.id, to: user.email, channel: 'email', template: 'reset-password', language: 'en', appId });
    expect(one.json().data.html).toContain('<!doctype html>');
    expect((await admin.call('GET', `/api/outbox/${appId}`, 'outbox')).statusCode).toBe(404);
  });
});
