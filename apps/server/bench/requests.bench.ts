/**
 * Issue 4 volume benchmark: create + send N signature requests through the API (one 1-page PDF, two signers,
 * e-mail chaining, so each send job invites the first signer), on PGlite and on PostgreSQL.
 * Measures the wall time of the N create-and-send calls (app.inject, BENCH_CONCURRENCY in flight), their
 * p50/p95 latency, the time until every send job has queued its invitation in outbox_messages (the pg-boss
 * workers run in this process), peak RSS and the database size at the end.
 *
 * Run from apps/server: `node bench/requests.bench.ts [pglite|postgres|both]` (default both: one child process
 * per engine, so each peak RSS is its own). Env: BENCH_N (1000), BENCH_CONCURRENCY (4), BENCH_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/postgres; a temporary database is created there and dropped at the end),
 * BENCH_JOBS_TIMEOUT_S (900: give up waiting for the send jobs after that long).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';

type Engine = 'pglite' | 'postgres';
interface Result {
  engine: Engine;
  n: number;
  concurrency: number;
  failures: number;
  createSeconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  jobsSeconds: number | null;
  invitations: number;
  /** Mean time a send job's handler took (pg-boss started_on → completed_on): the rest of the wait is polling. */
  jobHandlerMs: number;
  /** Kernel maxRSS: the whole process life, database start included. */
  peakRssMb: number;
  /** Sampled from the first call to the end of the send jobs. */
  runRssMb: number;
  databaseMb: number;
}

const resultMarker = 'BENCH_RESULT ';
const n = Number(process.env.BENCH_N ?? 1000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const jobsTimeoutMs = Number(process.env.BENCH_JOBS_TIMEOUT_S ?? 900) * 1000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const mb = (bytes: number) => bytes / 1024 / 1024;

/** Highest RSS sampled every 50 ms from now on (PGlite's start alone peaks near 1 GB, then settles lower). */
function sampleRss() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage().rss);
  };
}

async function runEngine(engine: Engine): Promise<Result> {
  // The harness picks its engine from TEST_DATABASE_URL when it is imported: set it first, import after.
  if (engine === 'postgres') process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  const { createTestContext } = await import('../test/support/harness.ts');
  const { sendQueue } = await import('../src/domains/signatures/workflow.ts');
  const { makePdf, multipartBody, placed, signer, tenantWithGerant } = await import('../test/support/signatures.ts');

  const t = await createTestContext();
  const peakRssOfRun = sampleRss();
  try {
    const { client } = await tenantWithGerant(t);
    const token = await client.token('history');
    const pdf = await makePdf(1);
    const createAndSend = (index: number) => {
      const signers = [signer(0), signer(1)];
      const { payload, headers } = multipartBody([
        { name: 'label', value: `Bench contract ${index}` },
        { name: 'transactionSigners', value: JSON.stringify(signers) },
        { name: 'transactionDocuments', value: JSON.stringify([placed('contract.pdf', [0, 1])]) },
        { name: 'transactionRequest', value: JSON.stringify({ send: true }) },
        { name: 'optionsRequest', value: JSON.stringify({ chainingMode: 'email' }) },
        { name: 'files', fileName: 'contract.pdf', contentType: 'application/pdf', data: pdf },
      ]);
      return t.server.app.inject({ method: 'POST', url: '/api/transactions/1', headers: { ...headers, authorization: `Bearer ${token}` }, payload });
    };
    const invitationCount = async () => {
      const result = (await t.database.db.execute(sql`select count(*)::int as n from outbox_messages where template = 'signature-invitation'`)) as unknown as {
        rows: { n: number }[];
      };
      return result.rows[0]!.n;
    };

    const latencies: number[] = [];
    let failures = 0;
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < n) {
        const index = next++;
        const callStarted = performance.now();
        const res = await createAndSend(index);
        latencies.push(performance.now() - callStarted);
        if (res.statusCode !== 201) {
          if (failures++ < 5) console.error(`[${engine}] call ${index}: ${res.statusCode} ${res.body}`);
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const createSeconds = (performance.now() - started) / 1000;
    console.error(`[${engine}] ${n} create+send calls in ${createSeconds.toFixed(1)} s; waiting for the send jobs…`);

    const expected = n - failures;
    let invitations = await invitationCount();
    let lastReport = performance.now();
    while (invitations < expected && performance.now() - started < jobsTimeoutMs) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      invitations = await invitationCount();
      if (performance.now() - lastReport > 15_000) {
        console.error(`[${engine}] ${invitations}/${expected} invitations after ${((performance.now() - started) / 1000).toFixed(0)} s`);
        lastReport = performance.now();
      }
    }
    const jobsSeconds = invitations >= expected ? (performance.now() - started) / 1000 : null;
    const handler = (await t.database.db.execute(
      sql`select coalesce(avg(extract(epoch from completed_on - started_on)) * 1000, 0)::float8 as ms from pgboss.job where name = ${sendQueue} and state = 'completed'`,
    )) as unknown as { rows: { ms: number }[] };
    const size = (await t.database.db.execute(sql`select pg_database_size(current_database())::bigint as bytes`)) as unknown as {
      rows: { bytes: string | number }[];
    };
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      engine,
      n,
      concurrency,
      failures,
      createSeconds,
      requestsPerSecond: n / createSeconds,
      p50Ms: percentile(sorted, 50),
      p95Ms: percentile(sorted, 95),
      maxMs: sorted.at(-1) ?? NaN,
      jobsSeconds,
      invitations,
      jobHandlerMs: Number(handler.rows[0]!.ms),
      peakRssMb: mb(process.resourceUsage().maxRSS * 1024),
      runRssMb: mb(peakRssOfRun()),
      databaseMb: mb(Number(size.rows[0]!.bytes)),
    };
  } finally {
    await t.close();
  }
}

