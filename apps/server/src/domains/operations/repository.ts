import { and, asc, eq, inArray, isNotNull, isNull, like, lt, sql, type SQL } from 'drizzle-orm';
import { orderStatuses, type OperationCounts, type OperationStatus, type OrderStatus } from '@paraphe/contracts';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { containsPattern, type OwnerScope, type PageTotal } from '../../platform/db/lists.ts';
import * as bulk from '../bulk/index.ts';
import type { BulkTables, HolderListFilter, RowCondition, RowListFilter } from '../bulk/index.ts';
import { erasedIdentity } from '../signatures/index.ts';
import {
  operationDocuments,
  operationDocumentUsage,
  operationImportMappings,
  operationOrders,
  operations,
  type OrderField,
  type OrderSigner,
} from './schema.ts';

export type OperationRecord = typeof operations.$inferSelect;
export type OperationRow = OperationRecord & { ownerName: string | null };
export type OperationDocumentRow = typeof operationDocuments.$inferSelect;
export type OrderRow = typeof operationOrders.$inferSelect;

/** Every query takes the tenant; `ownerIds` limits a non-GERANT/COMPTABLE to their own and their descendants' operations. */
export type Scope = OwnerScope;

/** An operation and its orders as the bulk engine reads them (docs/architecture.md "The bulk engine"). */
export const operationTables: BulkTables<OrderStatus> = {
  holder: operations,
  rows: operationOrders,
  holderId: operationOrders.operationId,
  counters: bulk.counterColumns(orderStatuses),
  unfinished: ['draft', 'beforeSend', 'ready', 'pending'],
  // Finished: completed when any order completed, else expired when any expired, else failed.
  settledStatus: sql`case when n_completed > 0 then 'completed' when n_expired > 0 then 'expired' else 'failed' end`,
  retention: {
    over: ['completed', 'failed', 'canceled', 'expired'] satisfies OperationStatus[],
    endedAt: sql`coalesce(${operations.completedAt}, ${operations.canceledAt}, ${operations.dispatchFinishedAt}, ${operations.updatedAt})`,
    waiting: ['beforeSend', 'pending', 'ready'],
  },
  // The pool, each file shared by the orders naming it (and the archive, the engine's).
  files: [{ key: operationDocuments.storageKey, holderId: operationDocuments.operationId }],
};

/** Never an order's id: keeps `in (…)` valid when nothing was sealed ahead. */
const zeroUuid = '00000000-0000-0000-0000-000000000000';
/** With the seal before signing, a chunk claims only the orders sealed ahead (none sealed: none claimed, the next run seals). */
export const sealedOnly = (ids: readonly string[] | null): RowCondition => (ids ? inArray(operationOrders.id, [...ids, zeroUuid]) : undefined);

export const countsOf = (row: OperationRecord): OperationCounts => bulk.countsOfHolder(row, orderStatuses);

/** Moves `n` items from one counter to another (in the transaction that moved them). */
export const bump = (
  db: Executor,
  appId: string,
  operationId: string,
  moves: { from: OrderStatus | null; to: OrderStatus | null; n: number }[],
  extra: SQL[] = [],
) => bulk.bumpCounters(db, operationTables, appId, operationId, moves, extra);

export interface OperationListFilter extends HolderListFilter {
  status?: OperationStatus;
}

/** The operations in the scope; drafts never saved are not listed. */
export const listOperations = (db: Executor, scope: Scope, filter: OperationListFilter): Promise<{ rows: OperationRow[] } & PageTotal> =>
  bulk.listHolders(db, operationTables, scope, filter, [
    sql`${operations.savedAt} is not null`,
    filter.status ? eq(operations.status, filter.status) : undefined,
  ]);

/** The pending or ready operations (index `operations_app_status_idx`), newest sent or created first: the home's. */
export const inProgressOperations = (db: Executor, scope: Scope, opts: { limit: number; by: 'createdAt' | 'sentAt' }) =>
  bulk.inProgressHolders<OperationRecord>(db, operationTables, scope, opts);

