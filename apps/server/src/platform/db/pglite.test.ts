import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { installedPgliteVersion, openPglite, pgliteSharedBuffers, pgliteTemplate } from './pglite.ts';

const folders: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-pglite-'));
  folders.push(dir);
  return path.join(dir, 'pg');
};
afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

type Handle = Awaited<ReturnType<typeof openPglite>>;
const client = (handle: Handle) => handle.boss.pglite as PGlite;
async function settings(handle: Handle) {
  const result = await client(handle).query<{ shared_buffers: string; wal_segment_size: string }>(
    `select current_setting('shared_buffers') as shared_buffers, current_setting('wal_segment_size') as wal_segment_size`,
  );
  return result.rows[0];
}

describe('openPglite', () => {
  it('has a template made by the installed PGlite (after an upgrade: node scripts/pglite-template.ts)', () => {
    const manifest = JSON.parse(fs.readFileSync(pgliteTemplate.manifest, 'utf8')) as { pglite: string };
    expect(manifest.pglite).toBe(installedPgliteVersion());
    expect(fs.statSync(pgliteTemplate.archive).size).toBeGreaterThan(1_000_000);
  });

  it('starts a new data folder from the template: a working cluster with its settings and the migrations applied', async () => {
    const dir = tempDir();
    const handle = await openPglite(dir);
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect(await settings(handle)).toEqual({ shared_buffers: pgliteSharedBuffers, wal_segment_size: '1MB' });
    const tables = await client(handle).query<{ n: number }>(`select count(*)::int as n from information_schema.tables where table_name = 'domain_events'`);
    expect(tables.rows[0]!.n).toBe(1);
    await handle.close();
  });

  it('creates a data folder with the small memory settings, and reopens it with its data', async () => {
    const dir = tempDir();
    const first = await openPglite(dir);
    expect(await settings(first)).toEqual({ shared_buffers: pgliteSharedBuffers, wal_segment_size: '1MB' });
    await first.db.execute(sql`create table kept (v text)`);
    await first.db.execute(sql`insert into kept values ('still here')`);
    await first.close();

    const again = await openPglite(dir);
    expect((await client(again).query('select v from kept')).rows).toEqual([{ v: 'still here' }]);
    expect(await settings(again)).toEqual({ shared_buffers: pgliteSharedBuffers, wal_segment_size: '1MB' });
    await again.close();
  });

  it('opens a data folder made by an earlier version (PGlite defaults) with the small shared_buffers', async () => {
    const dir = tempDir();
    const old = await PGlite.create(dir);
    expect((await old.query<{ s: string }>(`select current_setting('shared_buffers') as s`)).rows[0]!.s).toBe('128MB');
    await old.close();

    const handle = await openPglite(dir);
    expect(await settings(handle)).toEqual({ shared_buffers: pgliteSharedBuffers, wal_segment_size: '16MB' });
    await handle.ping();
    await handle.close();
  });

  it('keeps the WASM on the baseline compiler: no optimizing recompile (≈600 MB for raw_parser)', () => {
    // In a child with V8's compile trace: a plain PGlite tiers raw_parser and others up within a few hundred
    // statements; openPglite must not.
    const script = `
      const { openPglite } = await import(${JSON.stringify(new URL('./pglite.ts', import.meta.url).pathname)});
      const handle = await openPglite(undefined);
      const { sql } = await import('drizzle-orm');
      for (let i = 0; i < 600; i++) await handle.db.execute(sql\`select \${i}::int + 1 as n, 'x' || \${i}::text as t\`);
      await handle.close();
    `;
    const child = spawnSync(process.execPath, ['--trace-wasm-compilation-times', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(child.status, child.stderr).toBe(0);
    expect(child.stdout).toMatch(/using Liftoff/); // the trace is there and reads as expected
    // V8 may still compile a couple of small functions with TurboFan at instantiation (seen: 2 of ≈4,600, under
    // 1 MB of compiler memory each); what must not happen is tier-up of the big ones (raw_parser: 105 KB of body,
    // ≈600 MB of compiler memory).
    const optimized = [...child.stdout.matchAll(/using Turbo\w*, took \d+ ms and \d+ \/ (\d+) max\/total bytes; bodysize (\d+)/g)].map((m) => ({
      bytes: Number(m[1]),
      body: Number(m[2]),
    }));
    expect(optimized.length).toBeLessThanOrEqual(5);
    for (const compile of optimized) {
      expect(compile.body).toBeLessThan(20_000);
      expect(compile.bytes).toBeLessThan(10 * 1024 * 1024);
    }
  });
});
