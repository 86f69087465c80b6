import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

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
