/**
 * Memory of the embedded database (PGlite) at start: peak and steady RSS, on a fresh data folder (first start:
 * initdb) and on an existing one (restart), plus a quick query load (N insert + select pairs, one at a time).
 *
 * Scenarios, each in its own child process so each peak is its own:
 *   create  PGlite.create(dir) with PGlite's defaults (the library alone, no project option)
 *   open    openPglite(dir) from src/platform/db/pglite.ts (the project's options + the Drizzle migrations)
 *   server  node src/main.ts with DATA_DIR on a temporary folder: until "Paraphe is running", then BENCH_IDLE_S idle
 *
 * Run from apps/server: `node bench/startup-memory.bench.ts [create|open|server ...]` (default: all three).
 * Env: BENCH_RUNS (3) runs of each, BENCH_N (1000) insert+select pairs, BENCH_NODE_FLAGS (flags given to the
 * child node, e.g. "--liftoff-only"), BENCH_IDLE_S (3).
 *
 * Figures: "peak" is the kernel's maximum RSS of the child (getrusage, the same figure as /usr/bin/time -v
 * "Maximum resident set size"). It is the one to trust: the 10 ms sampler on the main thread misses what happens
 * while that thread is blocked in WASM (initdb, postgres start), so a worker thread samples RSS every 2 ms too and
 * says in which phase the peak was. "steady" is the RSS after the query load and 1 s idle.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

type Scenario = 'create' | 'open' | 'server';
interface Result {
  scenario: Scenario;
  start: 'first' | 'restart';
  peakMb: number;
  peakPhase: string;
  sampled: { rss: number; heapUsed: number; external: number; arrayBuffers: number };
  steadyMb: number;
  startMs: number;
  queryPerSecond: number | null;
}

const resultMarker = 'BENCH_RESULT ';
const mb = (bytes: number) => Math.round(bytes / 1048576);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const n = Number(process.env.BENCH_N ?? 1000);
const idleSeconds = Number(process.env.BENCH_IDLE_S ?? 3);
const nodeFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const self = fileURLToPath(import.meta.url);
const serverMain = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** Peak RSS per phase, sampled by a worker thread (it keeps running while the main thread is busy in WASM). */
function phaseSampler() {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  const names = ['load'];
  const worker = new Worker(
    `const { workerData, parentPort } = require('node:worker_threads');
     const peaks = new Map();
     const tick = () => { const rss = process.memoryUsage.rss(), p = Atomics.load(workerData, 0); if (!(peaks.get(p) >= rss)) peaks.set(p, rss); };
     const timer = setInterval(tick, 2);
     parentPort.on('message', () => { tick(); clearInterval(timer); parentPort.postMessage([...peaks]); });`,
    { eval: true, workerData: cell },
  );
  return {
    phase(name: string) {
      names.push(name);
      Atomics.store(cell, 0, names.length - 1);
    },
    async stop(): Promise<string> {
      const peaks = await new Promise<[number, number][]>((resolve) => {
        worker.once('message', resolve);
        worker.postMessage('stop');
      });
      await worker.terminate();
      const [top] = [...peaks].sort((a, b) => b[1] - a[1]);
      return `${names[top![0]]} (${mb(top![1])} MB)`;
    },
  };
}

/** The child: one start of one scenario on `dir`. */
async function child(scenario: 'create' | 'open', dir: string, start: Result['start']) {
  const sampled = { rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    for (const key of Object.keys(sampled) as (keyof typeof sampled)[]) sampled[key] = Math.max(sampled[key], m[key]);
  };
  const timer = setInterval(sample, 10);
  const phases = phaseSampler();
  const started = performance.now();
  let query: (text: string, params: unknown[]) => Promise<unknown>;
  let close: () => Promise<void>;
  phases.phase(scenario === 'create' ? 'PGlite.create' : 'openPglite');
  if (scenario === 'create') {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create(dir);
    query = (text, params) => client.query(text, params);
    close = () => client.close();
  } else {
    const { openPglite } = await import('../src/platform/db/pglite.ts');
    const handle = await openPglite(dir);
    const client = handle.boss.pglite as import('@electric-sql/pglite').PGlite;
    query = (text, params) => client.query(text, params);
    close = () => handle.close();
  }
  const startMs = performance.now() - started;
  sample();
  phases.phase('query load');
  await query('create table if not exists bench_rows (id serial primary key, label text not null)', []);
  const loadStarted = performance.now();
  for (let i = 1; i <= n; i++) {
    await query('insert into bench_rows (label) values ($1)', [`row ${i}`]);
    await query('select id, label from bench_rows where id = $1', [i]);
  }
  const queryPerSecond = n / ((performance.now() - loadStarted) / 1000);
  phases.phase('idle');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  sample();
  clearInterval(timer);
  const steadyMb = mb(process.memoryUsage.rss());
  const peakPhase = await phases.stop();
  await close();
  const result: Result = {
    scenario,
    start,
    peakMb: Math.round(process.resourceUsage().maxRSS / 1024),
    peakPhase,
    sampled: { rss: mb(sampled.rss), heapUsed: mb(sampled.heapUsed), external: mb(sampled.external), arrayBuffers: mb(sampled.arrayBuffers) },
    steadyMb,
    startMs: Math.round(startMs),
    queryPerSecond: Math.round(queryPerSecond),
  };
  console.log(resultMarker + JSON.stringify(result));
}

