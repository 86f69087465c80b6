import type { Platform } from '../../platform/context.ts';
import { countedEvents, recordActivity } from './activity.ts';
import * as repo from './repository.ts';

/**
 * The activity of a database that had requests before the dashboards existed (docs/dashboards.md): every stored
 * event the recorder counts goes through the recorder once more, a batch per transaction, in id order. Events
 * counted already (live, or by an earlier run cut short) have their receipt: they add nothing, so a run may be
 * interrupted and started again, on several nodes at once.
 */
export const activityBackfill = 'activity';

export async function backfillActivity(platform: Platform, opts: { batchSize?: number } = {}): Promise<number> {
  const batchSize = opts.batchSize ?? 1000;
  let afterId: string | null = null;
  let counted = 0;
  for (;;) {
    const batch: { last: string; counted: number } | null = await platform.database.inSystem(async (tx) => {
      const events = await repo.eventsAfter(tx, countedEvents, afterId, batchSize);
      if (!events.length) return null;
      return { last: events.at(-1)!.id, counted: await recordActivity(tx, events) };
    });
    if (!batch) break;
    afterId = batch.last;
    counted += batch.counted;
  }
  await platform.database.inSystem((tx) => repo.finishBackfill(tx, activityBackfill, platform.clock()));
  return counted;
}

/** At start: runs the backfill in the background when its migration asked for it (one primary-key read otherwise). */
export async function startPendingBackfill(platform: Platform): Promise<void> {
  if (!(await platform.database.inSystem((tx) => repo.pendingBackfill(tx, activityBackfill)))) return;
  void backfillActivity(platform).then(
    (counted) => platform.logger.info({ counted }, 'dashboards: activity of the stored events counted'),
    (error: unknown) => platform.logger.warn({ err: error }, 'dashboards: counting the stored events failed; it runs again at the next start'),
  );
}
