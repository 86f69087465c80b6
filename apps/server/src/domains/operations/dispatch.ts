import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CertificationLevel } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { createAllOrEach, heldPauseMs, pacingPauseMs, runDispatchLoop, type ChunkOutcome } from '../../platform/dispatch/index.ts';
import { getApplication } from '../tenants/index.ts';
import { AppError } from '../../platform/errors.ts';
import { createSentRequests, dispatchAllowance, sealCopyDocuments, type BulkCopy, type SharedSeals } from '../signatures/index.ts';
import { emitOperationEvent } from './facts.ts';
import * as repo from './repository.ts';
import { operationOrders } from './schema.ts';

/**
 * The dispatch of an operation (docs/operations.md), on the paced loop shared with campaigns (platform/dispatch) and
 * the tenant's pacing budget (signatures' dispatchAllowance): each chunk is ONE transaction that claims queued
 * (`beforeSend`) orders with SKIP LOCKED, creates their requests — each with its own signers and its own document
 * from the pool — and their invitations in the outbox, and moves the orders to `ready`. Killed at any moment, a
 * chunk either committed whole or left nothing: every order gets one request and one invitation.
 */
export const dispatchQueue = 'operation-dispatch';
export interface OperationJob {
  appId: string;
  operationId: string;
  /** Who asked (cancel, relaunch): the actor of the requests' changes. */
  userId?: string;
}

export async function runDispatchJob(platform: Platform, job: OperationJob): Promise<void> {
  await runDispatchLoop({
    chunk: () => dispatchChunk(platform, job),
    continueLater: () => platform.database.inTenant(job.appId, (tx) => platform.jobs.enqueue(tx, dispatchQueue, job)),
    engine: platform.database.engine,
  });
}

/** Never an order's id: keeps `in (…)` valid when nothing was sealed ahead. */
const zeroUuid = '00000000-0000-0000-0000-000000000000';

/** An order's request: its signers, its document from the pool (by file name) with its fields. */
function copyOf(order: repo.OrderRow, pool: Map<string, repo.OperationDocumentRow>, sealed?: SharedSeals): BulkCopy {
  const doc = pool.get(order.documentName);
  if (!doc) throw new Error(`The document ${order.documentName} is not in the operation's documents.`);
  return {
    sealed,
    signers: order.signers,
    documents: [
      {
        title: doc.title,
        documentType: 'pdf',
        fileName: doc.fileName,
        checkBoxTexts: [],
        storageKey: doc.storageKey,
        sha256: doc.sha256,
        pageCount: doc.pageCount,
        sizeBytes: doc.sizeBytes,
        // A page beyond the document is its last page (-1 = last).
        fields: order.fields.map((f) => ({ ...f, page: f.page > doc.pageCount ? -1 : f.page, name: 'signer' })),
      },
    ],
  };
}

/** Orders sealed ahead of one chunk (Options.stampBeforeSigning): about a second of PDF work outside the transaction. */
const sealAhead = 50;
type OrderSeals = Map<string, SharedSeals | { error: string }>;

/**
 * Options.stampBeforeSigning: the next queued orders' documents are sealed BEFORE the chunk's transaction (the
 * stamps domain opens its own, and the PDF work must not hold the chunk's locks); the chunk then claims only those
 * orders. A process killed in between loses the seals, not an order: the next run seals them again (an extra row
 * in the stamps history, never a second request). Null when the option is off.
 */
async function sealNextOrders(platform: Platform, job: OperationJob): Promise<OrderSeals | null> {
  const next = await platform.database.inTenant(job.appId, async (tx) => {
    const operation = await repo.findOperation(tx, { appId: job.appId }, job.operationId);
    if (operation?.status !== 'pending' || !operation.options.stampBeforeSigning) return null;
    const orders = await tx
      .select()
      .from(operationOrders)
      .where(and(eq(operationOrders.operationId, job.operationId), eq(operationOrders.appId, job.appId), eq(operationOrders.status, 'beforeSend')))
      .orderBy(asc(operationOrders.rowIndex))
      .limit(sealAhead);
    const pool = new Map((await repo.documentsOf(tx, job.appId, job.operationId)).map((d) => [d.fileName, d]));
    return { operation, orders, pool, testMode: (await getApplication(tx, job.appId)).testMode };
  });
  if (!next) return null;
  const { operation, orders, pool, testMode } = next;
  const seals: OrderSeals = new Map();
  for (const order of orders) {
    if (!pool.has(order.documentName)) continue; // the chunk fails it, saying why
    const input = { appId: job.appId, operationId: job.operationId, ownerUserId: operation.ownerUserId, testMode, options: operation.options };
    try {
      seals.set(order.id, await sealCopyDocuments(platform, { ...input, documents: copyOf(order, pool).documents }));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      seals.set(order.id, { error: `Could not seal the document before signing: ${error.message}` });
    }
  }
  return seals;
}