function runChild(scenario: 'create' | 'open', dir: string, start: Result['start']): Promise<Result> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [...nodeFlags, self, '--child', scenario, dir, start], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(resultMarker));
      if (code !== 0 || !line) reject(new Error(`${scenario} ${start} exited with ${code}:\n${out}`));
      else resolve(JSON.parse(line.slice(resultMarker.length)) as Result);
    });
  });
}

const procStatus = (pid: number, field: string) => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
};

/** The whole server (node src/main.ts) on `dir`: peak (VmHWM) and steady RSS BENCH_IDLE_S after it said it runs. */
function runServer(dir: string, start: Result['start']): Promise<Result> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const env = { ...process.env, DATA_DIR: dir, PORT: String(20000 + Math.floor(Math.random() * 20000)), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
    const proc = spawn(process.execPath, [...nodeFlags, serverMain], { stdio: ['ignore', 'pipe', 'pipe'], env });
    let out = '';
    let done = false;
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (done || !out.includes('Paraphe is running')) return;
      done = true;
      const startMs = Math.round(performance.now() - started);
      setTimeout(() => {
        const result: Result = {
          scenario: 'server',
          start,
          peakMb: procStatus(proc.pid!, 'VmHWM'),
          peakPhase: '-',
          sampled: { rss: NaN, heapUsed: NaN, external: NaN, arrayBuffers: NaN },
          steadyMb: procStatus(proc.pid!, 'VmRSS'),
          startMs,
          queryPerSecond: null,
        };
        proc.once('exit', () => resolve(result));
        proc.kill('SIGTERM');
      }, idleSeconds * 1000);
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.on('exit', (code) => {
      if (!done) reject(new Error(`server exited with ${code} before it ran:\n${out}`));
    });
  });
}

const median = (values: number[]) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : NaN;
};

async function parent(scenarios: Scenario[]) {
  console.log(`node ${process.version} ${nodeFlags.join(' ')}  runs=${runs} N=${n}`);
  console.log('scenario start    peak MB (runs)        steady MB  start ms  query pairs/s  sampled rss/heap/ext/ab MB  peak phase');
  for (const scenario of scenarios) {
    for (const start of ['first', 'restart'] as const) {
      const results: Result[] = [];
      for (let run = 0; run < runs; run++) {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-startup-'));
        const target = scenario === 'server' ? dir : path.join(dir, 'pg');
        try {
          const once = (s: Result['start']) => (scenario === 'server' ? runServer(target, s) : runChild(scenario, target, s));
          if (start === 'restart') await once('first');
          results.push(await once(start));
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      }
      const last = results.at(-1)!;
      const qps = results.map((r) => r.queryPerSecond ?? NaN);
      console.log(
        [
          scenario.padEnd(8),
          start.padEnd(8),
          `${median(results.map((r) => r.peakMb))} (${results.map((r) => r.peakMb).join(', ')})`.padEnd(22),
          String(median(results.map((r) => r.steadyMb))).padEnd(10),
          String(median(results.map((r) => r.startMs))).padEnd(9),
          String(Number.isFinite(median(qps)) ? `${median(qps)} (${qps.join(', ')})` : '-').padEnd(14),
          `${last.sampled.rss}/${last.sampled.heapUsed}/${last.sampled.external}/${last.sampled.arrayBuffers}`.padEnd(27),
          last.peakPhase,
        ].join(' '),
      );
    }
  }
}

const args = process.argv.slice(2);
if (args[0] === '--child') await child(args[1] as 'create' | 'open', args[2]!, args[3] as Result['start']);
else await parent(args.length ? (args as Scenario[]) : ['create', 'open', 'server']);
