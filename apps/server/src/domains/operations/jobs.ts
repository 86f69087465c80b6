import { and, asc, eq, gt, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { pagesAfter } from '../../platform/db/keyset.ts';
import { storeZip } from '../../platform/zip-store.ts';
import { cancelRequests, completedFiles, relaunchRequests } from '../signatures/index.ts';
import type { OperationJob } from './dispatch.ts';
import { emitOperationEvent } from './facts.ts';
import * as repo from './repository.ts';
import { operationOrders } from './schema.ts';

/** The operation's jobs besides the dispatch: cancel the sent requests, relaunch, archive. Each works in chunks. */
export const cancelQueue = 'operation-cancel';
export const relaunchQueue = 'operation-relaunch';
export const archiveQueue = 'operation-archive';
export interface ArchiveJob extends OperationJob {
  userId: string;
}
const chunk = 200;
const awaitingSignatures = ['ready', 'pending'] as const;

/** Cancels the requests already sent, 200 per transaction (each asked once); the orders follow the `signature.canceled` events. */
export async function runCancelJob(platform: Platform, job: OperationJob) {
  for (;;) {
    const done = await platform.database.inTenant(job.appId, async (tx) => {
      const rows = await tx
        .select({ id: operationOrders.id, requestId: operationOrders.requestId })
        .from(operationOrders)
        .where(and(eq(operationOrders.appId, job.appId), eq(operationOrders.operationId, job.operationId), inArray(operationOrders.status, [...awaitingSignatures]), isNotNull(operationOrders.requestId), isNull(operationOrders.cancelRequestedAt)))
        .orderBy(asc(operationOrders.rowIndex))
        .limit(chunk)
        .for('update', { skipLocked: true });
      if (!rows.length) return true;
      const operation = await repo.findOperation(tx, { appId: job.appId }, job.operationId);
      const actor = job.userId ?? operation?.ownerUserId;
      if (!actor) return true;
      await cancelRequests(tx, platform, job.appId, rows.map((r) => r.requestId!), actor);
      await tx.update(operationOrders).set({ cancelRequestedAt: platform.clock() }).where(inArray(operationOrders.id, rows.map((r) => r.id)));
      return false;
    });
    if (done) return;
  }
}

/** Reminds the signer whose turn it is in every order awaiting signatures (the signatures' cool-down applies). */
export async function runRelaunchJob(platform: Platform, job: OperationJob) {
  const pages = pagesAfter(
    (after) =>
      platform.database.inTenant(job.appId, async (tx) => {
        const rows = await ordersAfter(tx, job, inArray(operationOrders.status, [...awaitingSignatures]), after);
        await relaunchRequests(tx, platform, job.appId, rows.flatMap((r) => (r.requestId ? [r.requestId] : [])), job.userId!);
        return rows;
      }),
    (r) => r.rowIndex,
  );
  for await (const _ of pages);
}

/** A page of an operation's orders in row order, after `after`, among those `where` keeps. */
const ordersAfter = (tx: Tx, job: OperationJob, where: SQL, after: number) =>
  tx
    .select({ rowIndex: operationOrders.rowIndex, requestId: operationOrders.requestId })
    .from(operationOrders)
    .where(and(eq(operationOrders.appId, job.appId), eq(operationOrders.operationId, job.operationId), where, gt(operationOrders.rowIndex, after)))
    .orderBy(asc(operationOrders.rowIndex))
    .limit(chunk);

export const archiveKeyOf = (appId: string, operationId: string) => `${appId}/operation-archive-${operationId}.zip`;

/** Job: a zip of the completed documents of every completed order (`<row>/<file>`), then `operation.archive_ready` (a notification). */
export async function runArchiveJob(platform: Platform, job: ArchiveJob) {
  const key = archiveKeyOf(job.appId, job.operationId);
  const bytes = await storeZip(platform, key, async (add) => {
    const pages = pagesAfter(
      (after) => platform.database.inTenant(job.appId, (tx) => ordersAfter(tx, job, eq(operationOrders.status, 'completed'), after)),
      (r) => r.rowIndex,
    );
    for await (const rows of pages) {
      const files = await platform.database.inTenant(job.appId, (tx) => completedFiles(tx, job.appId, rows.flatMap((r) => (r.requestId ? [r.requestId] : []))));
      for (const row of rows) {
        for (const file of files.filter((f) => f.requestId === row.requestId)) await add(`${String(row.rowIndex + 1).padStart(6, '0')}/${file.fileName}`, await platform.storage.get(file.storageKey));
      }
    }
  });
  await platform.database.inTenant(job.appId, async (tx) => {
    const operation = await repo.findOperation(tx, { appId: job.appId }, job.operationId);
    if (!operation) return;
    await repo.updateOperation(tx, job.appId, job.operationId, { archiveKey: key, archiveGeneratedAt: platform.clock() });
    await emitOperationEvent(tx, platform, operation, 'operation.archive_ready', { requestedBy: job.userId });
  });
  platform.logger.info({ operationId: job.operationId, bytes }, 'operation archive built');
}
