import { and, eq } from 'drizzle-orm';
import { domainEventSchemas, type DomainEvent, type DomainEventInput, type DomainEventType } from '@paraphe/contracts';
import { deferUntilCommit, type DatabaseHandle, type Tx } from '../db/client.ts';
import { domainEventReceipts, domainEvents } from '../db/schema/index.ts';
import type { Jobs } from '../jobs/boss.ts';

/**
 * Domain events through a transactional outbox. `emit` writes the event in the caller's transaction and, in the
 * same transaction, one job per subscriber (pg-boss queue `event.<subscriber>`): a rolled-back change emits
 * nothing, a committed one reaches every subscriber at least once. A subscriber either runs in a tenant
 * transaction that also records its receipt (mode 'transaction': a retried delivery after a commit finds the
 * receipt and does nothing — exactly-once effect), or manages its own transactions and is idempotent itself
 * (mode 'own', e.g. long PDF work), the receipt being recorded after it succeeds.
 *
 * A recorder is the other kind of subscriber: it runs in the caller's transaction, for facts that must commit or
 * roll back with their cause (billing's consumption rows, the dashboards' monthly counts). It runs once at the end
 * of that transaction (just before COMMIT: platform/db/client.ts deferUntilCommit) with every event the transaction
 * emitted: the monthly counters it upserts are rows every create of a tenant updates, locked from the upsert to
 * the commit, so the later the upsert the shorter the queue of concurrent creates behind it (docs/api-v1.md,
 * "Performance"). Outside inTenant / inSystem (a savepoint) it runs inside `emit` as before. It must stay short
 * (a few statements per batch of events) and idempotent on the event id, and an error in it fails the cause.
 */

export interface Subscription<T extends DomainEventType = DomainEventType> {
  /** Unique, `<module>.<purpose>`: names the queue and the receipts. */
  name: string;
  events: readonly T[];
  mode?: 'transaction' | 'own';
  retryLimit?: number;
  /** As a job's (platform/modules.ts JobSpec): the longest a batch of deliveries may stay claimed, default 120 s. */
  expireInSeconds?: number;
  /** Deliveries fetched together (default 10); 1 for a long subscriber. */
  batchSize?: number;
  /** Deliveries of a batch handled at once, each in its own transaction (default 1): for high-volume subscribers. */
  concurrency?: number;
  /** `tx` is the tenant transaction in mode 'transaction', undefined in mode 'own'. */
  handle(event: Extract<DomainEvent, { type: T }>, tx: Tx | undefined): Promise<void>;
}

/** An in-transaction subscriber (see above): gets the events of a statement together, already stored. */
export interface Recorder<T extends DomainEventType = DomainEventType> {
  /** Unique, `<module>.<purpose>`. */
  name: string;
  events: readonly T[];
  record(tx: Tx, events: readonly Extract<DomainEvent, { type: T }>[]): Promise<void>;
}

export interface EventBus {
  emit(tx: Tx, event: DomainEventInput): Promise<string>;
  /** Many events in one multi-row insert (bulk work: a campaign's copies), with the same guarantees as `emit`. */
  emitMany(tx: Tx, events: readonly DomainEventInput[]): Promise<void>;
  /** Adds a subscriber (at assembly: src/modules.ts); its queue is `eventQueueOf(name)`, worked by `deliver`. */
  subscribe(subscription: Subscription): void;
  /** Adds an in-transaction recorder (at assembly); it sees every later emission of its events. */
  addRecorder(recorder: Recorder): void;
  /** Runs one subscriber on one event (the job of its queue). */
  deliver(subscription: Subscription, eventId: string): Promise<void>;
  readonly subscriptions: readonly Subscription[];
}

export const eventQueueOf = (subscriberName: string) => `event.${subscriberName}`;

type EventRow = typeof domainEvents.$inferSelect;
const toEvent = (row: EventRow): DomainEvent =>
  ({ id: row.id, type: row.type, appId: row.appId, actorUserId: row.actorUserId, data: row.data, occurredAt: row.occurredAt.toISOString() }) as DomainEvent;