export const findOperation = (db: Executor, scope: Scope, id: string, opts: { lock?: boolean } = {}): Promise<OperationRow | undefined> =>
  bulk.findHolder(db, operationTables, scope, id, opts);

export const updateOperation = (db: Executor, appId: string, id: string, patch: Partial<typeof operations.$inferInsert>) =>
  bulk.updateHolder(db, operationTables, appId, id, patch);

export async function documentsOf(db: Executor, appId: string, operationId: string): Promise<OperationDocumentRow[]> {
  return db
    .select()
    .from(operationDocuments)
    .where(and(eq(operationDocuments.appId, appId), eq(operationDocuments.operationId, operationId)))
    .orderBy(asc(operationDocuments.fileName));
}

/** Orders per file name (the documents tab says how many orders use each file). */
export async function ordersPerDocument(db: Executor, appId: string, operationId: string): Promise<Map<string, number>> {
  // The counts the database keeps with the orders (migration 0057): one row per file name, not a scan of the orders.
  const rows = await db
    .select({ name: operationDocumentUsage.documentName, n: operationDocumentUsage.orders })
    .from(operationDocumentUsage)
    .where(and(eq(operationDocumentUsage.appId, appId), eq(operationDocumentUsage.operationId, operationId)));
  return new Map(rows.map((r) => [r.name, r.n]));
}

/** File names the orders name that the pool does not hold (first 100), for the save rules and the import report. */
export async function missingDocuments(db: Executor, appId: string, operationId: string): Promise<string[]> {
  const result = (await db.execute(sql`
    select distinct o.document_name as name from ${operationOrders} o
    where o.app_id = ${appId} and o.operation_id = ${operationId}
      and not exists (select 1 from ${operationDocuments} d where d.operation_id = o.operation_id and d.file_name = o.document_name)
    order by 1 limit 100`)) as unknown as { rows: { name: string }[] };
  return result.rows.map((r) => r.name);
}

export interface NewOrder {
  signers: OrderSigner[];
  documentName: string;
  fields: OrderField[];
}
export const searchTextOf = (o: Pick<NewOrder, 'signers' | 'documentName'>) =>
  [...o.signers.flatMap((s) => [s.firstname, s.lastname, s.email]), o.documentName].join(' ').toLowerCase();

/** Adds orders after the last row (status draft), 1,000 per statement; returns how many. */
export async function appendOrders(db: Executor, appId: string, operationId: string, list: readonly NewOrder[]): Promise<number> {
  if (!list.length) return 0;
  let next = await bulk.nextRowIndex(db, operationTables, appId, operationId);
  for (let i = 0; i < list.length; i += 1000) {
    await db
      .insert(operationOrders)
      .values(list.slice(i, i + 1000).map((o) => ({ ...o, appId, operationId, rowIndex: next++, status: 'draft' as const, searchText: searchTextOf(o) })));
  }
  return list.length;
}

export async function deleteOrders(db: Executor, appId: string, operationId: string) {
  await db.delete(operationOrders).where(and(eq(operationOrders.appId, appId), eq(operationOrders.operationId, operationId)));
}

export interface OrderFilter extends RowListFilter<OrderStatus> {
  search?: string;
  orderBy?: 'rowIndex' | 'document' | 'status';
}
const orderSortable = { rowIndex: 'rowIndex', document: 'documentName', status: 'status' } as const;

/** A page of orders; a search goes through the trigram index of the search text (signers' names, e-mails, file name). */
export const listOrders = (db: Executor, appId: string, operationId: string, filter: OrderFilter) =>
  bulk.listRows<OrderRow>(db, operationTables, appId, operationId, filter, {
    orderBy: orderSortable[filter.orderBy ?? 'rowIndex'],
    // The search text is stored lower-cased (searchTextOf) and the term is lower-cased the same way: LIKE, not ILIKE,
    // which lower-cases every row it tests (a broad search's lookup: 16 → 5 ms at 1,000,000 orders).
    walk: filter.search ? like(operationOrders.searchText, containsPattern(filter.search.toLowerCase())) : undefined,
    walkFilter: filter.search ? sql`strpos(${operationOrders.searchText}, ${filter.search.toLowerCase()}) > 0` : undefined,
  });

