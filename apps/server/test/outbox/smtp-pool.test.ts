import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { listenSmtp } from '../support/smtp.ts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { outboxMessages } from '../../src/platform/db/schema/index.ts';
import type { BatchMessage } from '../../src/platform/messaging/service.ts';
import { createTestContext, engine, freshIp, type TestContext } from '../support/harness.ts';

/**
 * Mail goes out through a bounded pool of SMTP connections (SMTP_MAX_CONNECTIONS), many at once. A server that
 * answers 421 ("too many, try later") slows the sender down and every message still goes, exactly once; a 550 fails
 * its message at once with the server's reason; a login code queued behind 5,000 invitations overtakes them.
 * (Order and counts only, no timing: apps/server/bench/mail-throughput.bench.ts gives figures.)
 */

interface Sink {
  server: SMTPServer;
  port: number;
  /** Recipients in the order the sink accepted their mail. */
  received: string[];
  open: number;
  maxOpen: number;
  /** Answers 421 to every MAIL FROM for this many ms after the first one ("for a while"). */
  throttleMs: number;
  throttleFrom?: number;
  throttled: number;
}

function startSink(): Promise<Sink> {
  const sink: Sink = { server: undefined as never, port: 0, received: [], open: 0, maxOpen: 0, throttleMs: 0, throttled: 0 };
  sink.server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onConnect(_session, callback) {
      sink.open++;
      sink.maxOpen = Math.max(sink.maxOpen, sink.open);
      callback();
    },
    onClose() {
      sink.open--;
    },
    onMailFrom(_address, _session, callback) {
      if (sink.throttleMs) sink.throttleFrom ??= Date.now();
      if (sink.throttleFrom && Date.now() - sink.throttleFrom < sink.throttleMs) {
        sink.throttled++;
        return callback(Object.assign(new Error('Too many messages, slow down'), { responseCode: 421 }));
      }
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('nobody')) return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        sink.received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  return listenSmtp(sink.server).then((port) => Object.assign(sink, { port }));
}

describe(`SMTP: pooled, paced, throttled (${engine})`, () => {
  let t: TestContext;
  let sink: Sink;
  let appId: string;
  let parentId: string;

  beforeAll(async () => {
    sink = await startSink();
    t = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}`, SMTP_MAX_CONNECTIONS: '3' } });
    const tenant = await t.factory.tenant();
    appId = tenant.appId;
    parentId = tenant.gerant.id;
  });
  afterAll(async () => {
    await t?.close();
    if (sink) await new Promise<void>((resolve) => sink.server.close(() => resolve()));
  });

  const invitation = (to: string): BatchMessage => ({
    channel: 'email',
    appId,
    to,
    language: 'en',
    template: 'signature-invitation',
    params: {
      signerName: 'Ann Doe',
      requesterName: 'Acme',
      company: 'Acme',
      label: 'Contract',
      message: '',
      expiresOn: '2030-01-01',
      link: 'https://example.com/sign',
    },
    branding: { company: 'Acme' },
  });
  /** Queued as a campaign does: many in one transaction. */
  const queue = (messages: BatchMessage[]) => t.database.inTenant(appId, (tx) => t.server.platform.messaging.queueBatch(tx, messages));
  const rowsOf = (ids: string[]) => t.database.db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids));
  const allSent = (ids: string[]) =>
    t.waitFor(async () => {
      const [pending] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(outboxMessages)
        .where(and(inArray(outboxMessages.id, ids), ne(outboxMessages.status, 'sent')));
      return pending!.n === 0 && rowsOf(ids);
    }, 240_000);

  it('sends through at most SMTP_MAX_CONNECTIONS connections; a 421 slows it down and drops nothing', async () => {
    sink.throttleMs = 2000;
    const recipients = Array.from({ length: 300 }, (_, i) => `pool-${i}@example.com`);
    const ids = await queue(recipients.map(invitation));
    const rows = await allSent(ids);
    sink.throttleMs = 0;
    expect(sink.throttled).toBeGreaterThan(0);
    // Every message exactly once, whatever was throttled.
    for (const to of recipients)
      expect(
        sink.received.filter((r) => r === to),
        to,
      ).toHaveLength(1);
    // Throttled messages were planned again without counting a failure: sent, no error, a `deferred` line.
    const deferred = rows.filter((r) => r.attempts.some((a) => a.deferred));
    expect(deferred.length).toBeGreaterThan(0);
    expect(deferred.every((r) => r.error === null && r.attempts.every((a) => !a.error) && r.attempts.at(-1)!.deferred === undefined)).toBe(true);
    expect(deferred[0]!.attempts.find((a) => a.deferred)!.deferred).toMatch(/421|slow down/i);
    // A pool: several connections at once, never more than the setting.
    expect(sink.maxOpen).toBeGreaterThan(1);
    expect(sink.maxOpen).toBeLessThanOrEqual(3);
  }, 180_000);

  it('fails at once, with the server reason, a message the server refuses for good (5xx)', async () => {
    const [refused, accepted] = await queue([invitation('nobody@example.com'), invitation('somebody@example.com')]);
    const failed = await t.waitFor(async () => {
      const [row] = await rowsOf([refused!]);
      return row!.status === 'failed' && row;
    });
    expect(failed.error).toMatch(/550/);
    expect(failed.error).toMatch(/No such user here/);
    expect(failed.attempts).toHaveLength(1);
    expect(failed.attempts[0]!.nextAttemptAt).toBeUndefined();
    // No retry planned: once its job has finished (the row is recorded before the job's own completion, so the job
    // may still be active for a moment), nothing waits to send it again.
    const states = await t.waitFor(async () => {
      const jobs = (await t.database.db.execute(
        sql`select state from pgboss.job where name = 'send-email' and data->>'messageId' = ${refused}`,
      )) as unknown as { rows: { state: string }[] };
      const found = jobs.rows.map((job) => job.state);
      return found.length > 0 && !found.includes('active') && found;
    });
    expect(states.filter((state) => state === 'created' || state === 'retry')).toEqual([]);
    await allSent([accepted!]);
  });

  it('sends a login code before the 5,000 invitations queued ahead of it', async () => {
    const user = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId });
    const before = sink.received.length;
    const recipients = Array.from({ length: 5000 }, (_, i) => `bulk-${i}@example.com`);
    const ids = await queue(recipients.map(invitation));
    // The second-factor code of a login, queued after them (urgent: the priority lane).
    const login = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: user.email, password: 'Secret-pass1' }, headers: freshIp() });
    expect(login.statusCode, login.body).toBe(200);
    // Waiting on the sink (memory), not on the database the workers use.
    await t.waitFor(async () => sink.received.length - before >= 5001, 240_000);
    await allSent(ids);
    const code = (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, user.email)))[0]!;
    expect(code.template).toBe('second-factor-code');
    const order = sink.received.slice(before);
    const position = order.indexOf(user.email);
    expect(position).toBeGreaterThanOrEqual(0);
    // Without priority it would be the 5,001st; the lane takes it at its next poll, well ahead of the campaign.
    expect(position).toBeLessThan(2500);
    expect(order.filter((r) => r.startsWith('bulk-'))).toHaveLength(5000);
    expect(new Set(order.filter((r) => r.startsWith('bulk-'))).size).toBe(5000);
  }, 600_000);
});
