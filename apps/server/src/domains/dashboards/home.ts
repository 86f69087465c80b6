import {
  activityMetrics,
  seesAllUsers,
  type ActivityCounts,
  type ActivityMetric,
  type BulkProgress,
  type HomeDashboard,
  type Permission,
} from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import { consumptionReport } from '../billing/index.ts';
import { campaignOverview } from '../campaigns/index.ts';
import { operationOverview } from '../operations/index.ts';
import { descendantIds } from '../users/index.ts';
import { monthOf, monthsEnding } from './months.ts';
import * as repo from './repository.ts';

interface Options {
  platform: Platform;
  actor: Actor;
  /** Whether the caller may open a list: the permission and the tenant's feature behind it (the guard's rule). */
  mayRead: (permission: Permission) => boolean;
}

const latestCount = 6;
/** Campaigns, mailings and operations together, newest created first (the id breaks ties, as each list does). */
export const newestFirst = (lists: readonly (readonly BulkProgress[])[]): BulkProgress[] =>
  lists
    .flat()
    .sort((x, y) => y.createdAt.localeCompare(x.createdAt) || y.id.localeCompare(x.id))
    .slice(0, latestCount);

const zero = (): ActivityCounts => Object.fromEntries(activityMetrics.map((m) => [m, 0])) as ActivityCounts;

/** Rows (month, metric, count) into one complete counts record per month of `months`. */
export function countsPerMonth(
  months: readonly string[],
  rows: readonly { month: string; metric: ActivityMetric; count: number }[],
): { month: string; counts: ActivityCounts }[] {
  const byMonth = new Map(months.map((m) => [m, zero()]));
  for (const row of rows) {
    const counts = byMonth.get(row.month.slice(0, 7));
    if (counts) counts[row.metric] += row.count;
  }
  return months.map((month) => ({ month, counts: byMonth.get(month)! }));
}

/**
 * The home dashboard (spec §2; docs/dashboards.md). Activity is the caller's team (themselves and their
 * descendants) unless they see every user (GERANT, COMPTABLE): what the requests list shows them. Consumption is
 * the tenant's, for those who may open the consumption screen (`billing.read`). Campaigns and operations as their
 * lists scope them, for those their lists let in (permission and the tenant's feature).
 */
export async function homeDashboard(opts: Options): Promise<HomeDashboard> {
  const { platform, actor } = opts;
  const now = platform.clock();
  const month = monthOf(now);
  const months = monthsEnding(month, 12);
  const team = !seesAllUsers(actor.profile);
  const figures = await platform.database.inTenant(actor.appId, async (tx) => {
    const userIds = team ? [actor.userId, ...(await descendantIds(tx, actor.appId, actor.userId))] : undefined;
    const rows = await repo.activityByMonth(tx, actor.appId, `${months[0]}-01`, `${month}-01`, userIds);
    const campaigns = opts.mayRead('campaigns.read') ? await campaignOverview(tx, actor, now) : { campaign: null, mailing: null, latest: [] };
    const operations = opts.mayRead('operations.read') ? await operationOverview(tx, actor) : { operation: null, latest: [] };
    return { rows, campaigns, operations };
  });
  const series = countsPerMonth(months, figures.rows);
  const report = actor.permissions.has('billing.read') ? await consumptionReport({ platform, actor, query: { from: months[0]!, to: month } }) : null;
  return {
    month,
    scope: team ? 'team' : 'tenant',
    thisMonth: series.at(-1)!.counts,
    months: series,
    consumption: report && {
      months: report.months.map((m) => ({ month: m.month, quantity: m.lines.reduce((n, l) => n + l.quantity, 0), netCents: m.netCents })),
    },
    current: { campaign: figures.campaigns.campaign, mailing: figures.campaigns.mailing, operation: figures.operations.operation },
    latest: newestFirst([figures.campaigns.latest, figures.operations.latest]),
  };
}
