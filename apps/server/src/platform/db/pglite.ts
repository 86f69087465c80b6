import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { schema, scopedTransactions, type Database, type DatabaseHandle } from './client.ts';
import { migrationsFolder } from './migrations-folder.ts';

/** Embedded PostgreSQL (PGlite, WASM) in `dir`, or in memory when dir is undefined (tests). */
export async function openPglite(dir: string | undefined): Promise<DatabaseHandle> {
  const client = dir ? await PGlite.create(dir) : await PGlite.create();
  const db = drizzle(client, { schema }) as unknown as Database;
  await migrate(drizzle(client), { migrationsFolder });
  return {
    engine: 'pglite',
    db,
    boss: { pglite: client },
    ...scopedTransactions(db),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await client.close();
    },
  };
}
