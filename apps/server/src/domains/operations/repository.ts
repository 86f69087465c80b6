import { and, asc, desc, eq, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { orderStatuses, type OperationCounts, type OperationStatus, type OrderStatus } from '@paraphe/contracts';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { moveCounters } from '../../platform/db/counters.ts';
import {
  containsPattern,
  listPage,
  matchIds,
  ownedInScope,
  type OwnerScope,
  type PageTotal,
  olderThan,
  pastRow,
  type Keyset,
  type RowKeyset,
} from '../../platform/db/lists.ts';
import { withOwners, type BulkTables, type RowCondition } from '../bulk/index.ts';
import { erasedIdentity } from '../signatures/index.ts';
import { operationDocuments, operationImportMappings, operationOrders, operations, type OrderField, type OrderSigner } from './schema.ts';

export type OperationRecord = typeof operations.$inferSelect;
export type OperationRow = OperationRecord & { ownerName: string | null };
export type OperationDocumentRow = typeof operationDocuments.$inferSelect;
export type OrderRow = typeof operationOrders.$inferSelect;

/** Every query takes the tenant; `ownerIds` limits a non-GERANT/COMPTABLE to their own and their descendants' operations. */
export type Scope = OwnerScope;
const inScope = (scope: Scope): SQL => ownedInScope(operations, scope);

/** The counter column of each order status. */
const counterColumn: Record<OrderStatus, string> = {
  draft: 'n_draft',
  beforeSend: 'n_before_send',
  pending: 'n_pending',
  ready: 'n_ready',
  completed: 'n_completed',
  failed: 'n_failed',
  canceled: 'n_canceled',
  expired: 'n_expired',
};
const counterKey: Record<OrderStatus, keyof OperationRecord> = {
  draft: 'nDraft',
  beforeSend: 'nBeforeSend',
  pending: 'nPending',
  ready: 'nReady',
  completed: 'nCompleted',
  failed: 'nFailed',
  canceled: 'nCanceled',
  expired: 'nExpired',
};
/** An operation and its orders as the bulk engine reads them (docs/architecture.md "The bulk engine"). */
export const operationTables: BulkTables<OrderStatus> = {
  holder: operations,
  rows: operationOrders,
  holderId: operationOrders.operationId,
  counters: counterColumn,
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

export const countsOf = (row: OperationRecord): OperationCounts =>
  Object.fromEntries(orderStatuses.map((s) => [s, row[counterKey[s]] as number])) as OperationCounts;

/** Moves `n` items from one counter to another (in the transaction that moved them). */
export const bump = (
  db: Executor,
  appId: string,
  operationId: string,
  moves: { from: OrderStatus | null; to: OrderStatus | null; n: number }[],
  extra: SQL[] = [],
) => moveCounters(db, operations, counterColumn, { appId, id: operationId }, moves, extra);

export interface OperationListFilter {
  search?: string;
  status?: OperationStatus;
  limit: number;
  offset: number;
  order: 'ASC' | 'DESC';
  orderBy?: 'createdAt' | 'label' | 'status' | 'sentAt';
  /** Keyset paging (the public API's cursor): only rows older than this one; newest first, offset 0. */
  after?: Keyset;
}

/** A tenant has at most a few thousand operations: a search filters the walk. Drafts never saved are not listed. */
export async function listOperations(db: Executor, scope: Scope, filter: OperationListFilter): Promise<{ rows: OperationRow[] } & PageTotal> {
  const term = filter.search ? containsPattern(filter.search) : undefined;
  const where = and(
    inScope(scope),
    sql`${operations.savedAt} is not null`,
    filter.status ? eq(operations.status, filter.status) : undefined,
    term ? or(ilike(operations.label, term), ilike(operations.description, term)) : undefined,
    filter.after ? olderThan(operations, scope.appId, filter.after) : undefined,
  );
  const direction = filter.order === 'ASC' ? asc : desc;
  const key = filter.orderBy ?? 'createdAt';
  const { rows, ...total } = await listPage(db, operations, {
    where,
    orderBy: (c) => [direction(c[key]), direction(c.id)],
    limit: filter.limit,
    offset: filter.offset,
  });
  return { rows: await withOwners(db, rows), ...total };
}

/** The pending or ready operations (index `operations_app_status_idx`), newest sent or created first: the home's. */
export async function inProgressOperations(db: Executor, scope: Scope, opts: { limit: number; by: 'createdAt' | 'sentAt' }): Promise<OperationRecord[]> {
  return db
    .select()
    .from(operations)
    .where(and(inScope(scope), inArray(operations.status, ['pending', 'ready'])))
    .orderBy(opts.by === 'sentAt' ? sql`${operations.sentAt} desc nulls last` : desc(operations.createdAt), desc(operations.id))
    .limit(opts.limit);
}

export async function findOperation(db: Executor, scope: Scope, id: string, opts: { lock?: boolean } = {}): Promise<OperationRow | undefined> {
  const query = db
    .select()
    .from(operations)
    .where(and(inScope(scope), eq(operations.id, id)));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row && (await withOwners(db, [row]))[0];
}

export async function updateOperation(db: Executor, appId: string, id: string, patch: Partial<typeof operations.$inferInsert>) {
  await db
    .update(operations)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(operations.appId, appId), eq(operations.id, id)));
}