export const findOrder = (db: Executor, appId: string, operationId: string, id: string, opts: { lock?: boolean } = {}) =>
  bulk.findRow<OrderRow>(db, operationTables, appId, operationId, id, opts);

/** Drafts never saved (GET ids), older than `before`, swept. */
export async function deleteUnsavedDrafts(db: Executor, appId: string, before: Date) {
  await db
    .delete(operations)
    .where(and(eq(operations.appId, appId), isNull(operations.savedAt), eq(operations.status, 'draft'), lt(operations.createdAt, before)));
}

export const insertOperation = (db: Executor, row: typeof operations.$inferInsert): Promise<string> => bulk.insertHolder(db, operationTables, row);

export async function deleteOperation(db: Executor, appId: string, id: string) {
  await db.delete(operations).where(and(eq(operations.appId, appId), eq(operations.id, id)));
}

/** A file joins the pool; one of the same name is replaced. */
export async function putDocument(db: Executor, values: typeof operationDocuments.$inferInsert) {
  await db
    .insert(operationDocuments)
    .values(values)
    .onConflictDoUpdate({ target: [operationDocuments.operationId, operationDocuments.fileName], set: values });
}

export async function titleDocument(db: Executor, operationId: string, fileName: string, title: string) {
  await db
    .update(operationDocuments)
    .set({ title })
    .where(and(eq(operationDocuments.operationId, operationId), eq(operationDocuments.fileName, fileName)));
}

/** A file of the pool removed; whether there was one. */
export async function deleteDocument(db: Executor, appId: string, operationId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(operationDocuments)
    .where(and(eq(operationDocuments.appId, appId), eq(operationDocuments.operationId, operationId), eq(operationDocuments.id, id)))
    .returning({ id: operationDocuments.id });
  return gone.length > 0;
}

/** Counts orders appended to a draft. */
export const addOrderCount = (db: Executor, appId: string, operationId: string, n: number) =>
  bump(db, appId, operationId, [{ from: null, to: 'draft', n }], [sql`order_count = order_count + ${n}`]);

/** Counts orders an import appended; the draft counts as saved from then on. */
export const addImportedOrderCount = (db: Executor, appId: string, operationId: string, n: number) =>
  bump(db, appId, operationId, [{ from: null, to: 'draft', n }], [sql`order_count = order_count + ${n}`, sql`saved_at = coalesce(saved_at, now())`]);

/** A draft order removed, the operation's counters with it. */
export const deleteDraftOrder = (db: Executor, appId: string, operationId: string, id: string) =>
  bulk.deleteDraftRow(db, operationTables, appId, operationId, id, 'order_count');

/** A draft order's new content (its search text with it). */
export async function updateOrder(db: Executor, id: string, order: NewOrder) {
  await db
    .update(operationOrders)
    .set({ ...order, searchText: searchTextOf(order), updatedAt: new Date() })
    .where(eq(operationOrders.id, id));
}

/** Retention: the orders' signers pseudonymised (their search text and errors with them); how many people. */
export async function pseudonymiseOrders(tx: Tx, appId: string, operationId: string, now: Date): Promise<number> {
  const orders = await tx
    .select({ id: operationOrders.id, signers: operationOrders.signers })
    .from(operationOrders)
    .where(and(eq(operationOrders.appId, appId), eq(operationOrders.operationId, operationId)));
  let people = 0;
  for (const order of orders) {
    const signers = order.signers.map((s, i) => ({ ...s, ...erasedIdentity(`${order.id}:${i}`) }));
    people += signers.length;
    await tx.update(operationOrders).set({ signers, searchText: '', error: null, updatedAt: now }).where(eq(operationOrders.id, order.id));
  }
  await forgetModelPersons(tx, appId, eq(operations.id, operationId), () => true);
  return people;
}