/** Runs one engine in a child process (its own peak RSS) and reads the result line it prints. */
function runChild(engine: Engine): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), engine, '--child'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(resultMarker));
      if (code !== 0 || !line) reject(new Error(`${engine} benchmark failed (exit ${code}): ${out}`));
      else resolve(JSON.parse(line.slice(resultMarker.length)) as Result);
    });
  });
}

function printTable(results: Result[]) {
  const rows: [string, (r: Result) => string][] = [
    ['create+send calls', (r) => `${r.n} (${r.failures} failed)`],
    ['concurrency', (r) => String(r.concurrency)],
    ['wall time of the calls', (r) => `${r.createSeconds.toFixed(1)} s`],
    ['throughput', (r) => `${r.requestsPerSecond.toFixed(1)} req/s`],
    ['latency p50 / p95 / max', (r) => `${r.p50Ms.toFixed(0)} / ${r.p95Ms.toFixed(0)} / ${r.maxMs.toFixed(0)} ms`],
    ['send jobs done (from start)', (r) => (r.jobsSeconds === null ? `timeout (${r.invitations} invitations)` : `${r.jobsSeconds.toFixed(1)} s`)],
    ['invitations in outbox', (r) => String(r.invitations)],
    ['send job handler (mean)', (r) => `${r.jobHandlerMs.toFixed(0)} ms`],
    ['peak RSS (process, maxRSS)', (r) => `${r.peakRssMb.toFixed(0)} MB`],
    ['peak RSS during the run', (r) => (r.runRssMb === undefined ? 'n/a' : `${r.runRssMb.toFixed(0)} MB`)],
    ['database size at end', (r) => `${r.databaseMb.toFixed(1)} MB`],
  ];
  const width = 30;
  const column = 30;
  console.log(`Node ${process.version}, ${n} requests (1 PDF of 1 page, 2 signers, e-mail chaining), send jobs in-process`);
  console.log(''.padEnd(width) + results.map((r) => r.engine.padEnd(column)).join(''));
  for (const [label, cell] of rows) console.log(label.padEnd(width) + results.map((r) => cell(r).padEnd(column)).join(''));
}

const [arg = 'both'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (!['pglite', 'postgres', 'both'].includes(arg)) {
  console.error(`usage: node bench/requests.bench.ts [pglite|postgres|both]`);
  process.exit(2);
}
if (process.argv.includes('--child')) {
  console.log(resultMarker + JSON.stringify(await runEngine(arg as Engine)));
} else {
  const engines: Engine[] = arg === 'both' ? ['pglite', 'postgres'] : [arg as Engine];
  const results: Result[] = [];
  for (const engine of engines) results.push(await runChild(engine));
  printTable(results);
}
process.exit(0);
