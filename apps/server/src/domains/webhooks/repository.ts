import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
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

/** The enabled endpoints of these tenants, with the events each asked for (the fan-out filters them). */
export const enabledEndpointsOf = (db: Executor, appIds: string[]) =>
  db
    .select({ id: webhookEndpoints.id, appId: webhookEndpoints.appId, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.appId, appIds), eq(webhookEndpoints.enabled, true)));

/** Endpoints by id, across tenants (the dispatcher, in a system transaction). */
export const endpointsByIds = (db: Executor, ids: string[]) => db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, ids));

export async function insertEndpoint(db: Executor, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function updateEndpoint(
  db: Executor,
  appId: string,
  id: string,
  changes: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<EndpointRow | undefined> {
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

/** The same without reading the rows back (the fan-out of a burst: 1,000 rows per statement). */
export async function insertDeliveriesQuietly(db: Executor, values: NewDeliveryRow[]) {
  for (let start = 0; start < values.length; start += 1000)
    await db
      .insert(webhookDeliveries)
      .values(values.slice(start, start + 1000))
      .onConflictDoNothing();
}

export interface ClaimedDelivery {
  id: string;
  appId: string;
  endpointId: string;
  messageId: string;
  requestBody: string;
  attempts: number;
  manual: boolean;
}

/**
 * Claims up to `limit` due deliveries of every tenant for `leaseSeconds` (database time) under `token`: pending,
 * due by `now` (the platform's clock, as the schedule), and not held by a live claim. SKIP LOCKED: dispatchers of
 * several processes claim disjoint batches without waiting on each other.
 */
export async function claimDueDeliveries(db: Executor, opts: { token: string; now: Date; limit: number; leaseSeconds: number }): Promise<ClaimedDelivery[]> {
  const result = (await db.execute(sql`
    update webhook_deliveries d set claim_token = ${opts.token}, claimed_until = now() + make_interval(secs => ${opts.leaseSeconds})
    from (
      select id from webhook_deliveries
      where status = 'pending' and next_attempt_at <= ${opts.now.toISOString()}::timestamptz and (claimed_until is null or claimed_until < now())
      order by next_attempt_at
      limit ${opts.limit}
      for update skip locked
    ) due
    where d.id = due.id
    returning d.id, d.app_id, d.endpoint_id, d.message_id, d.request_body, d.attempts, d.manual`)) as unknown as {
    rows: { id: string; app_id: string; endpoint_id: string; message_id: string; request_body: string; attempts: number; manual: boolean }[];
  };
  return result.rows.map((r) => ({
    id: r.id,
    appId: r.app_id,
    endpointId: r.endpoint_id,
    messageId: r.message_id,
    requestBody: r.request_body,
    attempts: r.attempts,
    manual: r.manual,
  }));
}

export interface AttemptRecord {
  id: string;
  status: DeliveryRow['status'];
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
  deliveredAt: Date | null;
  nextAttemptAt: Date | null;
}

/**
 * The outcomes of a batch in one statement, each only where the claim still holds (a replay meanwhile took the
 * row back: its new round is not overwritten); the claim is released with them.
 */
export async function recordAttempts(db: Executor, token: string, records: AttemptRecord[], at: Date) {
  if (!records.length) return;
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const values = sql.join(
    records.map(
      (r) =>
        sql`(${r.id}::uuid, ${r.status}::text, ${r.attempts}::int, ${r.responseStatus}::int, ${r.error}::text, ${r.durationMs}::int, ${iso(r.deliveredAt)}::timestamptz, ${iso(r.nextAttemptAt)}::timestamptz)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update webhook_deliveries d set status = v.status, attempts = v.attempts, response_status = v.response_status, error = v.error,
      duration_ms = v.duration_ms, delivered_at = v.delivered_at, next_attempt_at = v.next_attempt_at, updated_at = ${at.toISOString()}::timestamptz,
      claim_token = null, claimed_until = null
    from (values ${values}) as v(id, status, attempts, response_status, error, duration_ms, delivered_at, next_attempt_at)
    where d.id = v.id and d.claim_token = ${token}`);
}

/** Gives back claimed rows that were not attempted (the claim's time ran short): due again at once. */
export async function releaseClaims(db: Executor, token: string, ids: string[]) {
  if (!ids.length) return;
  await db
    .update(webhookDeliveries)
    .set({ claimToken: null, claimedUntil: null })
    .where(and(inArray(webhookDeliveries.id, ids), eq(webhookDeliveries.claimToken, token)));
}

/**
 * Seconds until a pending delivery is next due, by the schedule (platform clock) or by the end of a claim
 * (database time, a crashed process's rows); null when none is pending.
 */
export async function secondsUntilNextDue(db: Executor, now: Date): Promise<number | null> {
  const result = (await db.execute(sql`
    select least(
      (select extract(epoch from next_attempt_at - ${now.toISOString()}::timestamptz) from webhook_deliveries
        where status = 'pending' and (claimed_until is null or claimed_until < now()) order by next_attempt_at limit 1),
      (select extract(epoch from min(claimed_until) - now()) from webhook_deliveries where status = 'pending' and claimed_until >= now())
    )::float8 as seconds`)) as unknown as { rows: { seconds: number | null }[] };
  const seconds = result.rows[0]?.seconds;
  return seconds === null || seconds === undefined ? null : Number(seconds);
}

export async function findDelivery(db: Executor, appId: string, endpointId: string, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.appId, appId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)));
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
export function listDeliveries(
  db: Executor,
  appId: string,
  endpointId: string,
  opts: { limit: number; before?: { createdAt: Date; id: string }; status?: DeliveryRow['status'] },
) {
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

/**
 * The endpoint's health after a batch's attempts: a success clears the failures, failures count (atomically:
 * several dispatchers may record at once).
 */
export async function recordEndpointOutcome(db: Executor, appId: string, id: string, outcome: { ok: boolean; at: Date; failures?: number }) {
  await db
    .update(webhookEndpoints)
    .set(
      outcome.ok
        ? { failingSince: null, consecutiveFailures: 0 }
        : {
            failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${outcome.at.toISOString()}::timestamptz)`,
            consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + ${outcome.failures ?? 1}`,
          },
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