/**
 * The prefilled persons an operation made from a template copied (order-model.ts) go with its orders' people: at the
 * signer-data retention (all of them) and at a person's erasure (theirs). The roles stay, without their person.
 */
async function forgetModelPersons(tx: Tx, appId: string, which: SQL, forget: (email: string) => boolean): Promise<void> {
  const rows = await tx
    .select({ id: operations.id, orderModel: operations.orderModel })
    .from(operations)
    .where(and(eq(operations.appId, appId), isNotNull(operations.orderModel), which));
  for (const { id, orderModel } of rows) {
    if (!orderModel?.roles.some((r) => r.prefill && forget(r.prefill.email))) continue;
    const roles = orderModel.roles.map((r) => (r.prefill && forget(r.prefill.email) ? { ...r, prefill: null } : r));
    await tx
      .update(operations)
      .set({ orderModel: { ...orderModel, roles } })
      .where(eq(operations.id, id));
  }
}

const namesAddress = (email: string) =>
  sql`exists (select 1 from jsonb_array_elements(${operationOrders.signers}) s where lower(s->>'email') = ${email.toLowerCase()})`;

/** The operations where the person signs an order not sent yet (draft, before send): an erasure waits for them. */
export const unsentOrdersOf = (db: Executor, appId: string, email: string) =>
  bulk.holdersOfPerson(db, operationTables, appId, namesAddress(email), ['draft', 'beforeSend'] satisfies OrderStatus[]);

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
    await tx
      .update(operationOrders)
      .set({ signers, searchText: searchTextOf({ signers, documentName: order.documentName }) })
      .where(eq(operationOrders.id, order.id));
  }
  const address = email.toLowerCase();
  await forgetModelPersons(
    tx,
    appId,
    sql`${operations.orderModel}->'roles' @> ${JSON.stringify([{ prefill: {} }])}::jsonb`,
    (e) => e.toLowerCase() === address,
  );
  return erased;
}

/** A person's access export (art. 15): each order naming them, with their entry in it (not the other signers). */
export async function ordersOfPerson(db: Executor, appId: string, email: string) {
  const rows = await db
    .select({
      operationId: operations.id,
      operationLabel: operations.label,
      orderId: operationOrders.id,
      status: operationOrders.status,
      requestId: operationOrders.requestId,
      sentAt: operationOrders.sentAt,
      documentName: operationOrders.documentName,
      signers: operationOrders.signers,
    })
    .from(operationOrders)
    .innerJoin(operations, eq(operations.id, operationOrders.operationId))
    .where(and(eq(operationOrders.appId, appId), namesAddress(email)))
    .orderBy(asc(operationOrders.id));
  return rows.flatMap(({ signers, ...order }) => signers.filter((s) => s.email.toLowerCase() === email.toLowerCase()).map((s) => ({ ...order, ...s })));
}

/** The tenant's remembered import mapping: each field with the header text it was read from (none saved: null). */
export async function findImportMapping(db: Executor, appId: string): Promise<Record<string, string> | null> {
  const [row] = await db.select({ headers: operationImportMappings.headers }).from(operationImportMappings).where(eq(operationImportMappings.appId, appId));
  return row?.headers ?? null;
}

/** Remembers the tenant's import mapping (replaces the one saved before). */
export async function saveImportMapping(db: Executor, appId: string, userId: string, headers: Record<string, string>): Promise<void> {
  const values = { headers, updatedBy: userId, updatedAt: new Date() };
  await db
    .insert(operationImportMappings)
    .values({ appId, ...values })
    .onConflictDoUpdate({ target: operationImportMappings.appId, set: values });
}

/** Forgets the tenant's import mapping; false when none was saved. */
export async function deleteImportMapping(db: Executor, appId: string): Promise<boolean> {
  const gone = await db.delete(operationImportMappings).where(eq(operationImportMappings.appId, appId)).returning({ appId: operationImportMappings.appId });
  return gone.length > 0;
}
