/**
 * The public API under load: `POST /api/v1/requests` (JSON, a 1-page PDF in base64, two signers, `send: true`), each
 * client with its own API key, over real HTTP (the server listens on a local port; undici's fetch). The pg-boss
 * workers run in the same process (the send jobs compete for the same 2 cores, as in production ROLE=all).
 *
 * Run from apps/server: `node bench/api-v1.bench.ts [flags]`. Flags (env in brackets, for the older calls):
 *   --clients N   concurrent clients, each with its own key [BENCH_CLIENTS] (50)
 *   --calls N     measured calls [BENCH_N] (1000); closed loop: each client sends its next call when the last answered
 *   --warmup N    calls before measuring [BENCH_WARMUP] (100)
 *   --paced R     open loop instead: each client sends R calls per second on a fixed schedule, answered or not
 *                 (the latency counts from the scheduled start, so a backlog shows); --seconds S of it (20)
 *   --engine E    postgres (default; a temporary database on BENCH_DATABASE_URL, postgres://postgres@127.0.0.1:5432/postgres)
 *                 or pglite (in-process)
 *   --role api    no pg-boss worker in the process: the request path alone (default all: workers too, as ROLE=all)
 *   --count-sql   counts the SQL statements (each one round trip) of the measured calls (postgres only)
 *   --draft       creates drafts (`send: false`) instead of sending at once
 *   --settle S    keeps counting S seconds after the last answer: with the workers in the process, the send jobs,
 *                 mails and event deliveries the calls caused are counted too (use with --count-sql)
 *   --profile F   writes a CPU profile of the measured calls to F (.cpuprofile, for DevTools; the bench's own
 *                 client, undici's fetch, runs in the same process and shows in it)
 * Prints one JSON line: p50 / p95 / max, calls/s, the server process's CPU ms per call (Node: HTTP, validation, PDF
 * check, workers) and, on postgres, the CPU ms per call of the PostgreSQL backends of this run's database (the server's
 * shared WAL writer and checkpointer are not counted), and the load average before and after.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { postgresCpuSeconds, statementCounter, threadCpuMs, threadCpuPerCall } from './cost.ts';

const { values: flags } = parseArgs({
  options: {
    clients: { type: 'string' },
    calls: { type: 'string' },
    warmup: { type: 'string' },
    paced: { type: 'string' },
    seconds: { type: 'string' },
    engine: { type: 'string' },
    'count-sql': { type: 'boolean' },
    draft: { type: 'boolean' },
    settle: { type: 'string' },
    role: { type: 'string' },
    profile: { type: 'string' },
  },
});
const clients = Number(flags.clients ?? process.env.BENCH_CLIENTS ?? 50);
const n = Number(flags.calls ?? process.env.BENCH_N ?? 1000);
const warmup = Number(flags.warmup ?? process.env.BENCH_WARMUP ?? 100);
const pacedRate = flags.paced === undefined ? undefined : Number(flags.paced);
const pacedSeconds = Number(flags.seconds ?? 20);
const engine = flags.engine ?? 'postgres';
const role = flags.role ?? 'all';
if (engine === 'postgres') process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
else delete process.env.TEST_DATABASE_URL;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const round = (x: number) => Math.round(x * 10) / 10;
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Counts the statements sent to PostgreSQL while `counting` is on (bench/cost.ts). */
const sqlCount =
  flags['count-sql'] && engine === 'postgres' ? await statementCounter() : { counting: false, statements: 0, log: undefined as string[] | undefined };
// BENCH_LOG_SQL=1: every statement on stderr, to read what one call sends (use with --clients 1 --calls 1).
if (process.env.BENCH_LOG_SQL) sqlCount.log = [];

const { createTestContext } = await import('../test/support/harness.ts');
const { makePdf, signer, tenantWithGerant } = await import('../test/support/signatures.ts');
const { apiKeyEndpoints, apiV1Endpoints, pathOf } = await import('@paraphe/contracts');

