/**
 * Sealing latency (docs/stamps.md, "Benchmark"): a 1-page PDF sealed PAdES B-LTA end to end through the API —
 * multipart upload, account resolution, seal + DSS + document time-stamp, sealed file stored, history row, audit,
 * event and metering in one transaction — timed over BENCH_CALLS calls (200) after 10 warm-up calls, one at a time.
 *
 * Run from apps/server: `node bench/seal.ts`. Env: BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/bench_stamps; dropped at the start and at the end), BENCH_CALLS (200),
 * BENCH_VISIBLE=1 for a visible seal (page 1, 180 × 60 at 300, 100).
 */
import pg from 'pg';
import { openPostgres } from '../src/platform/db/postgres.ts';
import { createTestContext } from '../test/support/harness.ts';
import { rawPdf } from '../test/support/documents.ts';
import { stampClient, upload } from '../test/stamps/support.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_stamps';
const calls = Number(process.env.BENCH_CALLS ?? 200);
const visible = process.env.BENCH_VISIBLE === '1';

const url = new URL(databaseUrl);
const name = url.pathname.slice(1);
const adminUrl = new URL(databaseUrl);
adminUrl.pathname = '/postgres';
const server = new pg.Client({ connectionString: adminUrl.toString() });
await server.connect();
await server.query(`drop database if exists ${name} with (force)`);
await server.query(`create database ${name}`);

const t = await createTestContext({ database: await openPostgres(databaseUrl) });
try {
  const gerant = await stampClient(t);
  const created = await gerant.call('POST', '/api/stamp-accounts', 'history', { label: 'Bench' });
  if (created.statusCode !== 201) throw new Error(created.body);
  const pdf = rawPdf({ pages: [{}] });
  const request = JSON.stringify({ format: 'PADES', seals: [visible ? { visible: true, page: 1, x: 300, y: 100, width: 180, height: 60 } : {}] });
  const sealOnce = async () => {
    const started = performance.now();
    const res = await upload(t, gerant, '/api/stamps', { name: 'bench.pdf', data: pdf }, { request });
    if (res.statusCode !== 201) throw new Error(res.body);
    return performance.now() - started;
  };
  for (let i = 0; i < 10; i++) await sealOnce();
  const times: number[] = [];
  for (let i = 0; i < calls; i++) times.push(await sealOnce());
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!.toFixed(1);
  console.log(
    `${calls} seals (PADES B-LTA, ${visible ? 'visible' : 'invisible'}, 1-page PDF, PostgreSQL): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
  );
} finally {
  await t.close();
  await server.query(`drop database if exists ${name} with (force)`);
  await server.end();
}
