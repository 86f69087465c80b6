import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { schema, scopedTransactions, type Database, type DatabaseHandle } from './client.ts';
import { migrationsFolder } from './migrations-folder.ts';

/**
 * Postgres' page cache, kept inside the WASM heap. PGlite's initdb leaves the stock 128MB, and Postgres touches
 * all of it when it starts (about +115 MB of RSS at every start, +110 MB more during initdb). The data files are
 * read through Node's fs, so the OS page cache still holds them: 16MB is plenty for one process's working set.
 */
export const pgliteSharedBuffers = '16MB';

/**
 * Server settings given on PGlite's command line: they win over postgresql.conf, so a data folder created before
 * (with shared_buffers = 128MB in its postgresql.conf) gets them too. PGlite replaces its defaults by startParams,
 * hence the spread.
 */
export const pgliteStartParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffers}`];

/**
 * First start only (PGlite's initdb runs in a second, in-memory PGlite and copies the new cluster over): the
 * bootstrap run takes shared_buffers too, and 1 MB WAL segments instead of 16 MB make the cluster that is held in
 * memory, tarred and untarred about 10 MB smaller at each step (about -55 MB of peak). The segment size is fixed
 * for the life of a cluster; folders created before keep their 16 MB segments.
 */
export const pgliteInitDbParams = ['--wal-segsize=1', '-c', `shared_buffers=${pgliteSharedBuffers}`];

/**
 * Keeps V8 from recompiling PGlite's WASM with its optimizing tier (TurboFan/Turboshaft). Once a few hundred
 * statements have run, V8 tiers up the hot functions, among them raw_parser (Postgres' Bison grammar, one
 * 105 KB function): that one compilation takes about 600 MB of compiler memory for 1 to 4 s, which was most of
 * the 1.0-1.3 GB peak. With the baseline compiler (Liftoff) alone, small statements run as fast (their time goes
 * to PGlite's JS and file I/O); CPU-bound SQL (big sorts, aggregates over 100k+ rows) is about 1.5x slower.
 * Set at run time so that every entry point (server, CLI, tests) gets it without a node flag; V8 reads these when
 * it compiles a module, so before the first PGlite.create. (`--liftoff-only` only works as a node flag: set at run
 * time it does nothing.) Process-wide: any WASM compiled afterwards stays on Liftoff too.
 */
export function keepWasmOnBaselineCompiler() {
  setFlagsFromString('--no-wasm-dynamic-tiering');
  setFlagsFromString('--no-wasm-tier-up');
}

/**
 * An empty cluster made once by PGlite's initdb (scripts/pglite-template.ts), loaded by first starts instead of
 * running initdb: initdb runs in a second in-memory PGlite whose whole 128 MB heap is copied back and forth, and
 * the new cluster is held in memory, tarred and untarred — most of a first start's peak (measured: 636 MB with
 * initdb, about 400 MB from the template). Used only when it was made by the installed PGlite version; otherwise
 * initdb runs as before (and a test fails, to get the template rebuilt).
 */
export const pgliteTemplate = {
  archive: new URL('./pglite-template/empty-cluster.tar.gz', import.meta.url).pathname,
  manifest: new URL('./pglite-template/manifest.json', import.meta.url).pathname,
};

export function installedPgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const manifest = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** The template's bytes when it fits the installed PGlite and `dir` holds no cluster yet. */
function templateFor(dir: string | undefined): Blob | undefined {
  if (!dir || fs.existsSync(path.join(dir, 'PG_VERSION'))) return undefined;
  try {
    const manifest = JSON.parse(fs.readFileSync(pgliteTemplate.manifest, 'utf8')) as { pglite?: string };
    if (manifest.pglite !== installedPgliteVersion()) return undefined;
    return new Blob([fs.readFileSync(pgliteTemplate.archive)]);
  } catch {
    return undefined;
  }
}

/**
 * Embedded PostgreSQL (PGlite, WASM) in `dir`, or in memory when dir is undefined (tests). `from`: a cluster dumped
 * by `dumpDataDir` to start from instead of an empty one (the tests' migrated cluster, test/support/global-setup.ts:
 * 0.7 s instead of 5.4 s of initdb and migrations per test file).
 */
export async function openPglite(dir: string | undefined, opts: { from?: Blob } = {}): Promise<DatabaseHandle> {
  keepWasmOnBaselineCompiler();
  const template = opts.from ?? templateFor(dir);
  const client = await PGlite.create({
    dataDir: dir,
    startParams: pgliteStartParams,
    initDbStartParams: pgliteInitDbParams,
    // The lists' trigram indexes (migration 0014, docs/lists.md): the same schema as on PostgreSQL.
    extensions: { pg_trgm, btree_gin },
    ...(template ? { loadDataDir: template } : {}),
  });
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
