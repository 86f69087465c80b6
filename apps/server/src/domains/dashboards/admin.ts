import type { AdminLive, AdminOverview, ProcessType } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import { billedConsumptionByMonth } from '../billing/index.ts';
import { sweepOutlook } from '../signatures/index.ts';
import { companiesAndPacks } from '../tenants/index.ts';
import { dayStart, monthOf, monthsEnding } from './months.ts';
import * as repo from './repository.ts';

/**
 * The product administrator's super dashboard (spec §2 `dashboardAdmin`, §9; docs/dashboards.md), across tenants.
 * Live part (refreshed every few seconds): background processes and the days ahead of the sweep. Overview: tenants
 * by activity and billed consumption.
 */

/** A "process" is a job of one of these queues (their modules declare them): long work a user started and waits for. */
export const processQueues: Record<ProcessType, readonly string[]> = {
  campaign_dispatch: ['campaign-dispatch'],
  mail_merge_batch: ['merge-batch'],
  operation_dispatch: ['operation-dispatch'],
  contact_import: ['contact-import'],
  // An operation's orders are imported in the request itself (no queue): only campaigns' signatory import is a job.
  campaign_import: ['campaign-import'],
  archive: ['signature-archive', 'campaign-archive', 'operation-archive'],
};
const typeOfQueue = new Map(Object.entries(processQueues).flatMap(([type, queues]) => queues.map((q) => [q, type as ProcessType])));
const allQueues = [...typeOfQueue.keys()];
const dayMs = 86_400_000;
/** Spec §9: the live view shows D, D-1 and D-7 — what falls due today, in one day and in seven. */
const reminderDays = [0, 1, 7] as const;

export async function adminLive(opts: { platform: Platform }): Promise<AdminLive> {
  const { platform } = opts;
  const now = platform.clock();
  const since = new Date(now.getTime() - dayMs);
  return platform.database.inSystem(async (tx) => {
    const figures = await repo.queueFigures(tx, allQueues, since);
    const failures = await repo.latestFailures(tx, allQueues, since, 10);
    const processes = (Object.keys(processQueues) as ProcessType[]).map((type) => {
      const mine = figures.filter((f) => typeOfQueue.get(f.queue) === type);
      return { type, running: sum(mine, 'running'), completed: sum(mine, 'completed'), failed: sum(mine, 'failed') };
    });
    const companies = await companiesAndPacks(tx, [...new Set(failures.flatMap((f) => (f.appId ? [f.appId] : [])))]);
    const reminders = [];
    for (const inDays of reminderDays) {
      const from = dayStart(now, inDays);
      reminders.push({ inDays, date: from.toISOString().slice(0, 10), ...(await sweepOutlook(tx, from, dayStart(now, inDays + 1))) });
    }
    return {
      at: now.toISOString(),
      processes,
      failures: failures.map((f) => ({
        type: typeOfQueue.get(f.queue)!,
        appId: f.appId,
        company: (f.appId && companies.get(f.appId)?.company) ?? null,
        failedAt: f.failedAt.toISOString(),
        message: f.message,
      })),
      reminders,
    };
  });
}

const sum = <K extends string>(rows: readonly Record<K, number>[], key: K) => rows.reduce((n, r) => n + r[key], 0);

export async function adminOverview(opts: { platform: Platform }): Promise<AdminOverview> {
  const { platform } = opts;
  const month = monthOf(platform.clock());
  const months = monthsEnding(month, 12);
  return platform.database.inSystem(async (tx) => {
    const { top, tenants } = await repo.tenantsByMetric(tx, `${month}-01`, 'requests_sent', 10);
    const ids = top.map((t) => t.appId);
    const completed = await repo.metricOfTenants(tx, `${month}-01`, 'requests_completed', ids);
    const companies = await companiesAndPacks(tx, ids);
    const revenue = await billedConsumptionByMonth(tx, `${months[0]}-01`, `${month}-01`);
    return {
      month,
      activeTenants: tenants,
      tenants: top.map((t) => ({ appId: t.appId, company: companies.get(t.appId)?.company ?? '', sent: t.count, completed: completed.get(t.appId) ?? 0 })),
      revenue: months.map((m) => ({ month: m, netCents: revenue.get(m) ?? 0 })),
    };
  });
}
