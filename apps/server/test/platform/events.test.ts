import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { DomainEventOf } from '@paraphe/contracts';
import { audit } from '../../src/platform/audit.ts';
import { auditEvents, domainEventReceipts, domainEvents } from '../../src/platform/db/schema/index.ts';
import { eventQueueOf } from '../../src/platform/events/bus.ts';
import { defineModule, defineSubscription } from '../../src/platform/modules.ts';
import { modules } from '../../src/modules.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { tenantWithGerant } from '../support/signatures.ts';

/**
 * Domain events are a transactional outbox: written with the change, delivered to each subscriber through the
 * job system, at least once, with an exactly-once effect for transactional subscribers.
 */
const calls = { flaky: 0, own: 0 };
const flaky = defineSubscription({
  name: 'test.flaky-audit',
  events: ['user.created'],
  retryLimit: 3,
  async handle(event: DomainEventOf<'user.created'>, tx) {
    calls.flaky++;
    // The effect is written first, then the first attempt fails: its transaction (effect included) rolls back.
    await audit(tx!, { appId: event.appId, actorUserId: null, action: 'test.effect', targetType: 'user', targetId: event.data.userId });
    if (calls.flaky === 1) throw new Error('first delivery fails');
  },
});
const own = defineSubscription({
  name: 'test.own',
  events: ['user.created'],
  mode: 'own',
  async handle() {
    calls.own++;
  },
});
const testModule = defineModule({ name: 'test-events', subscriptions: () => [flaky, own] });

describe(`domain events (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  beforeAll(async () => {
    t = await createTestContext({ modules: [...modules, testModule] });
    gerant = (await tenantWithGerant(t)).client;
  });
  afterAll(async () => t?.close());

  const eventsOfType = async (type: string) => t.database.db.select().from(domainEvents).where(eq(domainEvents.type, type));
  const effects = async (userId: string) =>
    (
      await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'test.effect'), eq(auditEvents.targetId, userId)))
    ).length;

  it('writes nothing when the change rolls back: no event row, no job', async () => {
    const before = { events: (await eventsOfType('user.created')).length, jobs: await t.jobCount(eventQueueOf('test.own')) };
    await expect(
      t.database.inTenant(gerant.appId, async (tx) => {
        await t.server.platform.events.emit(tx, {
          type: 'user.created',
          appId: gerant.appId,
          data: { userId: gerant.userId, profile: 'GERANT', parentId: null },
        });
        throw new Error('the change fails after emitting');
      }),
    ).rejects.toThrow('the change fails after emitting');
    expect((await eventsOfType('user.created')).length).toBe(before.events);
    expect(await t.jobCount(eventQueueOf('test.own'))).toBe(before.jobs);
  });

  it('refuses an event whose data does not match the catalogue', async () => {
    await expect(
      t.database.inTenant(gerant.appId, (tx) =>
        t.server.platform.events.emit(tx, { type: 'user.created', appId: gerant.appId, data: { userId: 'not-a-uuid' } } as never),
      ),
    ).rejects.toThrow();
  });

  it('delivers a committed change to every subscriber; a failing handler is retried without doubling its effect', async () => {
    const created = await gerant.call('POST', '/api/Users', 'user', {
      firstName: 'Eve',
      lastName: 'Events',
      email: 'eve.events@example.com',
      profile: 'COMMERCIAL',
    });
    expect(created.statusCode).toBe(201);
    const userId = created.json().data.id as string;
    const [event] = (await eventsOfType('user.created')).filter((e) => e.data.userId === userId);
    expect(event).toMatchObject({ appId: gerant.appId, actorUserId: gerant.userId, data: { userId, profile: 'COMMERCIAL' } });

    // The first delivery failed and rolled back; the retry (pg-boss backoff) applied the effect once.
    await t.waitFor(async () => (await effects(userId)) === 1, 40_000);
    await t.waitFor(async () => calls.own >= 1, 10_000);
    expect(calls.flaky).toBe(2);
    const receipts = await t.database.db.select().from(domainEventReceipts).where(eq(domainEventReceipts.eventId, event!.id));
    expect(receipts.map((r) => r.subscriber).sort()).toEqual(['test.flaky-audit', 'test.own']);

    // A delivery that comes again (a job run twice after a crash) changes nothing.
    await t.server.platform.events.deliver(flaky, event!.id);
    await t.server.platform.events.deliver(own, event!.id);
    expect(await effects(userId)).toBe(1);
    expect(calls).toEqual({ flaky: 2, own: 1 });
  }, 60_000);

  it('keeps events from other tenants out of a tenant transaction, and events cannot be rewritten', async () => {
    const other = await tenantWithGerant(t);
    const visible = await t.database.inTenant(other.appId, (tx) => tx.select({ appId: domainEvents.appId }).from(domainEvents));
    expect(visible.every((e) => e.appId === other.appId)).toBe(true);
    await expect(t.database.inTenant(gerant.appId, (tx) => tx.execute(sql`update domain_events set type = 'x'`))).rejects.toThrow();
  });
});
