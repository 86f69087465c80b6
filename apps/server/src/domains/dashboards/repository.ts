import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { ActivityMetric, DomainEvent } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { domainEventReceipts, domainEvents } from '../../platform/db/schema/index.ts';
import { activityMonthly, dashboardBackfills } from './schema.ts';

/** Every tenant query takes the tenant (`app_id` in the WHERE); RLS is the second wall. */

/** Writes the receipts of these events for `subscriber`; returns the ids that had none (the ones to count). */
export async function receiptsOf(db: Executor, subscriber: string, events: readonly Pick<DomainEvent, 'id' | 'appId'>[]): Promise<string[]> {
  if (!events.length) return [];
  const rows = await db
    .insert(domainEventReceipts)
    .values(events.map((e) => ({ eventId: e.id, subscriber, appId: e.appId })))
    .onConflictDoNothing()
    .returning({ eventId: domainEventReceipts.eventId });
  return rows.map((r) => r.eventId);
}

/** Adds to the monthly activity (one statement; the deltas have distinct keys). */
export function addActivity(db: Executor, deltas: readonly (typeof activityMonthly.$inferInsert)[]) {
  return db
    .insert(activityMonthly)
    .values([...deltas])
    .onConflictDoUpdate({
      target: [activityMonthly.appId, activityMonthly.month, activityMonthly.userId, activityMonthly.source, activityMonthly.metric],
      set: { count: sql`${activityMonthly.count} + excluded.count` },
    });
}

/**
 * A tenant's activity per month and metric from `from` to `to` (first days), summed over its users or over
 * `userIds` only (a team): a few rows per user and month.
 */
export async function activityByMonth(
  db: Executor,
  appId: string,
  from: string,
  to: string,
  userIds?: readonly string[],
): Promise<{ month: string; metric: ActivityMetric; count: number }[]> {
  return db
    .select({ month: activityMonthly.month, metric: activityMonthly.metric, count: sql<number>`sum(${activityMonthly.count})::bigint`.mapWith(Number) })
    .from(activityMonthly)
    .where(
      and(
        eq(activityMonthly.appId, appId),
        gte(activityMonthly.month, from),
        lte(activityMonthly.month, to),
        userIds ? inArray(activityMonthly.userId, [...userIds]) : undefined,
      ),
    )
    .groupBy(activityMonthly.month, activityMonthly.metric)
    .orderBy(asc(activityMonthly.month));
}

/** The tenants with the most of `metric` in `month` (index `activity_monthly_month_metric_idx`), and how many have any. */
export async function tenantsByMetric(
  db: Executor,
  month: string,
  metric: ActivityMetric,
  limit: number,
): Promise<{ top: { appId: string; count: number }[]; tenants: number }> {
  const perTenant = db
    .select({ appId: activityMonthly.appId, count: sql<number>`sum(${activityMonthly.count})`.as('count') })
    .from(activityMonthly)
    .where(and(eq(activityMonthly.month, month), eq(activityMonthly.metric, metric)))
    .groupBy(activityMonthly.appId)
    .as('per_tenant');
  const top = await db
    .select({ appId: perTenant.appId, count: sql<number>`${perTenant.count}::bigint`.mapWith(Number) })
    .from(perTenant)
    .where(gt(perTenant.count, 0))
    .orderBy(desc(perTenant.count), asc(perTenant.appId))
    .limit(limit);
  const [all] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(perTenant)
    .where(gt(perTenant.count, 0));
  return { top, tenants: all?.n ?? 0 };
}

/** One metric of these tenants in `month`. */
export async function metricOfTenants(db: Executor, month: string, metric: ActivityMetric, appIds: readonly string[]): Promise<Map<string, number>> {
  if (!appIds.length) return new Map();
  const rows = await db
    .select({ appId: activityMonthly.appId, count: sql<number>`sum(${activityMonthly.count})::bigint`.mapWith(Number) })
    .from(activityMonthly)
    .where(and(eq(activityMonthly.month, month), eq(activityMonthly.metric, metric), inArray(activityMonthly.appId, [...appIds])))
    .groupBy(activityMonthly.appId);
  return new Map(rows.map((r) => [r.appId, r.count]));
}

// ----- Backfill -----

export async function pendingBackfill(db: Executor, name: string): Promise<boolean> {
  const [row] = await db
    .select()
    .from(dashboardBackfills)
    .where(and(eq(dashboardBackfills.name, name), isNull(dashboardBackfills.finishedAt)));
  return Boolean(row);
}

export async function finishBackfill(db: Executor, name: string, at: Date): Promise<void> {
  await db.update(dashboardBackfills).set({ finishedAt: at }).where(eq(dashboardBackfills.name, name));
}

/** Stored events of these types after `afterId` in id order (keyset paging over the primary key), every tenant. */
export async function eventsAfter(db: Executor, types: readonly string[], afterId: string | null, limit: number): Promise<DomainEvent[]> {
  const rows = await db
    .select()
    .from(domainEvents)
    .where(and(inArray(domainEvents.type, [...types]), afterId ? gt(domainEvents.id, afterId) : undefined))
    .orderBy(asc(domainEvents.id))
    .limit(limit);
  return rows.map(
    (r) => ({ id: r.id, type: r.type, appId: r.appId, actorUserId: r.actorUserId, data: r.data, occurredAt: r.occurredAt.toISOString() }) as DomainEvent,
  );
}

// ----- Background processes (pg-boss) -----

export interface QueueFigures {
  queue: string;
  running: number;
  completed: number;
  failed: number;
}

/**
 * Per queue: jobs waiting or working now (created, retry, active), completed and failed since `since`. Each
 * queue's jobs are read through the job table's primary key (name, id); these queues hold few jobs (one per
 * dispatch batch, import, archive), kept for pg-boss's retention only.
 */
export async function queueFigures(db: Executor, queues: readonly string[], since: Date): Promise<QueueFigures[]> {
  const result = await db.execute<{ queue: string; running: number; completed: number; failed: number }>(sql`
    select name as queue,
      count(*) filter (where state in ('created', 'retry', 'active'))::int as running,
      count(*) filter (where state = 'completed' and completed_on >= ${since})::int as completed,
      count(*) filter (where state = 'failed' and completed_on >= ${since})::int as failed
    from pgboss.job where name in (${sql.join(
      queues.map((q) => sql`${q}`),
      sql`, `,
    )})
    group by name`);
  return (result as unknown as { rows: QueueFigures[] }).rows;
}

/** The latest failed jobs of these queues since `since`: their tenant (`data.appId`) and error message. */
export async function latestFailures(
  db: Executor,
  queues: readonly string[],
  since: Date,
  limit: number,
): Promise<{ queue: string; appId: string | null; failedAt: Date; message: string | null }[]> {
  const result = await db.execute<{ queue: string; app_id: string | null; failed_at: string | Date; message: string | null }>(sql`
    select name as queue, data->>'appId' as app_id, completed_on as failed_at, output->>'message' as message
    from pgboss.job where name in (${sql.join(
      queues.map((q) => sql`${q}`),
      sql`, `,
    )}) and state = 'failed' and completed_on >= ${since}
    order by completed_on desc limit ${limit}`);
  return (result as unknown as { rows: { queue: string; app_id: string | null; failed_at: string | Date; message: string | null }[] }).rows.map((r) => ({
    queue: r.queue,
    appId: r.app_id && /^[0-9a-f-]{36}$/i.test(r.app_id) ? r.app_id : null,
    failedAt: new Date(r.failed_at),
    message: r.message,
  }));
}
