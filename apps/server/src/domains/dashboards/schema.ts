import { bigint, date, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { ActivityMetric, ActivitySource } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { tenantPolicy, tstz } from '../../platform/db/schema/common.ts';

/**
 * The dashboards' activity figures (docs/dashboards.md): one row per tenant, UTC month, request owner, source and
 * metric, moved by the `dashboards.activity` recorder in the transaction of the event (a receipt per event makes a
 * replay count nothing). The home sums a tenant's (or a team's) rows of 12 months; the super dashboard ranks
 * tenants by one month's metric. A null owner (deleted user, or none) is one group: nulls are equal in the key.
 */
export const activityMonthly = pgTable(
  'activity_monthly',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => applications.id),
    /** First day of the UTC month. */
    month: date('month', { mode: 'string' }).notNull(),
    userId: uuid('user_id'),
    source: text('source').$type<ActivitySource>().notNull(),
    metric: text('metric').$type<ActivityMetric>().notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    unique('activity_monthly_key').on(t.appId, t.month, t.userId, t.source, t.metric).nullsNotDistinct(),
    // Tenants by activity (super dashboard): one month's metric across tenants.
    index('activity_monthly_month_metric_idx').on(t.month, t.metric, t.appId),
    tenantPolicy('activity_monthly'),
  ],
).enableRLS();

/**
 * One-off rebuilds of the figures from the stored events (platform table, no tenant): the migration that creates
 * a figure inserts its row, the server runs it once at start (in the background) and stamps `finished_at`.
 */
export const dashboardBackfills = pgTable('dashboard_backfills', {
  name: text('name').primaryKey(),
  finishedAt: tstz('finished_at'),
});
