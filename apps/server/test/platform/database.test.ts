import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { outboxMessages } from '../../src/platform/db/schema/index.ts';
import { sessions } from '../../src/domains/auth/schema.ts';
import { users } from '../../src/domains/users/schema.ts';
import { sendEmailQueue } from '../../src/platform/messaging/service.ts';
import type { MailMessage, MailTransport } from '../../src/platform/messaging/transports.ts';
import { deferUntilCommit, memoOf } from '../../src/platform/db/client.ts';
import { addCountsAtCommit, type CounterRows } from '../../src/platform/db/counters.ts';
import { activityMonthly } from '../../src/domains/dashboards/schema.ts';
import { addActivity } from '../../src/domains/dashboards/repository.ts';
import { applicationById, changeApplication } from '../../src/domains/tenants/index.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';

/** Records deliveries instead of sending them. */
function recordingTransport(): MailTransport & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { kind: 'smtp', sent, send: async (m) => void sent.push(m), verify: async () => undefined, close: () => undefined };
}

describe(`jobs, transactions and row-level security (${engine})`, () => {
  let t: TestContext;
  let transport: ReturnType<typeof recordingTransport>;
  let appA: string, appB: string;
  let gerantA: TestClient;
  let userB: { id: string; email: string };

  beforeAll(async () => {
    transport = recordingTransport();
    t = await createTestContext({ mailTransport: transport });
    const a = await t.factory.tenant({ doubleAuth: false });
    const b = await t.factory.tenant({ doubleAuth: false });
    appA = a.appId;
    appB = b.appId;
    await t.factory.user(appA, { profile: 'MANAGER', parentId: a.gerant.id });
    userB = await t.factory.user(appB, { profile: 'COMMERCIAL', parentId: b.gerant.id });
    gerantA = await t.login(a.gerant.email);
  });
  afterAll(async () => t?.close());

  const outboxCount = async () => (await t.database.db.select({ n: count() }).from(outboxMessages))[0]!.n;
  const branding = { company: 'Test' };

  it('drops the outbox row and the job when the business transaction fails', async () => {
    const [mails, jobs] = [await outboxCount(), await t.jobCount(sendEmailQueue)];
    const duplicate = await gerantA.call('POST', '/api/Users', 'user', { firstName: 'Dup', lastName: 'Licate', email: userB.email, profile: 'COMMERCIAL' });
    expect(duplicate.statusCode).toBe(409);
    expect([await outboxCount(), await t.jobCount(sendEmailQueue)]).toEqual([mails, jobs]);

    // A failure after the mail was queued, in a tenant transaction and in a system one.
    const queueThenFail = async (run: (fn: (tx: Parameters<Parameters<typeof t.database.inSystem>[0]>[0]) => Promise<void>) => Promise<void>) => {
      await expect(
        run(async (tx) => {
          await t.server.platform.messaging.queueEmail(tx, {
            appId: appA,
            to: 'rolled-back@example.com',
            template: 'reset-password',
            language: 'en',
            params: { firstName: 'Roll', link: 'https://example.com/x' },
            branding,
          });
          expect((await tx.select({ n: count() }).from(outboxMessages).where(eq(outboxMessages.to, 'rolled-back@example.com')))[0]!.n).toBe(1);
          throw new Error('business rule broken');
        }),
      ).rejects.toThrow('business rule broken');
    };
    await queueThenFail((fn) => t.database.inTenant(appA, fn));
    await queueThenFail((fn) => t.database.inSystem(fn));
    expect([await outboxCount(), await t.jobCount(sendEmailQueue)]).toEqual([mails, jobs]);
  });

  it('delivers a message once even when its job runs twice', async () => {
    const to = `once-${Date.now().toString(36)}@example.com`;
    const messageId = await t.database.inTenant(appA, (tx) =>
      t.server.platform.messaging.queueEmail(tx, {
        appId: appA,
        to,
        template: 'reset-password',
        language: 'fr',
        params: { firstName: 'Once', link: 'https://example.com/once' },
        branding,
      }),
    );
    await t.waitFor(async () => transport.sent.some((m) => m.to === to));
    const boss = t.server.platform.jobs.boss;
    const again = (await boss.send(sendEmailQueue, { messageId }))!;
    await t.waitFor(async () => (await boss.getJobById(sendEmailQueue, again))?.state === 'completed');
    expect(transport.sent.filter((m) => m.to === to)).toHaveLength(1);
    const [row] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, messageId));
    expect(row).toMatchObject({ status: 'sent' });
    expect(row!.attempts).toHaveLength(1);
  });

  it('limits a tenant transaction to its own rows (RLS), whatever the query says', async () => {
    const visible = await t.database.inTenant(appA, (tx) => tx.select().from(users));
    expect(visible.length).toBeGreaterThan(0);
    expect(new Set(visible.map((u) => u.appId))).toEqual(new Set([appA]));
    const all = await t.database.inSystem((tx) => tx.select().from(users));
    expect(all.some((u) => u.appId === appB)).toBe(true);

    expect(await t.database.inTenant(appA, (tx) => tx.select().from(users).where(eq(users.id, userB.id)))).toEqual([]);
    const updated = await t.database.inTenant(appA, (tx) => tx.update(users).set({ firstName: 'Hacked' }).where(eq(users.id, userB.id)).returning());
    expect(updated).toEqual([]);
    const deleted = await t.database.inTenant(appA, (tx) => tx.delete(sessions).where(eq(sessions.appId, appB)).returning());
    expect(deleted).toEqual([]);
    expect((await t.database.inSystem((tx) => tx.select().from(users).where(eq(users.id, userB.id))))[0]!.firstName).not.toBe('Hacked');
  });

  it('refuses to write a row of another tenant from a tenant transaction', async () => {
    const before = await t.snapshot();
    await expect(
      t.database.inTenant(appA, (tx) =>
        tx.insert(users).values({ appId: appB, email: 'intruder@example.com', firstName: 'In', lastName: 'Truder', profile: 'GERANT' }),
      ),
    ).rejects.toThrow();
    await expect(t.database.inTenant(appA, (tx) => tx.update(users).set({ appId: appB }).where(eq(users.appId, appA)))).rejects.toThrow();
    // Platform messages (no tenant) cannot be written from a tenant either.
    await expect(
      t.database.inTenant(appA, (tx) =>
        tx.insert(outboxMessages).values({ appId: null, channel: 'email', to: 'x@example.com', text: 'x', template: 'reset-password', language: 'en' }),
      ),
    ).rejects.toThrow();
    expect(await t.snapshot()).toBe(before);
    // And the role is back to normal after the transaction.
    const role = (await t.database.db.execute(sql`select current_user as u`)) as unknown as { rows: { u: string }[] };
    expect(role.rows[0]!.u).not.toBe('app_user');
  });

  it('runs deferred work at the end of the transaction, the `last` work after the rest; its error rolls everything back', async () => {
    const steps: string[] = [];
    const mark = (to: string) => t.database.db.select({ n: count() }).from(outboxMessages).where(eq(outboxMessages.to, to));
    const queue = (tx: Parameters<Parameters<typeof t.database.inSystem>[0]>[0], to: string) =>
      t.server.platform.messaging.queueEmail(tx, {
        appId: appA,
        to,
        template: 'reset-password',
        language: 'en',
        params: { firstName: 'D', link: 'https://example.com/x' },
        branding,
      });

    await t.database.inTenant(appA, async (tx) => {
      expect(deferUntilCommit(tx, async () => void steps.push('last'), 'last')).toBe(true);
      expect(
        deferUntilCommit(tx, async () => {
          steps.push('work');
          // Work queued by work runs too, before the `last` work.
          deferUntilCommit(tx, async () => void steps.push('work queued by work'));
          await queue(tx, 'deferred@example.com');
        }),
      ).toBe(true);
      steps.push('body');
      // A savepoint is not the transaction inTenant opened: its caller does the work at once.
      await tx.transaction(async (savepoint) => expect(deferUntilCommit(savepoint, async () => undefined)).toBe(false));
    });
    expect(steps).toEqual(['body', 'work', 'work queued by work', 'last']);
    expect((await mark('deferred@example.com'))[0]!.n).toBe(1);

    await expect(
      t.database.inTenant(appA, async (tx) => {
        await queue(tx, 'deferred-then-failed@example.com');
        deferUntilCommit(
          tx,
          async () => {
            throw new Error('deferred work failed');
          },
          'last',
        );
      }),
    ).rejects.toThrow('deferred work failed');
    expect((await mark('deferred-then-failed@example.com'))[0]!.n).toBe(0);

    // Once the transaction is over, nothing can be deferred to it any more.
    let finished: Parameters<Parameters<typeof t.database.inSystem>[0]>[0] | undefined;
    await t.database.inSystem(async (tx) => void (finished = tx));
    expect(deferUntilCommit(finished!, async () => undefined)).toBe(false);
  });

  it('sums hot counters per row over the whole transaction and writes them in one statement before COMMIT, or not at all', async () => {
    type Delta = typeof activityMonthly.$inferInsert & { count: number };
    const statements: string[] = [];
    const counters = (tx: Parameters<Parameters<typeof t.database.inTenant>[1]>[0], name: string): CounterRows<Delta> => ({
      name,
      keyOf: (d) => `${d.month}|${d.metric}`,
      add: (into, more) => void (into.count += more.count),
      upsert: (rows) => {
        statements.push(`${name}: ${rows.map((r) => `${r.metric}+${r.count}`).join(' ')}`);
        return addActivity(tx, rows);
      },
    });
    const delta = (metric: 'requests_sent' | 'signers_signed', count: number): Delta => ({
      appId: appA,
      month: '2031-01-01',
      userId: null,
      source: 'single',
      metric,
      count,
    });
    const countOf = async (metric: 'requests_sent' | 'signers_signed') =>
      (
        await t.database.inTenant(appA, (tx) =>
          tx
            .select({ count: activityMonthly.count })
            .from(activityMonthly)
            .where(and(eq(activityMonthly.month, '2031-01-01'), eq(activityMonthly.metric, metric))),
        )
      )[0]?.count ?? 0;

    await t.database.inTenant(appA, async (tx) => {
      await addCountsAtCommit(tx, counters(tx, 'b-second'), [delta('signers_signed', 1)]);
      await addCountsAtCommit(tx, counters(tx, 'a-first'), [delta('requests_sent', 2), delta('requests_sent', 1)]);
      await addCountsAtCommit(tx, counters(tx, 'b-second'), [delta('signers_signed', 4)]);
      // Nothing written before the transaction's end; then one upsert per kind of counter, in name order.
      expect(statements).toEqual([]);
    });
    expect(statements).toEqual(['a-first: requests_sent+3', 'b-second: signers_signed+5']);
    expect([await countOf('requests_sent'), await countOf('signers_signed')]).toEqual([3, 5]);

    await expect(
      t.database.inTenant(appA, async (tx) => {
        await addCountsAtCommit(tx, counters(tx, 'a-first'), [delta('requests_sent', 10)]);
        deferUntilCommit(tx, async () => {
          throw new Error('failed before commit');
        });
      }),
    ).rejects.toThrow('failed before commit');
    expect(await countOf('requests_sent')).toBe(3);
  });

  it('reads the tenant once per transaction and forgets it when the transaction changes it', async () => {
    await t.database.inTenant(appA, async (tx) => {
      const first = await applicationById(tx, appA);
      expect(await applicationById(tx, appA)).toBe(first);
      await changeApplication(tx, appA, { company: 'Renamed in the transaction' });
      expect((await applicationById(tx, appA))!.company).toBe('Renamed in the transaction');
      await changeApplication(tx, appA, { company: first!.company });
    });
    // Not kept beyond the transaction, nor outside one.
    expect(memoOf(t.database.db)).toBeUndefined();
  });
});
