import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { createAllOrEach, heldPauseMs, pacingPauseMs, runDispatchLoop, type ChunkOutcome, type DispatchLoop } from '../../platform/dispatch/index.ts';
import { getApplication } from '../tenants/index.ts';
import { dispatchAllowance, type BulkCreated } from '../signatures/index.ts';
import type { BulkHolder, BulkJobOf, BulkKind, BulkRow } from './kind.ts';
import * as repo from './repository.ts';

/**
 * The dispatch of a holder (docs/campaigns.md "Dispatch", docs/operations.md): a durable job that claims the queued
 * rows chunk by chunk (`FOR UPDATE SKIP LOCKED`) and, in ONE transaction per chunk, creates their requests
 * (signatures' bulk creation: requests, signers, documents, evidence, events, invitations in the outbox with their
 * delivery jobs) and marks them sent. A process killed at any moment loses the chunk in flight entirely (rolled
 * back, its invitations with it) and the restarted job claims it again: every invitation is queued exactly once.
 */

/** How a domain sends one chunk's rows, decided in the chunk's transaction once its rows are claimed. */
export interface ChunkSend<R> {
  /** Why a claimed row cannot get its request (it fails, saying so), or nothing. */
  refuse?(row: R): string | undefined;
  /** The requests of a part of the rows, in their order (all at once, else one by one). */
  create(sp: Tx, rows: readonly R[]): Promise<BulkCreated[]>;
}

export interface ChunkPlan<H, R> {
  /** Which queued rows the chunk may claim (mail-merge: those whose PDF is made; seal ahead: those sealed). */
  only?(holder: H): repo.RowCondition;
  send(tx: Tx, holder: H): Promise<ChunkSend<R>>;
}

/** The paced loop (platform/dispatch) over the holder's chunks; a minute per run, then its continuation. */
export function runBulkDispatch<H extends BulkHolder, R extends BulkRow, S extends string, J extends BulkJobOf>(
  platform: Platform,
  kind: BulkKind<H, R, S, J>,
  job: J,
  chunk: () => Promise<ChunkOutcome>,
  hooks: Pick<DispatchLoop, 'beforeChunk' | 'afterChunk'> = {},
) {
  return runDispatchLoop({
    ...hooks,
    chunk,
    continueLater: () => platform.database.inTenant(job.appId, (tx) => platform.jobs.enqueue(tx, kind.queues.dispatch, job)),
    engine: platform.database.engine,
  });
}

export async function dispatchChunk<H extends BulkHolder, R extends BulkRow, S extends string, J extends BulkJobOf>(
  platform: Platform,
  kind: BulkKind<H, R, S, J>,
  job: J,
  plan: ChunkPlan<H, R>,
): Promise<ChunkOutcome> {
  const { appId } = job;
  const holderId = kind.holderIdOf(job);
  const { tables, statuses } = kind;
  return platform.database.inTenant(appId, async (tx) => {
    // The holder first (cancel takes it first too): a cancel waits for the chunk in flight, then finds its rows sent.
    const holder = await kind.find(tx, appId, holderId, { lock: true });
    if (!holder || holder.status !== 'pending') return { kind: 'stop' };
    if (!(await getApplication(tx, appId)).enabled) {
      // A suspended tenant sends nothing: looked at again in an hour.
      await platform.jobs.enqueue(tx, kind.queues.dispatch, job, { startAfterSeconds: 3600 });
      return { kind: 'stop' };
    }
    // Pacing per tenant, across its campaigns, operations and workers (signatures' shared budget).
    const allowed = await dispatchAllowance(tx, platform, appId);
    if (allowed <= 0) return { kind: 'wait', ms: pacingPauseMs };
    const now = platform.clock();
    const claimed = await repo.rowsInStatus<R>(tx, tables, {
      appId,
      holderId,
      status: statuses.queued,
      only: plan.only?.(holder),
      limit: allowed,
      claim: true,
    });
    if (!claimed.length) {
      // Held by another run (it finishes them), or rows still being prepared (mail-merge PDFs, seals).
      if (kind.queuedOf(holder) > 0) return { kind: 'wait', ms: heldPauseMs };
      await finishDispatch(tx, platform, kind, holder);
      return { kind: 'done' };
    }
    const send = await plan.send(tx, holder);
    const failures = new Map<string, string>();
    const sendable = claimed.filter((row) => {
      const refused = send.refuse?.(row);
      if (refused) failures.set(row.id, refused);
      return !refused;
    });
    const made = await createAllOrEach(tx, sendable, (sp, part) => send.create(sp, part));
    for (const [row, error] of made.failures) failures.set(row.id, error);
    const created = [...made.created].map(([row, m]) => ({ id: row.id, requestId: m.requestId, signerId: m.signerId }));
    await repo.markSent(tx, tables, statuses.sent, created, now);
    await repo.markFailed(tx, tables, statuses.failed, failures, now);
    await repo.bumpDispatched(tx, tables, appId, holderId, statuses.queued, statuses, { sent: created.length, failed: failures.size });
    return { kind: 'sent', sent: created.length, failed: failures.size };
  });
}

/** The next queued rows of a holder in row order, not claimed (what a domain prepares ahead of a chunk). */
export const nextQueuedRows = <R extends BulkRow>(tx: Tx, kind: BulkKind<BulkHolder, R, string, BulkJobOf>, appId: string, holderId: string, limit: number) =>
  repo.rowsInStatus<R>(tx, kind.tables, { appId, holderId, status: kind.statuses.queued, limit, claim: false });

/** No row left in the queue: ready (or failed when no request could be made), settled at once when all are final. */
async function finishDispatch<H extends BulkHolder, S extends string, J extends BulkJobOf>(
  tx: Tx,
  platform: Platform,
  kind: BulkKind<H, BulkRow, S, J>,
  holder: H,
) {
  const status = holder.dispatched === 0 && holder.nFailed > 0 ? 'failed' : 'ready';
  await repo.holderDispatched(tx, kind.tables, holder.appId, holder.id, status, platform.clock());
  await kind.dispatched(tx, platform, holder);
  if (status === 'ready') await settleHolder(tx, platform, kind, holder.appId, holder.id);
}

/** A ready holder whose rows are all final is settled (in the transaction that made the last one final). */
export async function settleHolder<H extends BulkHolder, S extends string, J extends BulkJobOf>(
  tx: Tx,
  platform: Platform,
  kind: BulkKind<H, BulkRow, S, J>,
  appId: string,
  id: string,
) {
  if (!(await repo.settleHolder(tx, kind.tables, appId, id, platform.clock()))) return;
  await kind.settled(tx, platform, (await kind.find(tx, appId, id))!);
}
