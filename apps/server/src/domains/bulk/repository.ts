import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { moveCounters } from '../../platform/db/counters.ts';
import { encodeRowCursor } from '../../platform/db/cursor.ts';
import {
  containsPattern,
  keysetPage,
  listCountCap,
  listPage,
  matchIds,
  olderThan,
  ownedInScope,
  pastRow,
  type Keyset,
  type OwnerScope,
  type PageCursor,
  type PageTotal,
  type RowKeyset,
} from '../../platform/db/lists.ts';
import { withOwners } from './access.ts';

/**
 * The bulk engine's queries, over the tables of the domain that uses it (a campaign and its signatories, an operation
 * and its orders): the "holder" row with one counter per row status, and its rows, each of which becomes one
 * signature request. The tables are described by the domain's repository (BulkTables); every query takes the tenant.
 */
type WithColumns<K extends string> = PgTable & Record<K, PgColumn>;

/** What the engine reads and writes of a domain's tables. */
export interface BulkTables<S extends string = string> {
  holder: WithColumns<
    'id' | 'appId' | 'ownerUserId' | 'status' | 'label' | 'description' | 'createdAt' | 'sentAt' | 'archiveKey' | 'documentsPurgedAt' | 'signerDataPurgedAt'
  >;
  rows: WithColumns<'id' | 'appId' | 'status' | 'rowIndex' | 'requestId' | 'attempts'>;
  /** The rows' column naming their holder (campaign_id, operation_id). */
  holderId: PgColumn;
  /** The rows' column of their request's signer, where the domain keeps it (a campaign copy has one signer). */
  signerId?: PgColumn;
  /** The holder's counter column of each row status. */
  counters: Record<S, string>;
  /** The row statuses not final yet: a ready holder whose counters of these are all 0 is settled. */
  unfinished: readonly S[];
  /** The status a settled holder takes (SQL over its counters); 'completed' when not given. */
  settledStatus?: SQL;
  /** Retention: the holder statuses that make no more requests, when it ended, the row statuses still waiting. */
  retention: { over: readonly string[]; endedAt: SQL; waiting: readonly S[] };
  /** The stored files the domain's rows reference, each column with the column naming its holder in that table. */
  files: readonly { key: PgColumn; holderId: PgColumn }[];
}

/** A condition on the rows a chunk may claim besides their status (the domain's repository writes it). */
export type RowCondition = SQL | undefined;

