import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/**
 * Lists at volume (docs/lists.md): a page never counts the whole table. The total of a list is exact up to
 * `countCap` rows; past it, `capped` is true and the total says "at least" (the web shows "10,000+").
 */
export const countCap = 10_000;
/**
 * A search first looks up the matching ids through the trigram indexes, up to this many. When there are more, the
 * search is not selective: the page walks the list's order index instead (matches are dense, so it stops early)
 * and the total is capped at this number.
 */
export const searchCap = 1_000;
/**
 * A search proven broad by a window of the list (`probedMatchIds`) is shown as more than this many ("200+"): the
 * proof reads a few thousand rows where counting to `searchCap` through the trigram index read whole posting lists.
 */
export const broadSearchFloor = 200;
/** The rows of the list a probe reads, at most: a search matching 1 row in 20 proves "200+" in them. */
export const broadSearchWindow = 4_000;
/**
 * The lists that reach a million rows (requests, contacts, signatories, orders) count to this many only, as far as
 * they are paged by number (`maxListOffset`); past it they are paged by cursor. A count of at most 1,001 index
 * entries stays within a few milliseconds whatever the filter, where 10,001 cost up to ~900 ms (issue 28).
 */
export const listCountCap = 1_000;

export interface PageTotal {
  total: number;
  /** `total` is a floor: counting stopped there. */
  capped: boolean;
}

/** How many rows match, counting at most `cap + 1` of them (an index walk of at most that many entries). */
export async function cappedCount(db: Executor, table: PgTable, where: SQL | undefined, cap: number): Promise<number> {
  const limited = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('limited');
  const [row] = await db.select({ n: count() }).from(limited);
  return row?.n ?? 0;
}

/**
 * The total of a page: known without counting when the page is the last one (fewer rows than the limit), else a
 * capped count.
 */
export async function pageTotal(opts: {
  rows: number;
  limit: number;
  offset: number;
  cap: number;
  count: (cap: number) => Promise<number>;
}): Promise<PageTotal> {
  const { rows, limit, offset, cap } = opts;
  if (rows < limit && (rows > 0 || offset === 0)) return { total: offset + rows, capped: false };
  const n = await opts.count(cap);
  return n > cap ? { total: Math.max(cap, offset + rows), capped: true } : { total: n, capped: false };
}

/**
 * Runs `fn` inside the tenant's transaction with the connecting role instead of app_user, then goes back to app_user.
 * Why: under row level security the planner may only use a leakproof operator as an index condition before the
 * policy's own condition, and LIKE/ILIKE are not leakproof, so a trigram index is never used for a tenant query.
 * Only for id lookups that filter `app_id` themselves and whose ids are then used in a query under RLS (the
 * rows a client gets still pass the policy). Outside a tenant transaction it just runs `fn`.
 */
export async function withoutRowSecurity<T>(db: Executor, fn: () => Promise<T>): Promise<T> {
  const result = (await db.execute(sql`select current_user = 'app_user' as scoped`)) as unknown as { rows: { scoped: boolean }[] };
  if (!result.rows[0]?.scoped) return fn();
  await db.execute(sql`set local role none`);
  try {
    return await fn();
  } finally {
    await db.execute(sql`set local role app_user`);
  }
}

/** LIKE pattern matching `search` anywhere (its own %, _ and \ taken literally). */
export const containsPattern = (search: string) => `%${search.replace(/[%_\\]/g, '\\$&')}%`;

/**
 * What a search matched: `ids` when the trigram lookup found at most `searchCap` rows (the page is read among them),
 * or null when it found more — then `walk` (the same condition as a filter) is applied while walking the list's order.
 */
export interface SearchMatches {
  ids: string[] | null;
  walk: SQL;
  /**
   * The lookup applied every condition of the list (tenant, filters), not the search alone: more than `searchCap`
   * ids then means more than `searchCap` rows in the list, and the total is "1,000+" without counting again.
   */
  complete?: boolean;
  /** The total shown when the search is broad and `complete` (default `searchCap`; `broadSearchFloor` when probed). */
  floor?: number;
}

/** Where a keyset page starts: the last row of the previous page (newest first: created_at, then id). */
export interface Keyset {
  createdAt: Date;
  id: string;
}

/**
 * Keyset paging, newest first: the rows strictly older than the cursor's row in (created_at desc, id desc) order, so
 * a row inserted while paging never shifts the next page. The cursor's own row gives the exact created_at (the
 * database keeps microseconds, a JS date milliseconds); the cursor's date is used when that row is gone.
 *
 * The key is one scalar subquery (an aggregate: always one row, its fallback inside): the planner runs it once
 * before the scan and the row comparison against its result is an index condition. Written `coalesce((select …),
 * …)` instead, the comparison stayed a filter under row level security — the planner deems COALESCE possibly leaky
 * (not in its list of safe expressions), so it may not run before the tenant policy — and a page at row 90,000 read
 * 90,000 index entries (docs/lists.md "Deep pages").
 */
