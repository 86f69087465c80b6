import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { OperationStatus } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { erasedIdentity } from '../signatures/index.ts';
import { searchTextOf } from './repository.ts';
import { operationDocuments, operationOrders, operations } from './schema.ts';

/**
 * GDPR retention of what only an operation holds (docs/gdpr.md) — each order's request is purged by the signatures
 * domain: `documents`, the pool (each file shared by the orders naming it) and the archive, past the tenant's documents
 * retention; `signerData`, the orders' signers pseudonymised, past the signer-data one. Once the operation is over and
 * every order final; under its row lock, in the caller's transaction, marked done.
 */
export type OperationPurgeStep = 'documents' | 'signerData';

const overStatuses: readonly OperationStatus[] = ['completed', 'failed', 'canceled', 'expired'];
const endedAt = sql`coalesce(${operations.completedAt}, ${operations.canceledAt}, ${operations.dispatchFinishedAt}, ${operations.updatedAt})`;
const doneColumn = { documents: operations.documentsPurgedAt, signerData: operations.signerDataPurgedAt } as const;
const noOrderWaiting = sql`not exists (select 1 from ${operationOrders} o where o.operation_id = ${operations.id} and o.status in ('beforeSend', 'pending', 'ready'))`;

/** Up to `limit` of the tenant's operations over before `before` that still wait for `step`, oldest first. */
export async function operationsPastRetention(db: Executor, appId: string, step: OperationPurgeStep, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: operations.id })
    .from(operations)
    .where(and(eq(operations.appId, appId), inArray(operations.status, [...overStatuses]), sql`${endedAt} < ${before.toISOString()}`, isNull(doneColumn[step]), noOrderWaiting))
    .orderBy(asc(endedAt), asc(operations.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function purgeOperation(tx: Tx, platform: Pick<Platform, 'storage'>, opts: { appId: string; operationId: string; step: OperationPurgeStep; now: Date }) {
  const { appId, operationId, step, now } = opts;
  const [row] = await tx.select().from(operations).where(and(eq(operations.appId, appId), eq(operations.id, operationId))).for('update');
  if (!row || !overStatuses.includes(row.status) || row[step === 'documents' ? 'documentsPurgedAt' : 'signerDataPurgedAt']) return { done: false, files: 0, people: 0 };
  if (step === 'signerData') {
    const orders = await tx.select({ id: operationOrders.id, signers: operationOrders.signers }).from(operationOrders).where(and(eq(operationOrders.appId, appId), eq(operationOrders.operationId, operationId)));
    let people = 0;
    for (const order of orders) {
      const signers = order.signers.map((s, i) => ({ ...s, ...erasedIdentity(`${order.id}:${i}`) }));
      people += signers.length;
      await tx.update(operationOrders).set({ signers, searchText: '', error: null, updatedAt: now }).where(eq(operationOrders.id, order.id));
    }
    await tx.update(operations).set({ signerDataPurgedAt: now }).where(eq(operations.id, operationId));
    return { done: true, files: 0, people };
  }
  const pool = await tx.select({ key: operationDocuments.storageKey }).from(operationDocuments).where(and(eq(operationDocuments.appId, appId), eq(operationDocuments.operationId, operationId)));
  const files = [...new Set(pool.map((r) => r.key).concat(row.archiveKey ? [row.archiveKey] : []))];
  await tx.update(operations).set({ documentsPurgedAt: now, archiveKey: null, archiveGeneratedAt: null }).where(eq(operations.id, operationId));
  // Deleted before the commit: a crash after leaves the step unmarked and the next run deletes again (a missing file is no error).
  for (const key of files) await platform.storage.delete(key);
  return { done: true, files: files.length, people: 0 };
}

const namesAddress = (email: string) =>
  sql`exists (select 1 from jsonb_array_elements(${operationOrders.signers}) s where lower(s->>'email') = ${email.toLowerCase()})`;

/** The operations where the person signs an order not sent yet (draft, before send): an erasure waits for them. */
export async function unsentOrdersOf(db: Executor, appId: string, email: string): Promise<{ id: string; label: string; status: string }[]> {
  return db
    .selectDistinct({ id: operations.id, label: operations.label, status: operations.status })
    .from(operationOrders)
    .innerJoin(operations, eq(operations.id, operationOrders.operationId))
    .where(and(eq(operationOrders.appId, appId), namesAddress(email), inArray(operationOrders.status, ['draft', 'beforeSend'])));
}

/** Erasure (art. 17): the person pseudonymised in every order naming them (the other signers untouched); how many times. */
export async function eraseOrderSignersOf(tx: Tx, appId: string, email: string): Promise<number> {
  const orders = await tx
    .select({ id: operationOrders.id, signers: operationOrders.signers, documentName: operationOrders.documentName })
    .from(operationOrders)
    .where(and(eq(operationOrders.appId, appId), namesAddress(email)));
  let erased = 0;
  for (const order of orders) {
    const signers = order.signers.map((s, i) => {
      if (s.email.toLowerCase() !== email.toLowerCase()) return s;
      erased++;
      return { ...s, ...erasedIdentity(`${order.id}:${i}`) };
    });
    await tx.update(operationOrders).set({ signers, searchText: searchTextOf({ signers, documentName: order.documentName }) }).where(eq(operationOrders.id, order.id));
  }
  return erased;
}

/** A person's access export (art. 15): each order naming them, with their entry in it (not the other signers). */
export async function ordersOfPerson(db: Executor, appId: string, email: string) {
  const rows = await db
    .select({ operationId: operations.id, operationLabel: operations.label, orderId: operationOrders.id, status: operationOrders.status, requestId: operationOrders.requestId, sentAt: operationOrders.sentAt, documentName: operationOrders.documentName, signers: operationOrders.signers })
    .from(operationOrders)
    .innerJoin(operations, eq(operations.id, operationOrders.operationId))
    .where(and(eq(operationOrders.appId, appId), namesAddress(email)))
    .orderBy(asc(operationOrders.id));
  return rows.flatMap(({ signers, ...order }) => signers.filter((s) => s.email.toLowerCase() === email.toLowerCase()).map((s) => ({ ...order, ...s })));
}