// ROLE=api: no worker in this process, so the figures are the request path's alone (the jobs wait in the queue).
const roleEnv: Record<string, string> = role === 'all' ? {} : { ROLE: role, DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' };
// Workers poll their queues at production's interval (1 s; tests use 0.5 s to settle faster).
const t = await createTestContext({ env: { API_RATE_LIMIT_PER_MINUTE: '1000000', ...roleEnv }, pollingIntervalSeconds: 1 });
try {
  const { client } = await tenantWithGerant(t, { features: { api: true } });
  const keys: string[] = [];
  for (let i = 0; i < clients; i++) {
    const res = await client.call('POST', pathOf(apiKeyEndpoints.create), 'application', { label: `bench ${i}`, scopes: ['read', 'create', 'send'] });
    keys.push(res.json().data.secret);
  }
  const pdfBase64 = Buffer.from(await makePdf(1)).toString('base64');
  const baseUrl = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${baseUrl}${pathOf(apiV1Endpoints.createRequest)}`;

  const createAndSend = async (key: string, index: number) => {
    const body = JSON.stringify({
      label: `Bench contract ${index}`,
      send: !flags.draft,
      signers: [signer(0), signer(1)],
      documents: [{ fileName: 'contract.pdf', contentBase64: pdfBase64 }],
      options: { chainingMode: 'email' },
    });
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body,
    });
    await res.arrayBuffer();
    return res.status;
  };

  interface Run {
    latencies: number[];
    failures: number;
    /** How many answers of each status (an overloaded pool answers 503 after its 5 s connection wait). */
    statuses: Record<number, number>;
    calls: number;
    seconds: number;
  }
  /** Closed loop: every client sends its next call once the last one answered. */
  const closedLoop = async (calls: number): Promise<Run> => {
    const latencies: number[] = [];
    const statuses: Record<number, number> = {};
    let failures = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      keys.map(async (key) => {
        while (next < calls) {
          const index = next++;
          const callStarted = performance.now();
          const status = await createAndSend(key, index);
          latencies.push(performance.now() - callStarted);
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status !== 201) failures++;
        }
      }),
    );
    return { latencies, failures, statuses, calls, seconds: (performance.now() - started) / 1000 };
  };
  /** Open loop: every client sends `rate` calls per second on its schedule (spread over the first second), answered or not. */
  const openLoop = async (rate: number, seconds: number): Promise<Run> => {
    const latencies: number[] = [];
    const statuses: Record<number, number> = {};
    let failures = 0;
    const perClient = Math.round(rate * seconds);
    const started = performance.now();
    await Promise.all(
      keys.map(async (key, k) => {
        const offset = (k / keys.length) * (1000 / rate);
        const calls: Promise<void>[] = [];
        for (let i = 0; i < perClient; i++) {
          const due = started + offset + (i * 1000) / rate;
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
          calls.push(
            createAndSend(key, k * perClient + i).then((status) => {
              latencies.push(performance.now() - due);
              statuses[status] = (statuses[status] ?? 0) + 1;
              if (status !== 201) failures++;
            }),
          );
        }
        await Promise.all(calls);
      }),
    );
    return { latencies, failures, statuses, calls: perClient * keys.length, seconds: (performance.now() - started) / 1000 };
  };

  await closedLoop(warmup);
  const current =
    engine === 'postgres' ? ((await t.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }) : undefined;
  const databaseName = current?.rows[0]?.name ?? '';
  const loadBefore = loadavg();
  const cpuBefore = process.cpuUsage();
  const threadsBefore = threadCpuMs();
  const pgCpuBefore = engine === 'postgres' ? postgresCpuSeconds(databaseName) : 0;
  const profiler = flags.profile ? new Session() : undefined;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  sqlCount.counting = true;
  const run = pacedRate === undefined ? await closedLoop(n) : await openLoop(pacedRate, pacedSeconds);
  if (flags.settle) await new Promise((resolve) => setTimeout(resolve, Number(flags.settle) * 1000));
  sqlCount.counting = false;
  if (profiler) writeFileSync(flags.profile!, JSON.stringify((await profiler.post('Profiler.stop')).profile));
  for (const line of sqlCount.log ?? []) console.error(line);
  const cpu = process.cpuUsage(cpuBefore);
  const threads = threadCpuPerCall(threadsBefore, threadCpuMs(), run.calls);
  const pgCpu = engine === 'postgres' ? postgresCpuSeconds(databaseName) - pgCpuBefore : 0;
  const latencies = run.latencies.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      engine,
      role,
      scenario: pacedRate === undefined ? 'closed' : `paced ${pacedRate}/s per client`,
      send: !flags.draft,
      ...(flags.settle ? { settleSeconds: Number(flags.settle) } : {}),
      clients,
      calls: run.calls,
      failures: run.failures,
      statuses: run.statuses,
      p50Ms: round(percentile(latencies, 50)),
      p95Ms: round(percentile(latencies, 95)),
      maxMs: round(latencies.at(-1)!),
      callsPerSecond: round(run.calls / run.seconds),
      // Includes the workers' share: the send jobs and event deliveries the calls caused, when they ran meanwhile.
      nodeCpuMsPerCall: round((cpu.user + cpu.system) / 1000 / run.calls),
      // The same, by thread (10 ms ticks): main (JavaScript, syscalls; the bench's client too), the PDF check's worker
      // thread, libuv's pool (file writes), V8's (garbage collection, compilation).
      nodeCpuMsPerCallByThread: threads,
      ...(engine === 'postgres' ? { postgresCpuMsPerCall: round((pgCpu * 1000) / run.calls) } : {}),
      ...(flags['count-sql'] && engine === 'postgres' ? { sqlStatementsPerCall: round(sqlCount.statements / run.calls) } : {}),
      loadavgBefore: loadBefore,
      loadavgAfter: loadavg(),
    }),
  );
} finally {
  await t.close();
}