export function createEventBus(deps: { database: DatabaseHandle; jobs: Jobs; clock: () => Date }): EventBus {
  const { database, jobs } = deps;
  const subscriptions: Subscription[] = [];
  const byType = new Map<DomainEventType, Subscription[]>();
  const recorders: Recorder[] = [];

  /** Hands the stored events to the recorders that want them, one call per recorder. */
  async function runRecorders(tx: Tx, stored: DomainEvent[]) {
    for (const recorder of recorders) {
      const wanted = stored.filter((e) => recorder.events.includes(e.type));
      if (wanted.length) await recorder.record(tx, wanted as never);
    }
  }

  /** The events of each open transaction waiting for the recorders (run once, just before the commit). */
  const unrecorded = new WeakMap<Tx, DomainEvent[]>();
  async function record(tx: Tx, stored: DomainEvent[]) {
    if (!recorders.some((recorder) => stored.some((e) => recorder.events.includes(e.type)))) return;
    const waiting = unrecorded.get(tx);
    if (waiting) {
      waiting.push(...stored);
      return;
    }
    const batch = [...stored];
    const deferred = deferUntilCommit(tx, async () => {
      unrecorded.delete(tx);
      await runRecorders(tx, batch);
    });
    if (deferred) unrecorded.set(tx, batch);
    else await runRecorders(tx, stored);
  }

  async function deliver(subscription: Subscription, eventId: string): Promise<void> {
    const [row] = await database.db.select().from(domainEvents).where(eq(domainEvents.id, eventId));
    if (!row) return; // the tenant and its events were removed
    const event = toEvent(row);
    if ((subscription.mode ?? 'transaction') === 'transaction') {
      await database.inTenant(row.appId, async (tx) => {
        const [receipt] = await tx
          .insert(domainEventReceipts)
          .values({ eventId: row.id, subscriber: subscription.name, appId: row.appId })
          .onConflictDoNothing()
          .returning({ eventId: domainEventReceipts.eventId });
        if (!receipt) return; // already handled by an earlier delivery
        await subscription.handle(event as never, tx);
      });
      return;
    }
    const [done] = await database.inTenant(row.appId, (tx) =>
      tx
        .select({ eventId: domainEventReceipts.eventId })
        .from(domainEventReceipts)
        .where(and(eq(domainEventReceipts.eventId, row.id), eq(domainEventReceipts.subscriber, subscription.name))),
    );
    if (done) return;
    await subscription.handle(event as never, undefined);
    await database.inTenant(row.appId, (tx) =>
      tx.insert(domainEventReceipts).values({ eventId: row.id, subscriber: subscription.name, appId: row.appId }).onConflictDoNothing(),
    );
  }

  return {
    subscriptions,
    deliver,
    addRecorder(recorder) {
      if (recorders.some((r) => r.name === recorder.name)) throw new Error(`Two event recorders are named ${recorder.name}`);
      recorders.push(recorder);
    },
    subscribe(subscription) {
      if (subscriptions.some((s) => s.name === subscription.name)) throw new Error(`Two event subscriptions are named ${subscription.name}`);
      subscriptions.push(subscription);
      for (const type of subscription.events) byType.set(type, [...(byType.get(type) ?? []), subscription]);
    },
    async emitMany(tx, events) {
      if (!events.length) return;
      const at = deps.clock();
      // 1,000 rows per statement keeps the parameters far below PostgreSQL's 65,535.
      for (let start = 0; start < events.length; start += 1000) {
        const slice = events.slice(start, start + 1000);
        const values = slice.map((event) => ({
          appId: event.appId,
          type: event.type,
          actorUserId: event.actorUserId ?? null,
          data: domainEventSchemas[event.type].parse(event.data) as Record<string, unknown>,
          occurredAt: at,
        }));
        const rows = await tx.insert(domainEvents).values(values).returning({ id: domainEvents.id });
        for (const [i, event] of slice.entries()) {
          for (const subscription of byType.get(event.type) ?? []) await jobs.enqueue(tx, eventQueueOf(subscription.name), { eventId: rows[i]!.id });
        }
        await record(
          tx,
          values.map((v, i) => ({ ...v, id: rows[i]!.id, occurredAt: at.toISOString() }) as DomainEvent),
        );
      }
    },
    async emit(tx, event) {
      // A payload that does not match the catalogue is a programming error: fail the change, loudly, in tests.
      const data = domainEventSchemas[event.type].parse(event.data) as Record<string, unknown>;
      const occurredAt = deps.clock();
      const values = { appId: event.appId, type: event.type, actorUserId: event.actorUserId ?? null, data, occurredAt };
      const [row] = await tx.insert(domainEvents).values(values).returning({ id: domainEvents.id });
      for (const subscription of byType.get(event.type) ?? []) await jobs.enqueue(tx, eventQueueOf(subscription.name), { eventId: row!.id });
      await record(tx, [{ ...values, id: row!.id, occurredAt: occurredAt.toISOString() } as DomainEvent]);
      return row!.id;
    },
  };
}