export async function documentsOf(db: Executor, appId: string, operationId: string): Promise<OperationDocumentRow[]> {
  return db
    .select()
    .from(operationDocuments)
    .where(and(eq(operationDocuments.appId, appId), eq(operationDocuments.operationId, operationId)))
    .orderBy(asc(operationDocuments.fileName));
}

/** Orders per file name (the documents tab says how many orders use each file). */
export async function ordersPerDocument(db: Executor, appId: string, operationId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ name: operationOrders.documentName, n: sql<number>`count(*)::int` })
    .from(operationOrders)
    .where(and(eq(operationOrders.appId, appId), eq(operationOrders.operationId, operationId)))
    .groupBy(operationOrders.documentName);
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
  const [last] = await db
    .select({ max: sql<number | null>`max(${operationOrders.rowIndex})` })
    .from(operationOrders)
    .where(and(eq(operationOrders.appId, appId), eq(operationOrders.operationId, operationId)));
  let next = (last?.max ?? -1) + 1;
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

export interface OrderFilter {
  status?: OrderStatus;
  search?: string;
  limit: number;
  offset: number;
  order: 'ASC' | 'DESC';
  orderBy?: 'rowIndex' | 'document' | 'status';
  /** Keyset paging in the operation's order (the public API's cursor; orderBy rowIndex, offset 0). */
  after?: RowKeyset;
}
const orderSortable = { rowIndex: 'rowIndex', document: 'documentName', status: 'status' } as const;

/** A page of orders; a search goes through the trigram index of the search text (signers' names, e-mails, file name). */
export async function listOrders(
  db: Executor,
  appId: string,
  operationId: string,
  filter: OrderFilter,
): Promise<{ rows: OrderRow[]; total: number | null; capped: boolean }> {
  const where = and(
    eq(operationOrders.appId, appId),
    eq(operationOrders.operationId, operationId),
    filter.status ? eq(operationOrders.status, filter.status) : undefined,
    filter.after ? pastRow(operationOrders, filter.after, filter.order) : undefined,
  );
  const direction = filter.order === 'ASC' ? asc : desc;
  const key = orderSortable[filter.orderBy ?? 'rowIndex'];
  const orderBy = (c: typeof operationOrders) => [direction(c[key]), direction(c.id)];
  if (!filter.search) {
    const rows = await db
      .select()
      .from(operationOrders)
      .where(where)
      .orderBy(...orderBy(operationOrders))
      .limit(filter.limit)
      .offset(filter.offset);
    return { rows, total: null, capped: false };
  }
  const walk = ilike(operationOrders.searchText, containsPattern(filter.search.toLowerCase()));
  const ids = await matchIds(db, [
    (limit) =>
      db
        .select({ id: operationOrders.id })
        .from(operationOrders)
        .where(and(eq(operationOrders.appId, appId), eq(operationOrders.operationId, operationId), walk))
        .limit(limit),
  ]);
  return listPage(db, operationOrders, { where, matches: { ids, walk }, orderBy, limit: filter.limit, offset: filter.offset });
}

export async function findOrder(db: Executor, appId: string, operationId: string, id: string, opts: { lock?: boolean } = {}): Promise<OrderRow | undefined> {
  const query = db
    .select()
    .from(operationOrders)
    .where(and(eq(operationOrders.appId, appId), eq(operationOrders.operationId, operationId), eq(operationOrders.id, id)));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

/** Drafts never saved (GET ids), older than `before`, swept. */
export async function deleteUnsavedDrafts(db: Executor, appId: string, before: Date) {
  await db
    .delete(operations)
    .where(and(eq(operations.appId, appId), isNull(operations.savedAt), eq(operations.status, 'draft'), lt(operations.createdAt, before)));
}

export async function insertOperation(db: Executor, row: typeof operations.$inferInsert): Promise<string> {
  const [inserted] = await db.insert(operations).values(row).returning({ id: operations.id });
  return inserted!.id;
}

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
export async function deleteDraftOrder(db: Executor, appId: string, operationId: string, id: string) {
  await db.delete(operationOrders).where(eq(operationOrders.id, id));
  await bump(db, appId, operationId, [{ from: 'draft', to: null, n: 1 }], [sql`order_count = order_count - 1`]);
}

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
  return people;
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
    await tx
      .update(operationOrders)
      .set({ signers, searchText: searchTextOf({ signers, documentName: order.documentName }) })
      .where(eq(operationOrders.id, order.id));
  }
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
