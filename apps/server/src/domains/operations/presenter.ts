import { and, asc, eq, gt } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { operationStatusTargets, operationTransitions, type Operation, type OperationDocument, type Order } from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import { dispatchProgress } from '../../platform/dispatch/index.ts';
import { pagesAfter } from '../../platform/db/keyset.ts';
import { iso } from '../../platform/http/envelope.ts';
import { xlsxReadable } from '../../platform/spreadsheets/index.ts';
import { countsOf, type OperationDocumentRow, type OperationRow, type OrderRow } from './repository.ts';
import { operationOrders } from './schema.ts';
import { findVisible } from './service.ts';

const round1 = (n: number) => Math.round(n * 10) / 10;
const percentOf = (n: number, of: number) => (of ? round1((n / of) * 100) : 0);

/** Dispatch progress: requests made over the orders to send, the rate since the send, the time left at that rate. */
export const progressOf = (row: OperationRow, now: Date): Operation['progress'] =>
  dispatchProgress(
    { total: row.orderCount - row.nDraft, dispatched: row.dispatched, failed: row.nFailed, queued: row.nBeforeSend, sending: row.status === 'pending', startedAt: row.dispatchStartedAt, finishedAt: row.dispatchFinishedAt },
    now,
  );

export const presentDocument = (d: OperationDocumentRow, usage: Map<string, number>): OperationDocument => ({
  id: d.id,
  fileName: d.fileName,
  title: d.title,
  pageCount: d.pageCount,
  sizeBytes: d.sizeBytes,
  sha256: d.sha256,
  orders: usage.get(d.fileName) ?? 0,
});

export function presentOperation(row: OperationRow, now: Date, documents?: { rows: OperationDocumentRow[]; usage: Map<string, number> }): Operation {
  return {
    id: row.id,
    label: row.label,
    description: row.description,
    status: row.status,
    level: row.level,
    options: row.options,
    owner: row.ownerUserId ? { id: row.ownerUserId, name: row.ownerName ?? '' } : null,
    orderCount: row.orderCount,
    counts: countsOf(row),
    progress: progressOf(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sentAt: iso(row.sentAt),
    completedAt: iso(row.completedAt),
    canceledAt: iso(row.canceledAt),
    archiveAvailable: Boolean(row.archiveKey),
    ...(documents ? { documents: documents.rows.map((d) => presentDocument(d, documents.usage)) } : {}),
    allowedActions: [...operationTransitions[row.status]],
    statusTargets: [...operationStatusTargets[row.status]],
  };
}

export const presentOrder = (o: OrderRow): Order => ({
  id: o.id,
  rowIndex: o.rowIndex,
  transactionSigners: o.signers.map((s) => ({ firstname: s.firstname, lastname: s.lastname, emailAddress: s.email, phoneNum: s.phone, language: s.language, role: s.role, step: s.step ?? null })),
  document: o.documentName,
  signatureFields: o.fields,
  status: o.status,
  requestId: o.requestId,
  error: o.error,
  attempts: o.attempts,
  sentAt: iso(o.sentAt),
  updatedAt: o.updatedAt.toISOString(),
});

export function statisticsOf(row: OperationRow, now: Date) {
  const counts = countsOf(row);
  const waiting = counts.ready + counts.pending;
  return {
    total: row.orderCount,
    counts,
    sent: row.dispatched,
    waiting,
    percent: {
      completed: percentOf(counts.completed, row.dispatched),
      waiting: percentOf(waiting, row.dispatched),
      failed: percentOf(counts.failed, row.orderCount),
      canceled: percentOf(counts.canceled, row.orderCount),
      expired: percentOf(counts.expired, row.dispatched),
    },
    progress: progressOf(row, now),
  };
}

const exportPage = 1000;

/**
 * The orders and their status as an .xlsx file, streamed page by page (keyset on the row order), through the
 * platform's spreadsheet writer; formula-like texts neutralised by the writer (formula-guard.ts). The operation is checked
 * before the first byte, so a refusal is an ordinary error.
 */
export async function exportOrders(opts: { platform: Platform; actor: Actor; id: string }): Promise<{ fileName: string; body: Readable }> {
  const { platform, actor } = opts;
  const operation = await platform.database.inTenant(actor.appId, (tx) => findVisible(tx, actor, opts.id));
  const page = (after: number) =>
    platform.database.inTenant(actor.appId, (tx) =>
      tx
        .select()
        .from(operationOrders)
        .where(and(eq(operationOrders.appId, actor.appId), eq(operationOrders.operationId, operation.id), gt(operationOrders.rowIndex, after)))
        .orderBy(asc(operationOrders.rowIndex))
        .limit(exportPage),
    );
  async function* rows() {
    for await (const orders of pagesAfter(page, (o) => o.rowIndex)) {
      for (const o of orders) {
        yield {
          row: o.rowIndex + 1,
          document: o.documentName,
          signers: o.signers.map((s) => `${s.lastname.toUpperCase()} ${s.firstname} <${s.email}>`).join('; '),
          status: o.status,
          sentAt: o.sentAt,
          error: o.error,
        };
      }
    }
  }
  const body = xlsxReadable({
    sheetName: 'Orders',
    columns: [
      { header: '#', key: 'row', type: 'number', width: 8 },
      { header: 'Document', key: 'document', width: 30 },
      { header: 'Signers', key: 'signers', width: 60 },
      { header: 'Status', key: 'status', width: 12 },
      { header: 'Sent', key: 'sentAt', type: 'datetime', width: 20 },
      { header: 'Error', key: 'error', width: 50 },
    ],
    rows: rows(),
  });
  return { fileName: `${(operation.label || 'operation').replace(/[\\/:*?"<>|]/g, '_')}-orders.xlsx`, body };
}
