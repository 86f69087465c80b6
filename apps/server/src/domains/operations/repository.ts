import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { orderStatuses, type OperationCounts, type OperationStatus, type OrderStatus } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { moveCounters } from '../../platform/db/counters.ts';
import { containsPattern, listPage, matchIds, type PageTotal, olderThan, pastRow, type Keyset, type RowKeyset } from '../../platform/db/lists.ts';
import { displayNamesOf } from '../users/index.ts';
import { operationDocuments, operationOrders, operations, type OrderField, type OrderSigner } from './schema.ts';

export type OperationRecord = typeof operations.$inferSelect;
export type OperationRow = OperationRecord & { ownerName: string | null };
export type OperationDocumentRow = typeof operationDocuments.$inferSelect;
export type OrderRow = typeof operationOrders.$inferSelect;

/** Every query takes the tenant; `ownerIds` limits a non-GERANT/COMPTABLE to their own and their descendants' operations. */
export interface Scope {
  appId: string;
  ownerIds?: string[];
}
const noId = '00000000-0000-0000-0000-000000000000';
const inScope = (scope: Scope): SQL =>
  and(eq(operations.appId, scope.appId), scope.ownerIds ? inArray(operations.ownerUserId, scope.ownerIds.length ? scope.ownerIds : [noId]) : undefined)!;

async function withOwners(db: Executor, records: OperationRecord[]): Promise<OperationRow[]> {
  const names = await displayNamesOf(db, records.flatMap((r) => (r.ownerUserId ? [r.ownerUserId] : [])));
  return records.map((r) => ({ ...r, ownerName: r.ownerUserId ? (names.get(r.ownerUserId) ?? null) : null }));
}

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
export const countsOf = (row: OperationRecord): OperationCounts => Object.fromEntries(orderStatuses.map((s) => [s, row[counterKey[s]] as number])) as OperationCounts;

/** Moves `n` items from one counter to another (in the transaction that moved them). */
export const bump = (db: Executor, appId: string, operationId: string, moves: { from: OrderStatus | null; to: OrderStatus | null; n: number }[], extra: SQL[] = []) =>
  moveCounters(db, operations, counterColumn, { appId, id: operationId }, moves, extra);

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
  const { rows, ...total } = await listPage(db, operations, { where, orderBy: (c) => [direction(c[key]), direction(c.id)], limit: filter.limit, offset: filter.offset });
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
  const query = db.select().from(operations).where(and(inScope(scope), eq(operations.id, id)));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row && (await withOwners(db, [row]))[0];
}

export async function updateOperation(db: Executor, appId: string, id: string, patch: Partial<typeof operations.$inferInsert>) {
  await db.update(operations).set({ ...patch, updatedAt: new Date() }).where(and(eq(operations.appId, appId), eq(operations.id, id)));
}

export async function documentsOf(db: Executor, appId: string, operationId: string): Promise<OperationDocumentRow[]> {
  return db.select().from(operationDocuments).where(and(eq(operationDocuments.appId, appId), eq(operationDocuments.operationId, operationId))).orderBy(asc(operationDocuments.fileName));
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
export const searchTextOf = (o: Pick<NewOrder, 'signers' | 'documentName'>) => [...o.signers.flatMap((s) => [s.firstname, s.lastname, s.email]), o.documentName].join(' ').toLowerCase();

/** Adds orders after the last row (status draft), 1,000 per statement; returns how many. */
export async function appendOrders(db: Executor, appId: string, operationId: string, list: readonly NewOrder[]): Promise<number> {
  if (!list.length) return 0;
  const [last] = await db
    .select({ max: sql<number | null>`max(${operationOrders.rowIndex})` })
    .from(operationOrders)
    .where(and(eq(operationOrders.appId, appId), eq(operationOrders.operationId, operationId)));
  let next = (last?.max ?? -1) + 1;
  for (let i = 0; i < list.length; i += 1000) {
    await db.insert(operationOrders).values(list.slice(i, i + 1000).map((o) => ({ ...o, appId, operationId, rowIndex: next++, status: 'draft' as const, searchText: searchTextOf(o) })));
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
export async function listOrders(db: Executor, appId: string, operationId: string, filter: OrderFilter): Promise<{ rows: OrderRow[]; total: number | null; capped: boolean }> {
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
    const rows = await db.select().from(operationOrders).where(where).orderBy(...orderBy(operationOrders)).limit(filter.limit).offset(filter.offset);
    return { rows, total: null, capped: false };
  }
  const walk = ilike(operationOrders.searchText, containsPattern(filter.search.toLowerCase()));
  const ids = await matchIds(db, [(limit) => db.select({ id: operationOrders.id }).from(operationOrders).where(and(eq(operationOrders.appId, appId), eq(operationOrders.operationId, operationId), walk)).limit(limit)]);
  return listPage(db, operationOrders, { where, matches: { ids, walk }, orderBy, limit: filter.limit, offset: filter.offset });
}

export async function findOrder(db: Executor, appId: string, operationId: string, id: string, opts: { lock?: boolean } = {}): Promise<OrderRow | undefined> {
  const query = db.select().from(operationOrders).where(and(eq(operationOrders.appId, appId), eq(operationOrders.operationId, operationId), eq(operationOrders.id, id)));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

/** Moves every order of the operation in `from` to `to`; returns how many moved from each status. */
export async function moveOrders(db: Executor, appId: string, operationId: string, from: readonly OrderStatus[], to: OrderStatus, extra: SQL = sql``) {
  const result = (await db.execute(sql`
    with moved as (
      select id, status from ${operationOrders}
      where app_id = ${appId} and operation_id = ${operationId} and status in (${sql.join(from.map((s) => sql`${s}`), sql`, `)})
      for update
    ), updated as (
      update ${operationOrders} o set status = ${to}, updated_at = now() ${extra}
      from moved where o.id = moved.id
      returning moved.status as old
    )
    select old as status, count(*)::int as n from updated group by old`)) as unknown as { rows: { status: OrderStatus; n: number }[] };
  return result.rows;
}
