import { operationStatusTargets, operationTransitions, type Operation, type OperationDocument, type Order } from '@paraphe/contracts';
import { iso } from '../../platform/http/envelope.ts';
import { exportRows, holderDates, holderProgress, percentOf, type Options } from '../bulk/index.ts';
import { operationKind } from './dispatch.ts';
import { presentOrderModel } from './order-model.ts';
import { countsOf, type OperationDocumentRow, type OperationRow, type OrderRow } from './repository.ts';
import { findVisible } from './service.ts';

/** Dispatch progress: requests made over the orders to send, the rate since the send, the time left at that rate. */
export const progressOf = (row: OperationRow, now: Date): Operation['progress'] =>
  holderProgress(row, { total: row.orderCount - row.nDraft, queued: row.nBeforeSend }, now);

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
    ...holderDates(row),
    ...(documents ? { documents: documents.rows.map((d) => presentDocument(d, documents.usage)) } : {}),
    allowedActions: [...operationTransitions[row.status]],
    statusTargets: [...operationStatusTargets[row.status]],
    fromTemplate: presentOrderModel(row.orderModel),
  };
}

export const presentOrder = (o: OrderRow): Order => ({
  id: o.id,
  rowIndex: o.rowIndex,
  transactionSigners: o.signers.map((s) => ({
    firstname: s.firstname,
    lastname: s.lastname,
    emailAddress: s.email,
    phoneNum: s.phone,
    language: s.language,
    role: s.role,
    step: s.step ?? null,
  })),
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

/** The orders and their status as an .xlsx file (the bulk engine's streamed export). */
export const exportOrders = (opts: Options & { id: string }) =>
  exportRows(opts, findVisible, operationKind, {
    name: 'Orders',
    columns: [
      { header: 'Document', key: 'document', width: 30 },
      { header: 'Signers', key: 'signers', width: 60 },
    ],
    rowOf: (o) => ({ document: o.documentName, signers: o.signers.map((s) => `${s.lastname.toUpperCase()} ${s.firstname} <${s.email}>`).join('; ') }),
    fileName: (operation) => `${operation.label || 'operation'}-orders.xlsx`,
  });
