import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { WebhookEventType } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { webhookDeliveries, webhookEndpoints } from './schema.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewDeliveryRow = typeof webhookDeliveries.$inferInsert;

// Every query names its tenant (RLS is the second wall, not the first).

export const listEndpoints = (db: Executor, appId: string) =>
  db.select().from(webhookEndpoints).where(eq(webhookEndpoints.appId, appId)).orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);

export async function findEndpoint(db: Executor, appId: string, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.appId, appId), eq(webhookEndpoints.id, id)));
  return row;
}

/** The enabled endpoints of a tenant that asked for this event. */
export const endpointsListening = (db: Executor, appId: string, type: WebhookEventType) =>
  db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.appId, appId), eq(webhookEndpoints.enabled, true), sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`));

export async function insertEndpoint(db: Executor, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function updateEndpoint(db: Executor, appId: string, id: string, changes: Partial<typeof webhookEndpoints.$inferInsert>): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set(changes)
    .where(and(eq(webhookEndpoints.appId, appId), eq(webhookEndpoints.id, id)))
    .returning();
  return row;
}

export async function deleteEndpoint(db: Executor, appId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.appId, appId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** New deliveries; one already there for the same (endpoint, message) is left alone (a repeated event). */
export const insertDeliveries = (db: Executor, values: NewDeliveryRow[]) =>
  values.length ? db.insert(webhookDeliveries).values(values).onConflictDoNothing().returning() : Promise.resolve([] as DeliveryRow[]);

export async function findDelivery(db: Executor, appId: string, endpointId: string, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.appId, appId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)));
  return row;
}

/** A delivery and its endpoint, for the delivery job. */
export async function findDeliveryWithEndpoint(db: Executor, appId: string, id: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.appId, appId), eq(webhookDeliveries.id, id)));
  return row;
}

export async function updateDelivery(db: Executor, appId: string, id: string, changes: Partial<NewDeliveryRow>): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set(changes)
    .where(and(eq(webhookDeliveries.appId, appId), eq(webhookDeliveries.id, id)))
    .returning();
  return row;
}

/** The log of one endpoint, newest first, after the keyset position `before` (exclusive). */
export function listDeliveries(db: Executor, appId: string, endpointId: string, opts: { limit: number; before?: { createdAt: Date; id: string }; status?: DeliveryRow['status'] }) {
  const { before } = opts;
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.appId, appId),
        eq(webhookDeliveries.endpointId, endpointId),
        opts.status ? eq(webhookDeliveries.status, opts.status) : undefined,
        before
          ? or(lt(webhookDeliveries.createdAt, before.createdAt), and(eq(webhookDeliveries.createdAt, before.createdAt), lt(webhookDeliveries.id, before.id)))
          : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(opts.limit);
}

/** The endpoint's health after an attempt: a success clears the failures, a failure counts (atomically: deliveries run in parallel). */
export async function recordEndpointOutcome(db: Executor, appId: string, id: string, outcome: { ok: boolean; at: Date }) {
  await db
    .update(webhookEndpoints)
    .set(
      outcome.ok
        ? { failingSince: null, consecutiveFailures: 0 }
        : { failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${outcome.at.toISOString()}::timestamptz)`, consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` },
    )
    .where(
      and(
        eq(webhookEndpoints.appId, appId),
        eq(webhookEndpoints.id, id),
        // A healthy endpoint's success writes nothing: thousands of parallel deliveries would queue on its row lock.
        outcome.ok ? or(sql`${webhookEndpoints.failingSince} is not null`, sql`${webhookEndpoints.consecutiveFailures} <> 0`) : undefined,
      ),
    );
}

/** Switches the endpoint off when it has been failing since `failingBefore` or earlier; the row when it did. */
export async function disableIfFailingSince(db: Executor, appId: string, id: string, failingBefore: Date, at: Date) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: 'failing', updatedAt: at })
    .where(
      and(
        eq(webhookEndpoints.appId, appId),
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.failingSince} <= ${failingBefore.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row;
}