export function olderThan(table: PgTable & { id: PgColumn; appId: PgColumn; createdAt: PgColumn }, appId: string, after: Keyset): SQL {
  return pastTime(table, appId, after, 'DESC');
}

/** Keyset paging by (created_at, id) in either order: the rows past the cursor's row (older: DESC, newer: ASC). */
export function pastTime(table: PgTable & { id: PgColumn; appId: PgColumn; createdAt: PgColumn }, appId: string, after: Keyset, order: 'ASC' | 'DESC'): SQL {
  const at = sql`(select coalesce(max(k.created_at), ${after.createdAt.toISOString()}::timestamptz) from ${table} k where k.app_id = ${appId}::uuid and k.id = ${after.id}::uuid)`;
  return order === 'ASC'
    ? sql`(${table.createdAt}, ${table.id}) > (${at}, ${after.id}::uuid)`
    : sql`(${table.createdAt}, ${table.id}) < (${at}, ${after.id}::uuid)`;
}

/** A position in a list in its own order (a campaign's signatories, an operation's orders): (row_index, id). */
export interface RowKeyset {
  rowIndex: number;
  id: string;
}

/** Keyset paging in (row_index, id) order: the rows strictly after the cursor's (ascending) or before it (descending). */
export function pastRow(table: { rowIndex: PgColumn; id: PgColumn }, after: RowKeyset, order: 'ASC' | 'DESC'): SQL {
  return order === 'ASC'
    ? sql`(${table.rowIndex}, ${table.id}) > (${after.rowIndex}, ${after.id}::uuid)`
    : sql`(${table.rowIndex}, ${table.id}) < (${after.rowIndex}, ${after.id}::uuid)`;
}

/** A position in a list by name (the address book): the row's last name as stored, and its id. */
export interface NameKeyset {
  lastname: string;
  id: string;
}

/**
 * Keyset paging by name in either order: (lastname_key, id), the key being lower(lastname) kept by the database (a
 * generated column: the order and the comparison agree on every letter, and a plain column is an index condition
 * under row level security where `lower(lastname)` is not). As for dates (`pastTime`, written the same way), the
 * key is read from the cursor's own row, the cursor's name lower-cased when that row is gone.
 */
export function pastName(
  table: PgTable & { id: PgColumn; appId: PgColumn; lastnameKey: PgColumn },
  appId: string,
  after: NameKeyset,
  order: 'ASC' | 'DESC',
): SQL {
  const at = sql`(select coalesce(max(k.lastname_key), lower(${after.lastname})) from ${table} k where k.app_id = ${appId}::uuid and k.id = ${after.id}::uuid)`;
  return order === 'ASC'
    ? sql`(${table.lastnameKey}, ${table.id}) > (${at}, ${after.id}::uuid)`
    : sql`(${table.lastnameKey}, ${table.id}) < (${at}, ${after.id}::uuid)`;
}

/**
 * Keyset paging of a list page: `of` makes the cursor of a row (absent: the list's order cannot be paged by keyset,
 * no `nextCursor`); `given`: the page starts at a cursor (its condition is in `where`, the offset is 0) — such a page
 * is not counted (its total is the rows it shows, `capped` when more follow: the screen keeps the first page's total).
 */
export interface PageCursor<Row> {
  of?: (row: Row) => string;
  given: boolean;
}

/** `nextCursor`: null on the last page, absent when the list's order is not paged by keyset. */
export type ListPage<Row> = { rows: Row[]; nextCursor?: string | null } & PageTotal;

/** The first `limit` of `rows` (read with one more) and the cursor after them when that one more exists. */
export function keysetPage<Row>(rows: Row[], limit: number, cursor: PageCursor<Row> | undefined): { rows: Row[]; more: boolean; nextCursor?: string | null } {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  if (!cursor?.of) return { rows: shown, more };
  return { rows: shown, more, nextCursor: more ? cursor.of(shown.at(-1)!) : null };
}

/**
 * One page of a list of `table`: `where` (tenant, filters, a cursor's position), the search's matches, the order
 * (given as a function of the columns, so it can be applied to the fenced subquery), its total (exact up to `cap`)
 * and, when `cursor.of` is given, the cursor of the next page. One more row than asked says whether one follows.
 */
