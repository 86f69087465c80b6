import { sql, type SQLWrapper } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { requestTransactions } from '../idempotency-scope.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction (or the database itself) — what repositories take. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  engine: 'pglite' | 'postgres';
  db: Database;
  /** The raw client pg-boss is given (a PGlite instance or a connection string). */
  boss: { pglite?: unknown; connectionString?: string };
  /** Runs fn in a transaction where RLS limits every tenant table to `appId`. */
  inTenant<T>(appId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs fn in a transaction with platform rights (sign-up, login by e-mail, product administration). */
  inSystem<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

type DeferredWork = () => Promise<void>;
/** Builds one upsert of hot rows, or nothing when there is nothing left to write. */
type CommitStatement = () => SQLWrapper | undefined;
interface TransactionWork {
  work: DeferredWork[];
  last: DeferredWork[];
  /** By name: the hot-row upserts, run together as the single statement before COMMIT (statementAtCommit). */
  statements: Map<string, CommitStatement>;
  /** Rows read once per transaction (memoOf). */
  memo: Map<string, unknown>;
}
/** The work each open transaction of inTenant / inSystem was asked to do at its end (deferUntilCommit). */
const commitWork = new WeakMap<Tx, TransactionWork>();

/**
 * Runs `work` at the end of `tx`, in the same transaction (an error in it rolls everything back): after the
 * transaction's own function; `last` work after that and after the idempotency record, as the very statements before
 * COMMIT. `last` is for upserts of rows every transaction of a tenant updates (the monthly counters): their row lock
 * is then held for the commit only, not for the rest of the transaction, so concurrent creates of a tenant do not
 * queue behind each other (docs/api-v1.md, "Performance"). False when `tx` is not one inTenant / inSystem opened (a
 * savepoint, a raw transaction) or is already finishing: the caller does the work at once (atCommit does).
 */
export function deferUntilCommit(tx: Tx, work: DeferredWork, phase: 'work' | 'last' = 'work'): boolean {
  const queued = commitWork.get(tx);
  if (!queued) return false;
  queued[phase].push(work);
  return true;
}

/**
 * Registers, once per transaction and `name`, an upsert of rows every transaction of a tenant updates (the monthly
 * counters). All of a transaction's such upserts go out as ONE statement (data-modifying CTEs, in `name` order so two
 * transactions always lock the counters in the same order), sent right before COMMIT: the rows' locks are held for one
 * statement and the commit, so concurrent creates of a tenant barely queue on them. `build` runs then, so the caller
 * may keep adding to what it will write until the end. False when `tx` is not one inTenant / inSystem opened: the caller
 * writes at once.
 */
export function statementAtCommit(tx: Tx, name: string, build: CommitStatement): boolean {
  const queued = commitWork.get(tx);
  if (!queued) return false;
  if (!queued.statements.has(name)) queued.statements.set(name, build);
  return true;
}

/**
 * A map that lives as long as `tx` (inTenant / inSystem transactions only; undefined otherwise), for rows a request
 * reads several times in one transaction (its tenant): whoever writes such a row in the transaction forgets it.
 */
export function memoOf(tx: Executor): Map<string, unknown> | undefined {
  return commitWork.get(tx as Tx)?.memo;
}

/** Runs the registered hot-row upserts as one statement. */
async function runStatements(tx: Tx, statements: Map<string, CommitStatement>) {
  const built = [...statements.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, build]) => build())
    .filter((statement): statement is SQLWrapper => statement !== undefined);
  statements.clear();
  if (built.length === 1) await tx.execute(built[0]!.getSQL());
  else if (built.length > 1)
    await tx.execute(
      sql`with ${sql.join(
        built.map((statement, i) => sql`${sql.raw(`hot${i}`)} as (${statement.getSQL()})`),
        sql`, `,
      )} select 1`,
    );
}

/** `work` as the last statements of `tx` when it can wait until then, else at once. */
export async function atCommit(tx: Tx, work: DeferredWork): Promise<void> {
  if (!deferUntilCommit(tx, work, 'last')) await work();
}

/** Runs the queued work, including the work the work queues, until none is left. */
async function drain(queue: DeferredWork[]) {
  for (let work = queue.shift(); work; work = queue.shift()) await work();
}

/**
 * A transaction's function, then its deferred work, then `beforeCommit` (the idempotency record), then its `last`
 * work, then its hot-row upserts (the statement just before COMMIT).
 */
function withDeferredWork<T>(fn: (tx: Tx) => Promise<T>, beforeCommit?: (tx: Tx) => Promise<void>) {
  return async (tx: Tx): Promise<T> => {
    const queued: TransactionWork = { work: [], last: [], statements: new Map(), memo: new Map() };
    commitWork.set(tx, queued);
    try {
      const value = await fn(tx);
      await drain(queued.work);
      await beforeCommit?.(tx);
      // Nothing queued is left behind, whatever queued it (the `last` work too).
      while (queued.work.length || queued.last.length || queued.statements.size) {
        await drain(queued.work);
        await drain(queued.last);
        if (!queued.work.length && !queued.last.length) await runStatements(tx, queued.statements);
      }
      return value;
    } finally {
      commitWork.delete(tx);
    }
  };
}

/** Runs a transaction, telling the request's observer (idempotency-scope.ts) about it when there is one. */
async function observed<T>(db: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const observer = requestTransactions.getStore();
  if (!observer) return db.transaction(withDeferredWork(fn));
  let result: T;
  try {
    result = await db.transaction(withDeferredWork(fn, (tx) => observer.beforeCommit(tx)));
  } catch (error) {
    observer.afterRollback();
    throw error;
  }
  observer.afterCommit();
  return result;
}

/**
 * How a driver may set the tenant and the restricted role with its BEGIN, in the same round trip (postgres.ts): it
 * runs `open` with the tenant, and the transaction's BEGIN, the first statement sent in it, carries the setting.
 */
export type TenantAtBegin = <T>(appId: string, open: () => Promise<T>) => Promise<T>;

export function scopedTransactions(db: Database, tenantAtBegin?: TenantAtBegin) {
  return {
    async inTenant<T>(appId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
      if (tenantAtBegin) return tenantAtBegin(appId, () => observed(db, fn));
      return observed(db, async (tx) => {
        // The tenant and the restricted role for this transaction only, in one round trip (set_config('role') is SET LOCAL ROLE).
        await tx.execute(sql`select set_config('app.tenant_id', ${appId}, true), set_config('role', 'app_user', true)`);
        return fn(tx);
      });
    },
    async inSystem<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      return observed(db, fn);
    },
  };
}

export { schema };
