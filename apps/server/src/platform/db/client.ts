import { sql } from 'drizzle-orm';
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

/** Runs a transaction, telling the request's observer (idempotency-scope.ts) about it when there is one. */
async function observed<T>(db: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const observer = requestTransactions.getStore();
  if (!observer) return db.transaction(fn);
  let result: T;
  try {
    result = await db.transaction(async (tx) => {
      const value = await fn(tx);
      await observer.beforeCommit(tx);
      return value;
    });
  } catch (error) {
    observer.afterRollback();
    throw error;
  }
  observer.afterCommit();
  return result;
}

export function scopedTransactions(db: Database) {
  return {
    async inTenant<T>(appId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
      return observed(db, async (tx) => {
        await tx.execute(sql`select set_config('app.tenant_id', ${appId}, true)`);
        await tx.execute(sql`set local role app_user`);
        return fn(tx);
      });
    },
    async inSystem<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      return observed(db, fn);
    },
  };
}

export { schema };