export async function listPage<T extends PgTable & { id: PgColumn }>(
  db: Executor,
  table: T,
  opts: {
    where: SQL | undefined;
    matches?: SearchMatches;
    orderBy: (columns: T) => SQL[];
    limit: number;
    offset: number;
    cap?: number;
    cursor?: PageCursor<T['$inferSelect']>;
  },
): Promise<ListPage<T['$inferSelect']>> {
  const { matches, limit, offset, cursor } = opts;
  const cap = opts.cap ?? countCap;
  const totalOf = async (rows: number, more: boolean, count: (cap: number) => Promise<number>, limitCap: number): Promise<PageTotal> => {
    if (cursor?.given) return { total: rows, capped: more };
    if (!more && (rows > 0 || offset === 0)) return { total: offset + rows, capped: false };
    return pageTotal({ rows: more ? limit : rows, limit, offset, cap: limitCap, count });
  };
  if (matches?.ids) {
    if (!matches.ids.length) return { rows: [], total: 0, capped: false, ...(cursor?.of ? { nextCursor: null } : {}) };
    // Among a few hundred ids: read them (primary key), then sort. The OFFSET 0 subquery keeps the planner from
    // walking the order index instead and testing each row against the id list (all the list when ids are old).
    const where = and(opts.where, inArray(table.id, matches.ids));
    const fenced = db
      .select()
      .from(table as PgTable)
      .where(where)
      .offset(0)
      .as('matched');
    const read = (await db
      .select()
      .from(fenced)
      .orderBy(...opts.orderBy(fenced as unknown as T))
      .limit(limit + 1)
      .offset(offset)) as T['$inferSelect'][];
    const page = keysetPage(read, limit, cursor);
    const total = await totalOf(page.rows.length, page.more, (n) => cappedCount(db, table, where, n), cap);
    return { rows: page.rows, nextCursor: page.nextCursor, ...total };
  }
  const where = matches ? and(opts.where, matches.walk) : opts.where;
  const read = (await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...opts.orderBy(table))
    .limit(limit + 1)
    .offset(offset)) as T['$inferSelect'][];
  const page = keysetPage(read, limit, cursor);
  // A broad search whose lookup applied every condition: more than searchCap rows match, no need to count them.
  const known = matches?.complete && !cursor?.given && page.more;
  const total = known
    ? { total: Math.max(matches.floor ?? searchCap, offset + page.rows.length), capped: true }
    : await totalOf(page.rows.length, page.more, (n) => cappedCount(db, table, where, n), matches ? Math.min(searchCap, cap) : cap);
  return { rows: page.rows, nextCursor: page.nextCursor, ...total };
}

/**
 * The ids a search matches through the trigram indexes (without RLS: see `withoutRowSecurity`), or null when there
 * are more than `searchCap`. Each lookup must filter app_id; their ids are merged.
 */
export async function matchIds(db: Executor, lookups: IdLookup[]): Promise<string[] | null> {
  return withoutRowSecurity(db, () => lookupIds(lookups));
}
type IdLookup = (limit: number) => Promise<{ id: string | null }[]>;

async function lookupIds(lookups: IdLookup[]): Promise<string[] | null> {
  const ids = new Set<string>();
  for (const lookup of lookups) {
    const found = await lookup(searchCap + 1);
    if (found.length > searchCap) return null;
    for (const { id } of found) if (id) ids.add(id);
  }
  return ids.size > searchCap ? null : [...ids];
}

/**
 * `matchIds`, after a probe: `probe(window)` counts the search's matches among at most `window` rows of the list (its
 * every condition but the search, in whatever order is cheapest: any rows prove a floor). More than
 * `broadSearchFloor` proves the search broad, and the lookup is not run: a trigram lookup with a common status read
 * the status's whole posting list (40 % of 1,000,000 requests: 55 ms p50) to prove "1,000+". Otherwise the lookup runs
 * as in `matchIds` (a selective search then pays the probe too: a few ms).
 */
export async function probedMatchIds(
  db: Executor,
  probe: (window: number) => Promise<number>,
  lookups: IdLookup[],
): Promise<{ ids: string[] | null; floor: number }> {
  return withoutRowSecurity(db, async () => {
    if ((await probe(broadSearchWindow)) > broadSearchFloor) return { ids: null, floor: broadSearchFloor };
    return { ids: await lookupIds(lookups), floor: searchCap };
  });
}

/** Which of the tenant's rows an actor sees: all (no `ownerIds`), else those owned by one of `ownerIds` (none: nothing). */
export interface OwnerScope {
  appId: string;
  ownerIds?: string[];
}
const noOwner = '00000000-0000-0000-0000-000000000000';
export const ownedInScope = (table: PgTable & { appId: PgColumn; ownerUserId: PgColumn }, scope: OwnerScope): SQL =>
  and(eq(table.appId, scope.appId), scope.ownerIds ? inArray(table.ownerUserId, scope.ownerIds.length ? scope.ownerIds : [noOwner]) : undefined)!;
