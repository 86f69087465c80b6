import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { memoOf, statementAtCommit, type Executor, type Tx } from './client.ts';

/**
 * Status counters kept on a parent row (a campaign's per signatory status, an operation's per order status): moves
 * `n` items from one counter to another in the transaction that moved them, one UPDATE for all the moves, plus any
 * `extra` assignments. `columns` names the counter column of each status.
 */
export async function moveCounters<S extends string>(
  db: Executor,
  table: PgTable,
  columns: Record<S, string>,
  row: { appId: string; id: string },
  moves: readonly { from: S | null; to: S | null; n: number }[],
  extra: SQL[] = [],
) {
  const deltas = new Map<string, number>();
  for (const { from, to, n } of moves) {
    if (!n) continue;
    if (from) deltas.set(columns[from], (deltas.get(columns[from]) ?? 0) - n);
    if (to) deltas.set(columns[to], (deltas.get(columns[to]) ?? 0) + n);
  }
  const sets = [...deltas].filter(([, d]) => d !== 0).map(([column, d]) => sql`${sql.identifier(column)} = ${sql.identifier(column)} + ${d}`);
  if (!sets.length && !extra.length) return;
  await db.execute(sql`update ${table} set ${sql.join([...sets, ...extra, sql`updated_at = now()`], sql`, `)} where app_id = ${row.appId} and id = ${row.id}`);
}

/** How a kind of counter row is summed and written (addCountsAtCommit). */
export interface CounterRows<D> {
  /** Names the counters' statement (the order in which transactions lock them: see statementAtCommit). */
  name: string;
  /** The row a delta adds to (its unique key). */
  keyOf(delta: D): string;
  /** Adds `more` into `into` (same key). */
  add(into: D, more: D): void;
  /** The upsert of these rows (one per key), built on the transaction; run by the caller. */
  upsert(rows: D[]): SQLWrapper & PromiseLike<unknown>;
}

const byKey = <D>(rows: Map<string, D>) => [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);

/**
 * Adds `deltas` to counter rows every transaction of a tenant updates (the monthly figures), at the very end of `tx`:
 * every call of the transaction is summed per row, and all of them written by one upsert, rows in key order (two
 * transactions lock the same rows in the same order), inside the transaction's single statement before COMMIT
 * (statementAtCommit). Outside an inTenant / inSystem transaction: written at once.
 */
export async function addCountsAtCommit<D extends object>(tx: Tx, rows: CounterRows<D>, deltas: readonly D[]): Promise<void> {
  if (!deltas.length) return;
  const memo = memoOf(tx);
  const pendingKey = `counters:${rows.name}`;
  let pending = memo?.get(pendingKey) as Map<string, D> | undefined;
  const fresh = !pending;
  pending ??= new Map();
  for (const delta of deltas) {
    const key = rows.keyOf(delta);
    const known = pending.get(key);
    if (known) rows.add(known, delta);
    else pending.set(key, { ...delta });
  }
  if (!memo) return void (await rows.upsert(byKey(pending)));
  if (!fresh) return;
  const written = pending;
  memo.set(pendingKey, written);
  statementAtCommit(tx, rows.name, () => {
    memo.delete(pendingKey);
    return written.size ? rows.upsert(byKey(written)) : undefined;
  });
}