/** A status's counter column on the holder: `n_` and the status in snake case (beforeSend: n_before_send). */
const counterColumnOf = (status: string) => `n_${status.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
/** Its key on the holder record: `n` and the status capitalised (beforeSend: nBeforeSend). */
const counterKeyOf = (status: string) => `n${status[0]!.toUpperCase()}${status.slice(1)}`;

/** The holder's counter column of each row status (BulkTables.counters). */
export const counterColumns = <S extends string>(statuses: readonly S[]) =>
  Object.fromEntries(statuses.map((s) => [s, counterColumnOf(s)])) as Record<S, string>;

/** The holder record's counters by row status (the contracts' counts). */
export const countsOfHolder = <S extends string>(row: object, statuses: readonly S[]) =>
  Object.fromEntries(statuses.map((s) => [s, (row as Record<string, number>)[counterKeyOf(s)]])) as Record<S, number>;

const column = (c: PgColumn) => sql.identifier(c.name);
const listOf = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const ofHolder = (t: BulkTables, appId: string, holderId: string) => sql`${t.rows.appId} = ${appId} and ${t.holderId} = ${holderId}`;
const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

/** Moves `n` rows from one counter to another (in the transaction that moved them). */
export const bumpCounters = <S extends string>(
  db: Executor,
  t: BulkTables<S>,
  appId: string,
  holderId: string,
  moves: readonly { from: S | null; to: S | null; n: number }[],
  extra: SQL[] = [],
) => moveCounters(db, t.holder, t.counters, { appId, id: holderId }, moves, extra);

/** A chunk's rows sent or failed: the counters moved and the requests made counted as dispatched. */
export const bumpDispatched = <S extends string>(
  db: Executor,
  t: BulkTables<S>,
  appId: string,
  holderId: string,
  from: S,
  to: { sent: S; failed: S },
  n: { sent: number; failed: number },
) =>
  bumpCounters(
    db,
    t,
    appId,
    holderId,
    [
      { from, to: to.sent, n: n.sent },
      { from, to: to.failed, n: n.failed },
    ],
    [sql`dispatched = dispatched + ${n.sent}`],
  );

/** The holder's rows in `status` (and `only`), in row order; locked with SKIP LOCKED when claimed. */
export async function rowsInStatus<R>(
  db: Executor,
  t: BulkTables,
  o: { appId: string; holderId: string; status: string; only?: RowCondition; limit: number; claim: boolean },
): Promise<R[]> {
  const query = db
    .select()
    .from(t.rows)
    .where(and(eq(t.holderId, o.holderId), eq(t.rows.appId, o.appId), eq(t.rows.status, o.status), o.only))
    .orderBy(asc(t.rows.rowIndex))
    .limit(o.limit);
  return (o.claim ? await query.for('update', { skipLocked: true }) : await query) as unknown as R[];
}

/** Only these rows (a chunk that claims what was prepared for it: none prepared, none claimed). */
export const onlyRows = (t: BulkTables, ids: readonly string[]): RowCondition => (ids.length ? inArray(t.rows.id, [...ids]) : sql`false`);

/** The holder's rows after `after` in row order (statuses: among those), a page of `limit`. */
export async function rowsAfter<R>(
  db: Executor,
  t: BulkTables,
  o: { appId: string; holderId: string; statuses?: readonly string[]; after: number; limit: number },
): Promise<R[]> {
  const rows = await db
    .select()
    .from(t.rows)
    .where(
      and(
        eq(t.rows.appId, o.appId),
        eq(t.holderId, o.holderId),
        o.statuses ? inArray(t.rows.status, [...o.statuses]) : undefined,
        sql`${t.rows.rowIndex} > ${o.after}`,
      ),
    )
    .orderBy(asc(t.rows.rowIndex))
    .limit(o.limit);
  return rows as unknown as R[];
}

/** The rows whose requests were made: their status, request (and signer), one more attempt, no error. */
export async function markSent(tx: Tx, t: BulkTables, status: string, made: readonly { id: string; requestId: string; signerId?: string }[], now: Date) {
  if (!made.length) return;
  const values = sql.join(
    made.map((m) => sql`(${m.id}::uuid, ${m.requestId}::uuid, ${m.signerId ?? null}::uuid)`),
    sql`, `,
  );
  const signer = t.signerId ? sql`, ${column(t.signerId)} = v.sid` : sql``;
  await tx.execute(sql`
    update ${t.rows} set status = ${status}, request_id = v.rid${signer}, sent_at = ${now}, attempts = ${t.rows.attempts} + 1, error = null, updated_at = ${now}
    from (values ${values}) as v(id, rid, sid) where ${t.rows.id} = v.id`);
}

/** The rows no request could be made for: failed with the reason, one more attempt. */
export async function markFailed(tx: Tx, t: BulkTables, status: string, failures: ReadonlyMap<string, string>, now: Date) {
  for (const [id, error] of failures) {
    await tx.execute(
      sql`update ${t.rows} set status = ${status}, error = ${error}, attempts = ${t.rows.attempts} + 1, updated_at = ${now} where ${t.rows.id} = ${id}`,
    );
  }
}

/** Moves every row of the holder in `from` to `to`; returns how many moved from each status. */
export async function moveRows<S extends string>(db: Executor, t: BulkTables<S>, appId: string, holderId: string, from: readonly S[], to: S) {
  const result = await db.execute(sql`
    with moved as (
      select id, status from ${t.rows}
      where ${ofHolder(t, appId, holderId)} and ${t.rows.status} in (${listOf(from)})
      for update
    ), updated as (
      update ${t.rows} set status = ${to}, updated_at = now()
      from moved where ${t.rows.id} = moved.id
      returning moved.status as old
    )
    select old as status, count(*)::int as n from updated group by old`);
  return rowsOf<{ status: S; n: number }>(result);
}

/** The failed rows that have no request back to `queued`; how many. */
export async function requeueFailed(tx: Tx, t: BulkTables, appId: string, holderId: string, status: { failed: string; queued: string }): Promise<number> {
  const result = await tx.execute(sql`
    update ${t.rows} set status = ${status.queued}, updated_at = now()
    where ${ofHolder(t, appId, holderId)} and ${t.rows.status} = ${status.failed} and ${t.rows.requestId} is null
    returning id`);
  return rowsOf(result).length;
}

/** One row of a holder, locked when asked. */
export async function findRow<R>(
  db: Executor,
  t: BulkTables,
  appId: string,
  holderId: string,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<R | undefined> {
  const query = db
    .select()
    .from(t.rows)
    .where(and(eq(t.rows.appId, appId), eq(t.holderId, holderId), eq(t.rows.id, id)));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row as R | undefined;
}

export async function setRowStatus(db: Executor, t: BulkTables, id: string, status: string) {
  await db.execute(sql`update ${t.rows} set status = ${status}, updated_at = now() where ${t.rows.id} = ${id}`);
}

export async function deleteRow(db: Executor, t: BulkTables, id: string) {
  await db.delete(t.rows).where(eq(t.rows.id, id));
}

/** A row's request follows a signature event: moved only forward (from one of `from`); what it was, and its holder. */
export async function followRequest<S extends string>(
  tx: Tx,
  t: BulkTables<S>,
  appId: string,
  requestId: string,
  move: { to: S; from: readonly S[]; error?: string },
) {
  const result = await tx.execute(sql`
    with old as (
      select id, status, ${column(t.holderId)} as holder from ${t.rows}
      where app_id = ${appId} and request_id = ${requestId} for update
    )
    update ${t.rows} set status = ${move.to}, updated_at = now() ${move.error ? sql`, error = ${move.error}` : sql``}
    from old where ${t.rows.id} = old.id and old.status in (${listOf(move.from)})
    returning old.status as "from", old.holder as "holderId"`);
  return rowsOf<{ from: S; holderId: string }>(result)[0];
}

/** Up to `limit` rows whose request waits and was not asked to be cancelled yet (locked, SKIP LOCKED). */
export async function rowsToCancel(
  tx: Tx,
  t: BulkTables,
  appId: string,
  holderId: string,
  awaiting: readonly string[],
  limit: number,
): Promise<{ id: string; requestId: string }[]> {
  const result = await tx.execute(sql`
    select id, request_id as "requestId" from ${t.rows}
    where ${ofHolder(t, appId, holderId)} and ${t.rows.status} in (${listOf(awaiting)}) and request_id is not null and cancel_requested_at is null
    order by ${t.rows.rowIndex} limit ${limit} for update skip locked`);
  return rowsOf(result);
}

/** The rows whose requests were asked to be cancelled (asked once). */
export async function markCancelRequested(db: Executor, t: BulkTables, ids: readonly string[], at: Date) {
  if (ids.length) await db.execute(sql`update ${t.rows} set cancel_requested_at = ${at} where ${inArray(t.rows.id, [...ids])}`);
}

/** Sets holder columns (snake_case names) and its updated_at. */
async function setHolder(db: Executor, t: BulkTables, appId: string, id: string, values: Record<string, unknown>) {
  const sets = Object.entries(values).map(([name, value]) => sql`${sql.identifier(name)} = ${value}`);
  await db.execute(sql`update ${t.holder} set ${sql.join([...sets, sql`updated_at = now()`], sql`, `)} where app_id = ${appId} and id = ${id}`);
}

/** Sent: the holder pending, its dispatch started now. */
export const holderQueued = (db: Executor, t: BulkTables, appId: string, id: string, now: Date) =>
  setHolder(db, t, appId, id, { status: 'pending', sent_at: now, dispatch_started_at: now, dispatch_finished_at: null });

/** Its failed rows queued again: pending, neither finished nor completed. */
export const holderRetried = (db: Executor, t: BulkTables, appId: string, id: string) =>
  setHolder(db, t, appId, id, { status: 'pending', dispatch_finished_at: null, completed_at: null });

export const holderCanceled = (db: Executor, t: BulkTables, appId: string, id: string, now: Date, dispatchFinishedAt: Date | null) =>
  setHolder(db, t, appId, id, { status: 'canceled', canceled_at: now, dispatch_finished_at: dispatchFinishedAt ?? now });

export const holderDispatched = (db: Executor, t: BulkTables, appId: string, id: string, status: string, now: Date) =>
  setHolder(db, t, appId, id, { status, dispatch_finished_at: now });

export const holderArchived = (db: Executor, t: BulkTables, appId: string, id: string, key: string, now: Date) =>
  setHolder(db, t, appId, id, { archive_key: key, archive_generated_at: now });

/** A ready holder whose rows are all final takes its settled status; whether it did. */
export async function settleHolder(tx: Tx, t: BulkTables, appId: string, id: string, now: Date): Promise<boolean> {
  const unfinished = sql.join(
    t.unfinished.map((s) => sql.identifier(t.counters[s]!)),
    sql` + `,
  );
  const result = await tx.execute(sql`
    update ${t.holder} set status = ${t.settledStatus ?? sql`'completed'`}, completed_at = ${now}, updated_at = now()
    where app_id = ${appId} and id = ${id} and status = 'ready' and ${unfinished} = 0
    returning id`);
  return rowsOf(result).length > 0;
}

export type PurgeStep = 'documents' | 'signerData';
const doneColumn = (t: BulkTables, step: PurgeStep) => (step === 'documents' ? t.holder.documentsPurgedAt : t.holder.signerDataPurgedAt);

/** Up to `limit` of the tenant's holders over before `before` that still wait for `step`, oldest first. */
export async function holdersPastRetention(db: Executor, t: BulkTables, appId: string, step: PurgeStep, before: Date, limit: number): Promise<string[]> {
  const { over, endedAt, waiting } = t.retention;
  const noRowWaiting = sql`not exists (select 1 from ${t.rows} where ${t.holderId} = ${t.holder.id} and ${t.rows.status} in (${listOf(waiting)}))`;
  const rows = await db
    .select({ id: t.holder.id })
    .from(t.holder)
    .where(
      and(eq(t.holder.appId, appId), inArray(t.holder.status, [...over]), sql`${endedAt} < ${before.toISOString()}`, isNull(doneColumn(t, step)), noRowWaiting),
    )
    .orderBy(asc(endedAt), asc(t.holder.id))
    .limit(limit);
  return rows.map((r) => r.id as string);
}

/** The holder under its row lock, with what the purge needs. */
export async function lockHolder(tx: Tx, t: BulkTables, appId: string, id: string) {
  const [row] = await tx
    .select({
      status: t.holder.status,
      archiveKey: t.holder.archiveKey,
      documentsPurgedAt: t.holder.documentsPurgedAt,
      signerDataPurgedAt: t.holder.signerDataPurgedAt,
    })
    .from(t.holder)
    .where(and(eq(t.holder.appId, appId), eq(t.holder.id, id)))
    .for('update');
  return row as { status: string; archiveKey: string | null; documentsPurgedAt: Date | null; signerDataPurgedAt: Date | null } | undefined;
}

/** The step marked done; the documents' one forgets the archive too. */
export const markPurged = (db: Executor, t: BulkTables, appId: string, id: string, step: PurgeStep, now: Date) =>
  setHolder(
    db,
    t,
    appId,
    id,
    step === 'documents' ? { documents_purged_at: now, archive_key: null, archive_generated_at: null } : { signer_data_purged_at: now },
  );

/** The stored files the holder's rows reference (each once), in the order of the tables' description. */
export async function holderFiles(db: Executor, t: BulkTables, appId: string, id: string): Promise<string[]> {
  const keys: string[] = [];
  for (const file of t.files) {
    const result = await db.execute(
      sql`select ${column(file.key)} as key from ${file.key.table} where app_id = ${appId} and ${column(file.holderId)} = ${id} and ${column(file.key)} is not null`,
    );
    keys.push(...rowsOf<{ key: string }>(result).map((r) => r.key));
  }
  return keys;
}

/** Which of `keys` a row of the domain still references (its files and its holders' archives), every tenant. */
export async function referencedKeys(db: Executor, t: BulkTables, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const key of [...t.files.map((f) => f.key), t.holder.archiveKey]) {
    const rows = await db
      .select({ key })
      .from(key.table)
      .where(and(inArray(key, [...keys]), isNotNull(key)));
    for (const r of rows) found.add(r.key as string);
  }
  return found;
}

/** What a list of holders takes besides the domain's own filters. */
export interface HolderListFilter {
  search?: string;
  limit: number;
  offset: number;
  order: 'ASC' | 'DESC';
  orderBy?: 'createdAt' | 'label' | 'status' | 'sentAt';
  /** Keyset paging (the public API's cursor): only rows older than this one; newest first, offset 0. */
  after?: Keyset;
}

/**
 * A page of the holders in the scope (`only`: the domain's own conditions), with their owner's name. A tenant has
 * at most a few thousand: a search (label, description) filters the walk (no trigram index).
 */
export async function listHolders<H extends { ownerUserId: string | null }>(
  db: Executor,
  t: BulkTables,
  scope: OwnerScope,
  filter: HolderListFilter,
  only: readonly (SQL | undefined)[],
): Promise<{ rows: (H & { ownerName: string | null })[] } & PageTotal> {
  const term = filter.search ? containsPattern(filter.search) : undefined;
  const where = and(
    ownedInScope(t.holder, scope),
    ...only,
    term ? or(ilike(t.holder.label, term), ilike(t.holder.description, term)) : undefined,
    filter.after ? olderThan(t.holder, scope.appId, filter.after) : undefined,
  );
  const direction = filter.order === 'ASC' ? asc : desc;
  const key = filter.orderBy ?? 'createdAt';
  const { rows, ...total } = await listPage(db, t.holder, {
    where,
    orderBy: (c) => [direction(c[key]), direction(c.id)],
    limit: filter.limit,
    offset: filter.offset,
  });
  return { rows: await withOwners(db, rows as H[]), ...total };
}

/** A holder in the scope (and `only`), locked when asked, with its owner's name. */
export async function findHolder<H extends { ownerUserId: string | null }>(
  db: Executor,
  t: BulkTables,
  scope: OwnerScope,
  id: string,
  opts: { lock?: boolean },
  only?: SQL,
): Promise<(H & { ownerName: string | null }) | undefined> {
  const query = db
    .select()
    .from(t.holder)
    .where(and(ownedInScope(t.holder, scope), eq(t.holder.id, id), only));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row && (await withOwners(db, [row as H]))[0];
}

/** The holders in the scope being sent or awaiting signatures (pending, ready), newest sent or created first. */
export async function inProgressHolders<H>(db: Executor, t: BulkTables, scope: OwnerScope, opts: { limit: number; by: 'createdAt' | 'sentAt' }, only?: SQL) {
  const rows = await db
    .select()
    .from(t.holder)
    .where(and(ownedInScope(t.holder, scope), inArray(t.holder.status, ['pending', 'ready']), only))
    .orderBy(opts.by === 'sentAt' ? sql`${t.holder.sentAt} desc nulls last` : desc(t.holder.createdAt), desc(t.holder.id))
    .limit(opts.limit);
  return rows as H[];
}

export async function insertHolder(db: Executor, t: BulkTables, row: object): Promise<string> {
  const [inserted] = await db
    .insert(t.holder)
    .values(row as never)
    .returning({ id: t.holder.id });
  return inserted!.id as string;
}

export async function updateHolder(db: Executor, t: BulkTables, appId: string, id: string, patch: object) {
  await db
    .update(t.holder)
    .set({ ...patch, updatedAt: new Date() } as never)
    .where(and(eq(t.holder.appId, appId), eq(t.holder.id, id)));
}

/** The row index after the holder's last row (rows are appended in order). */
export async function nextRowIndex(db: Executor, t: BulkTables, appId: string, holderId: string): Promise<number> {
  const [last] = await db
    .select({ max: sql<number | null>`max(${t.rows.rowIndex})` })
    .from(t.rows)
    .where(and(eq(t.rows.appId, appId), eq(t.holderId, holderId)));
  return (last?.max ?? -1) + 1;
}

/** What a page of a holder's rows takes. */
export interface RowListFilter<S extends string = string> {
  status?: S;
  limit: number;
  offset: number;
  order: 'ASC' | 'DESC';
  /** Keyset paging in the holder's order (the public API's cursor; ordered by row index, offset 0). */
  after?: RowKeyset;
}

/**
 * A page of a holder's rows ordered by `orderBy` (a key of the rows' table). Without a search (`walk`: its condition)
 * the holder's counters say how many there are (total null: the caller takes them; no count over 100,000 rows). A
 * search looks the ids up through the trigram indexes with the holder and the status filter (GIN keys of those
 * indexes, migration 0052) when it matches few rows, else walks the holder's order with the search as a filter, its
 * total "1,000+" without counting again (the lookup applied every condition). In the row order, `nextCursor` is the
 * next page's cursor (docs/lists.md "Deep pages"; null on the last page).
 */
export async function listRows<R>(
  db: Executor,
  t: BulkTables,
  appId: string,
  holderId: string,
  filter: RowListFilter,
  o: {
    orderBy: string;
    /** The search as the trigram lookup runs it (LIKE: an index condition there). */
    walk?: SQL;
    /**
     * The same search as the page's filter when it walks the order (a broad search), written so the planner expects
     * many matches (`strpos(…) > 0`: a third of the rows, its default). Under row level security it may not read the
     * column's statistics for LIKE (not leakproof) and guesses a pattern's selectivity from its letters: 14 of a
     * status's 100,000 signatories for "martin" (14,290 in fact), so it read all 100,000 and sorted them (130 ms)
     * instead of walking the status's order index for 21 (0.3 ms; docs/lists.md).
     */
    walkFilter?: SQL;
  },
): Promise<{ rows: R[]; total: number | null; capped: boolean; nextCursor?: string | null }> {
  const inHolder = and(eq(t.rows.appId, appId), eq(t.holderId, holderId), filter.status ? eq(t.rows.status, filter.status) : undefined);
  const where = and(inHolder, filter.after ? pastRow(t.rows, filter.after, filter.order) : undefined);
  const direction = filter.order === 'ASC' ? asc : desc;
  const orderBy = (c: BulkTables['rows']) => [direction((c as unknown as Record<string, PgColumn>)[o.orderBy]!), direction(c.id)];
  const cursor = { of: o.orderBy === 'rowIndex' ? (row: { rowIndex: number; id: string }) => encodeRowCursor(row) : undefined, given: !!filter.after };
  const { walk } = o;
  if (!walk) {
    const read = await db
      .select()
      .from(t.rows)
      .where(where)
      .orderBy(...orderBy(t.rows))
      .limit(filter.limit + 1)
      .offset(filter.offset);
    const { rows, nextCursor } = keysetPage(read as { rowIndex: number; id: string }[], filter.limit, cursor);
    return { rows: rows as R[], total: null, capped: false, ...(nextCursor !== undefined ? { nextCursor } : {}) };
  }
  const ids = await matchIds(db, [(limit) => db.select({ id: t.rows.id }).from(t.rows).where(and(inHolder, walk)).limit(limit) as Promise<{ id: string }[]>]);
  const page = await listPage(db, t.rows, {
    where,
    matches: { ids, walk: o.walkFilter ?? walk, complete: !cursor.given },
    orderBy,
    limit: filter.limit,
    offset: filter.offset,
    cap: listCountCap,
    cursor: cursor as PageCursor<BulkTables['rows']['$inferSelect']>,
  });
  return { ...page, rows: page.rows as R[] };
}

/** The holders where a person (`person`: a condition on a row) has a row in one of `statuses` (an erasure waits for them). */
export async function holdersOfPerson(
  db: Executor,
  t: BulkTables,
  appId: string,
  person: SQL,
  statuses: readonly string[],
): Promise<{ id: string; label: string; status: string }[]> {
  const rows = await db
    .selectDistinct({ id: t.holder.id, label: t.holder.label, status: t.holder.status })
    .from(t.rows)
    .innerJoin(t.holder, eq(t.holder.id, t.holderId))
    .where(and(eq(t.rows.appId, appId), person, inArray(t.rows.status, [...statuses])));
  return rows as { id: string; label: string; status: string }[];
}

/** A draft row removed, the holder's counters with it (`count`: its column of all its rows). */
export async function deleteDraftRow(db: Executor, t: BulkTables, appId: string, holderId: string, id: string, count: string) {
  await deleteRow(db, t, id);
  await bumpCounters(db, t, appId, holderId, [{ from: 'draft', to: null, n: 1 }], [sql.raw(`${count} = ${count} - 1`)]);
}
