import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { cancelRequests } from '../signatures/index.ts';
import type { BulkHolder, BulkJobOf, BulkKind, BulkRow } from './kind.ts';
import * as repo from './repository.ts';

/**
 * The state changes every holder shares, in the caller's transaction, its holder locked and the action checked by
 * the domain (which audits them and emits its events): send, cancel, retry, relaunch, archive, and one row's cancel.
 */
type Kind<J extends BulkJobOf> = BulkKind<BulkHolder, BulkRow, string, J>;

/** Moves rows and their counters together. */
async function moveAll<J extends BulkJobOf>(tx: Tx, kind: Kind<J>, holder: BulkHolder, from: readonly string[], to: string) {
  const moved = await repo.moveRows(tx, kind.tables, holder.appId, holder.id, from, to);
  await repo.bumpCounters(
    tx,
    kind.tables,
    holder.appId,
    holder.id,
    moved.map((m) => ({ from: m.status, to, n: m.n })),
  );
}

/** Send: the draft rows queued, the holder pending, the dispatch job queued. */
export async function queueDispatch<J extends BulkJobOf>(tx: Tx, platform: Platform, kind: Kind<J>, holder: BulkHolder, now: Date) {
  await moveAll(tx, kind, holder, [kind.statuses.draft], kind.statuses.queued);
  await repo.holderQueued(tx, kind.tables, holder.appId, holder.id, now);
  await platform.jobs.enqueue(tx, kind.queues.dispatch, kind.jobOf(holder.appId, holder.id));
}

/**
 * Cancel: canceled at once with its draft and queued rows; the requests already made are cancelled by the cancel job
 * (queued when `requestsMade`).
 */
export async function cancelHolder<J extends BulkJobOf>(tx: Tx, platform: Platform, kind: Kind<J>, holder: BulkHolder, by: string, requestsMade: boolean) {
  await moveAll(tx, kind, holder, [kind.statuses.queued, kind.statuses.draft], kind.statuses.canceled);
  await repo.holderCanceled(tx, kind.tables, holder.appId, holder.id, platform.clock(), holder.dispatchFinishedAt);
  if (requestsMade) await platform.jobs.enqueue(tx, kind.queues.cancel, kind.jobOf(holder.appId, holder.id, by));
}

/** The failed rows without a request back in the queue, the dispatch job again; how many (none: `nothing` refused). */
export async function retryFailedRows<J extends BulkJobOf>(tx: Tx, platform: Platform, kind: Kind<J>, holder: BulkHolder, nothing: string): Promise<number> {
  const { failed, queued } = kind.statuses;
  const n = await repo.requeueFailed(tx, kind.tables, holder.appId, holder.id, { failed, queued });
  if (!n) throw new AppError('INVALID_TRANSITION', nothing);
  await repo.bumpCounters(tx, kind.tables, holder.appId, holder.id, [{ from: failed, to: queued, n }]);
  await repo.holderRetried(tx, kind.tables, holder.appId, holder.id);
  await platform.jobs.enqueue(tx, kind.queues.dispatch, kind.jobOf(holder.appId, holder.id));
  return n;
}

/** Relaunch: the relaunch job reminds the `waiting` rows' signers (none: `nothing` refused). */
export async function queueRelaunch<J extends BulkJobOf>(
  tx: Tx,
  platform: Platform,
  kind: Kind<J>,
  holder: BulkHolder,
  by: string,
  waiting: number,
  nothing: string,
) {
  if (!waiting) throw new AppError('INVALID_TRANSITION', nothing);
  await platform.jobs.enqueue(tx, kind.queues.relaunch, kind.jobOf(holder.appId, holder.id, by));
  return waiting;
}

export async function queueArchive<J extends BulkJobOf>(tx: Tx, platform: Platform, kind: Kind<J>, holder: BulkHolder, by: string) {
  await platform.jobs.enqueue(tx, kind.queues.archive, kind.jobOf(holder.appId, holder.id, by));
}

/**
 * One row cancelled: a queued one at once; one whose request awaits signatures through its request (the row follows
 * its `signature.canceled` event). False when the row is neither (the domain refuses, or handles its drafts).
 */
export async function cancelRow<J extends BulkJobOf>(
  tx: Tx,
  platform: Platform,
  kind: Kind<J>,
  holder: BulkHolder,
  row: BulkRow,
  by: string,
): Promise<boolean> {
  if (row.status === kind.statuses.queued) {
    await repo.setRowStatus(tx, kind.tables, row.id, kind.statuses.canceled);
    await repo.bumpCounters(tx, kind.tables, holder.appId, holder.id, [{ from: kind.statuses.queued, to: kind.statuses.canceled, n: 1 }]);
    return true;
  }
  if (!kind.statuses.awaiting.includes(row.status) || !row.requestId) return false;
  await cancelRequests(tx, platform, holder.appId, [row.requestId], by);
  await repo.markCancelRequested(tx, kind.tables, [row.id], platform.clock());
  return true;
}
