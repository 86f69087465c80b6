import type { BulkProgress } from '@paraphe/contracts';
import type { Actor } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { statisticsOf } from './presenter.ts';
import * as repo from './repository.ts';
import { scopeOf } from './service.ts';

/**
 * The home dashboard's campaigns (spec §2, §9; docs/dashboards.md): the latest sent and unfinished classic
 * campaign and mailing with their progress, and the 6 latest pending or ready ones. The progress is the
 * campaign's own counters (kept with each signatory's change): no signatory row is counted. Scoped like the list.
 */
export async function campaignOverview(
  tx: Tx,
  actor: Actor,
  now: Date,
): Promise<{ campaign: BulkProgress | null; mailing: BulkProgress | null; latest: BulkProgress[] }> {
  const scope = await scopeOf(tx, actor);
  // One after the other: the statements of a transaction share its connection.
  const campaign = await repo.inProgressCampaigns(tx, scope, { limit: 1, type: 'campain', by: 'sentAt' });
  const mailing = await repo.inProgressCampaigns(tx, scope, { limit: 1, type: 'publipostage', by: 'sentAt' });
  const latest = await repo.inProgressCampaigns(tx, scope, { limit: 6, by: 'createdAt' });
  const progress = (row: repo.CampaignRecord): BulkProgress => {
    const stats = statisticsOf({ ...row, ownerName: null }, now);
    return {
      kind: row.type === 'publipostage' ? 'mailing' : 'campaign',
      id: row.id,
      label: row.label,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      signatories: stats.total,
      sent: stats.sent,
      opened: stats.opened,
      signed: stats.signed,
      refused: stats.refused,
      expired: stats.expired,
      canceled: stats.canceled,
      failed: stats.failed,
    };
  };
  return { campaign: campaign[0] ? progress(campaign[0]) : null, mailing: mailing[0] ? progress(mailing[0]) : null, latest: latest.map(progress) };
}