async function dispatchChunk(platform: Platform, job: OperationJob): Promise<ChunkOutcome> {
  const { appId, operationId } = job;
  const sealed = await sealNextOrders(platform, job);
  return platform.database.inTenant(appId, async (tx) => {
    // The operation first (cancel takes it first too): a cancel waits for the chunk in flight.
    const operation = await repo.findOperation(tx, { appId }, operationId, { lock: true });
    if (!operation || operation.status !== 'pending') return { kind: 'stop' };
    if (!(await getApplication(tx, appId)).enabled) {
      await platform.jobs.enqueue(tx, dispatchQueue, job, { startAfterSeconds: 3600 });
      return { kind: 'stop' };
    }
    const allowed = await dispatchAllowance(tx, platform, appId);
    if (allowed <= 0) return { kind: 'wait', ms: pacingPauseMs };
    const now = platform.clock();
    const claimed = await tx
      .select()
      .from(operationOrders)
      .where(
        and(
          eq(operationOrders.operationId, operationId),
          eq(operationOrders.appId, appId),
          eq(operationOrders.status, 'beforeSend'),
          // With the seal before signing: only the orders sealed ahead (none sealed: none claimed, the next run seals).
          sealed ? inArray(operationOrders.id, [...sealed.keys(), zeroUuid]) : undefined,
        ),
      )
      .orderBy(asc(operationOrders.rowIndex))
      .limit(allowed)
      .for('update', { skipLocked: true });
    if (!claimed.length) {
      if (operation.nBeforeSend > 0) return { kind: 'wait', ms: heldPauseMs };
      await finishDispatch(tx, platform, operation);
      return { kind: 'done' };
    }
    const pool = new Map((await repo.documentsOf(tx, appId, operationId)).map((d) => [d.fileName, d]));
    const input = { appId, ownerUserId: operation.ownerUserId, source: { kind: 'operation' as const, id: operationId }, label: operation.label, description: operation.description, level: operation.level as CertificationLevel, options: operation.options };
    const failures = new Map<string, string>();
    const sendable = claimed.filter((o) => {
      const seal = sealed?.get(o.id);
      if (!pool.has(o.documentName)) failures.set(o.id, `The document ${o.documentName} is not in the operation's documents.`);
      else if (seal && 'error' in seal) failures.set(o.id, seal.error);
      else if (operation.options.contactFirstSignerBy === 'sms' && !o.signers.find((s) => s.role !== 'observer')?.phone) failures.set(o.id, 'No mobile number: the operation contacts the first signer by SMS.');
      return !failures.has(o.id);
    });
    const made = await createAllOrEach(tx, sendable, (sp, part) => createSentRequests(sp, platform, { ...input, copies: part.map((o) => copyOf(o, pool, sealed?.get(o.id) as SharedSeals | undefined)) }));
    for (const [o, error] of made.failures) failures.set(o.id, error);
    if (made.created.size) {
      const values = sql.join(
        [...made.created].map(([o, m]) => sql`(${o.id}::uuid, ${m.requestId}::uuid)`),
        sql`, `,
      );
      await tx.execute(sql`
        update ${operationOrders} o set status = 'ready', request_id = v.rid, sent_at = ${now}, attempts = o.attempts + 1, error = null, updated_at = ${now}
        from (values ${values}) as v(id, rid) where o.id = v.id`);
    }
    for (const [id, error] of failures) {
      await tx.update(operationOrders).set({ status: 'failed', error, attempts: sql`${operationOrders.attempts} + 1`, updatedAt: now }).where(eq(operationOrders.id, id));
    }
    await repo.bump(
      tx,
      appId,
      operationId,
      [
        { from: 'beforeSend', to: 'ready', n: made.created.size },
        { from: 'beforeSend', to: 'failed', n: failures.size },
      ],
      [sql`dispatched = dispatched + ${made.created.size}`],
    );
    return { kind: 'sent', sent: made.created.size, failed: failures.size };
  });
}

/** No order left in the queue: ready (or failed when no request could be made); finished at once if all are final. */
async function finishDispatch(tx: Tx, platform: Platform, operation: repo.OperationRow) {
  const status = operation.dispatched === 0 && operation.nFailed > 0 ? 'failed' : 'ready';
  await repo.updateOperation(tx, operation.appId, operation.id, { status, dispatchFinishedAt: platform.clock() });
  await emitOperationEvent(tx, platform, operation, 'operation.dispatched', { sent: operation.dispatched, failed: operation.nFailed });
  if (status === 'ready') await settleOperation(tx, platform, operation.appId, operation.id);
}

/**
 * A ready operation whose orders are all final finishes (in the transaction that made the last one final):
 * completed when any order completed, else expired when any expired, else failed.
 */
export async function settleOperation(tx: Tx, platform: Platform, appId: string, operationId: string) {
  const result = (await tx.execute(sql`
    update operations set
      status = case when n_completed > 0 then 'completed' when n_expired > 0 then 'expired' else 'failed' end,
      completed_at = ${platform.clock()}, updated_at = now()
    where app_id = ${appId} and id = ${operationId} and status = 'ready' and n_draft + n_before_send + n_ready + n_pending = 0
    returning id`)) as unknown as { rows: unknown[] };
  if (!result.rows.length) return;
  const row = (await repo.findOperation(tx, { appId }, operationId))!;
  await emitOperationEvent(tx, platform, row, 'operation.finished', {
    status: row.status as 'completed' | 'failed' | 'expired',
    completed: row.nCompleted,
    failed: row.nFailed,
    canceled: row.nCanceled,
    expired: row.nExpired,
  });
}
