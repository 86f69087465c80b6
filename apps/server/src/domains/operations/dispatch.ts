import type { CertificationLevel, OrderStatus } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { dispatchChunk, nextQueuedRows, runBulkDispatch, holderJobs, type BulkKind, type HolderJob } from '../bulk/index.ts';
import { getApplication } from '../tenants/index.ts';
import { createSentRequests, sealCopyDocuments, type BulkCopy, type SharedSeals } from '../signatures/index.ts';
import { emitOperationEvent } from './facts.ts';
import * as repo from './repository.ts';

/**
 * The dispatch of an operation (docs/operations.md), on the bulk engine (domains/bulk) shared with campaigns: each
 * chunk creates its queued (`beforeSend`) orders' requests — each with its own signers and its own document from the
 * pool — in one transaction, and moves the orders to `ready`. What is the operation's own: an order's request, and
 * its document sealed ahead of the chunk when the options ask for it.
 */
export type OperationJob = HolderJob<'operationId'>;
export type ArchiveJob = OperationJob & { userId: string };

/** An operation and its orders on the bulk engine: its queues, its statuses, its events. */
export const operationKind: BulkKind<repo.OperationRow, repo.OrderRow, OrderStatus, OperationJob> = {
  source: 'operation',
  ...holderJobs('operation', 'operationId'),
  tables: repo.operationTables,
  statuses: { draft: 'draft', queued: 'beforeSend', sent: 'ready', failed: 'failed', canceled: 'canceled', awaiting: ['ready', 'pending'], done: 'completed' },
  find: (db, appId, id, opts) => repo.findOperation(db, { appId }, id, opts),
  queuedOf: (operation) => operation.nBeforeSend,
  dispatched: (tx, platform, operation) =>
    emitOperationEvent(tx, platform, operation, 'operation.dispatched', { sent: operation.dispatched, failed: operation.nFailed }),
  settled: (tx, platform, row) =>
    emitOperationEvent(tx, platform, row, 'operation.finished', {
      status: row.status as 'completed' | 'failed' | 'expired',
      completed: row.nCompleted,
      failed: row.nFailed,
      canceled: row.nCanceled,
      expired: row.nExpired,
    }),
  archived: (tx, platform, operation, requestedBy) => emitOperationEvent(tx, platform, operation, 'operation.archive_ready', { requestedBy }),
  archiveFolderOf: (order) => String(order.rowIndex + 1).padStart(6, '0'),
};

export async function runDispatchJob(platform: Platform, job: OperationJob): Promise<void> {
  await runBulkDispatch(platform, operationKind, job, () => dispatchOperationChunk(platform, job));
}

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

const poolOf = async (tx: Parameters<typeof repo.documentsOf>[0], appId: string, operationId: string) =>
  new Map((await repo.documentsOf(tx, appId, operationId)).map((d) => [d.fileName, d]));

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
    const orders = await nextQueuedRows(tx, operationKind, job.appId, job.operationId, sealAhead);
    return { operation, orders, pool: await poolOf(tx, job.appId, job.operationId), testMode: (await getApplication(tx, job.appId)).testMode };
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

async function dispatchOperationChunk(platform: Platform, job: OperationJob) {
  const sealed = await sealNextOrders(platform, job);
  return dispatchChunk<repo.OperationRow, repo.OrderRow, OrderStatus, OperationJob>(platform, operationKind, job, {
    only: () => repo.sealedOnly(sealed ? [...sealed.keys()] : null),
    async send(tx, operation) {
      const pool = await poolOf(tx, job.appId, operation.id);
      const input = {
        appId: job.appId,
        ownerUserId: operation.ownerUserId,
        source: { kind: 'operation' as const, id: operation.id },
        label: operation.label,
        description: operation.description,
        level: operation.level as CertificationLevel,
        options: operation.options,
      };
      return {
        refuse(o) {
          const seal = sealed?.get(o.id);
          if (!pool.has(o.documentName)) return `The document ${o.documentName} is not in the operation's documents.`;
          if (seal && 'error' in seal) return seal.error;
          if (operation.options.contactFirstSignerBy === 'sms' && !o.signers.find((s) => s.role !== 'observer')?.phone)
            return 'No mobile number: the operation contacts the first signer by SMS.';
          return undefined;
        },
        create: (sp, part) =>
          createSentRequests(sp, platform, { ...input, copies: part.map((o) => copyOf(o, pool, sealed?.get(o.id) as SharedSeals | undefined)) }),
      };
    },
  });
}
