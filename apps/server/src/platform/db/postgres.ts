import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import { schema, scopedTransactions, type Database, type DatabaseHandle } from './client.ts';
import { migrationsFolder } from './migrations-folder.ts';

/** A PostgreSQL server (DATABASE_URL). Migrations are applied under an advisory lock, so many nodes may start at once. */
export async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10 });
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
