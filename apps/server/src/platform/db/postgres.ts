import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import { schema, scopedTransactions, type Database, type DatabaseHandle, type TenantAtBegin } from './client.ts';
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
  pool.on('connect', (client) => {
    client.on('error', (error) => onError(error));
    withTenantAtBegin(client);
  });
  return pool;
}

/** The tenant transaction being opened in this async context; its BEGIN has not been sent yet while `appId` is set. */
const opening = new AsyncLocalStorage<{ appId?: string }>();

/**
 * inTenant's tenant and restricted role go out WITH its BEGIN: one simple-protocol message `begin; select
 * set_config(…)` instead of two round trips (each costs the server ≈0.3 ms of CPU — mostly the socket write — and
 * PostgreSQL ≈0.2 ms; every tenant transaction of the product gains one; docs/api-v1.md, "Performance"). The setting is
 * taken by the first BEGIN sent in the context and only by it: a transaction opened later from inside (another
 * connection) is not scoped by it. The tenant id goes in as a quoted literal (escapeLiteral), as the parameter did.
 */
const tenantAtBegin: TenantAtBegin = (appId, open) => opening.run({ appId }, open);

function withTenantAtBegin(client: pg.PoolClient) {
  const query = client.query as (...args: unknown[]) => unknown;
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    const state = opening.getStore();
    const config = args[0] as { text?: unknown } | undefined;
    const isBegin = typeof config === 'object' && /^begin\b/i.test(String(config?.text));
    // Fail closed: were the driver ever to open a transaction otherwise, its statements would run without the tenant
    // and as the pool's role (row level security bypassed). Nothing runs before the BEGIN that carries them.
    if (state?.appId !== undefined && !isBegin) throw new Error('A tenant transaction must start with its BEGIN: the tenant was not set, nothing was run.');
    if (state?.appId !== undefined) {
      const setting = `select set_config('app.tenant_id', ${client.escapeLiteral(state.appId)}, true), set_config('role', 'app_user', true)`;
      state.appId = undefined;
      args[0] = { ...config, text: `begin; ${setting}` };
    }
    return query.apply(this, args);
  } as typeof client.query;
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
    ...scopedTransactions(db, tenantAtBegin),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}
