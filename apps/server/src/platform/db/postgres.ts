import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import { schema, scopedTransactions, type Database, type DatabaseHandle } from './client.ts';
import { migrationsFolder } from './migrations-folder.ts';

export interface PostgresOptions {
  /**
   * Told about every connection the server lost (an idle backend terminated, PostgreSQL restarted, a network
   * cut). The pool has already dropped that connection and opens a new one on the next query.
   */
  onConnectionError?(error: Error): void;
}

/** How long a query waits for a connection before failing (503 at the edge) instead of hanging the request. */
export const connectionTimeoutMs = 5_000;

/**
 * The application's pool, made to survive PostgreSQL going away. Without an 'error' listener, node-postgres
 * emits an unhandled 'error' when an IDLE connection's backend ends (pg_terminate_backend, a restart, a
 * failover): the whole process exits. A connection checked out (a transaction in progress) has no listener of
 * the pool at all, so each client gets its own. A broken client is dropped by the pool when released, and the
 * next query opens a fresh connection: the server recovers by itself once the database is back.
 */
export function createPool(connectionString: string, options: PostgresOptions = {}): pg.Pool {
  const onError = options.onConnectionError ?? (() => undefined);
  // No JIT compilation (a startup parameter: no extra round trip, no race with the first query): our queries read a
  // page or a few aggregated rows, but a list's capped count over a large tenant is costed high enough to be
  // compiled first — 15 ms of JIT for a 6 ms query (docs/lists.md). A connection pooler must pass it through
  // (PgBouncer: `ignore_startup_parameters = options`, or set `jit = off` on the server).
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: connectionTimeoutMs, keepAlive: true, options: '-c jit=off' });
  pool.on('error', (error) => onError(error));
  pool.on('connect', (client) => client.on('error', (error) => onError(error)));
  return pool;
}

/** A PostgreSQL server (DATABASE_URL). Migrations are applied under an advisory lock, so many nodes may start at once. */
export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<DatabaseHandle> {
  const pool = createPool(connectionString, options);
  const db = drizzle(pool, { schema }) as unknown as Database;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(72350001)');
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(72350001)').catch(() => undefined);
    client.release();
  }
  return {
    engine: 'postgres',
    db,
    boss: { connectionString },
    ...scopedTransactions(db),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}
