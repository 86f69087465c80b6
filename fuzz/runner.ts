/**
 * Runs fuzz targets (targets.ts), one after the other, each in a worker thread it watches:
 *
 *   node fuzz/runner.ts [--list] [--seconds 3] [--targets pdf-inspect,zip] [--hang-seconds 10] [--seed N] [--max-rss-mb 1536] [--guided]
 *
 * --guided: coverage-guided (coverage.ts): an input that reaches code no earlier input reached joins the corpus the
 * mutations start from. Each execution then also reads V8's block counters, so fewer run per second.
 * --measure-coverage: an unguided run that reports the same figures (blocks reached), read every 256 executions.
 *
 * A target fails on a crash (an error its parser does not own), a hang (no new execution for --hang-seconds), or
 * memory (worker heap over 1 GiB, or the process resident set over --max-rss-mb with over half of it still alive
 * after a full collection). The input is saved under
 * fuzz/findings/ (git-ignored) and the process exits 1. Prints one line per target: executions, findings, RSS.
 * scripts/fuzz.sh wraps it (short CI run, long run).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { targets } from './targets.ts';
import { sharedHeaderBytes, type WorkerRequest, type WorkerResult } from './protocol.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    targets: { type: 'string' },
    'hang-seconds': { type: 'string', default: '10' },
    seed: { type: 'string' },
    'max-rss-mb': { type: 'string', default: '1536' },
    list: { type: 'boolean', default: false },
    guided: { type: 'boolean', default: false },
    'measure-coverage': { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const hangSeconds = Number(values['hang-seconds']);
const startupSeconds = 300;
const seed = values.seed ? Number(values.seed) : Date.now() % 2 ** 31;
const chosen = values.targets
  ? values.targets.split(',').map(
      (n) =>
        targets.find((t) => t.name === n) ??
        (() => {
          throw new Error(`unknown target ${n}`);
        })(),
    )
  : targets;
if (values.list) {
  console.log(targets.map((t) => t.name).join('\n'));
  process.exit(0);
}
const findingsDir = join(import.meta.dirname, 'findings');
const inputCapacity = 4 * 1024 * 1024;

interface Outcome {
  target: string;
  execs: number;
  crashes: number;
  hangs: number;
  memory: number;
  seconds: number;
  peakRssMb: number;
  guidance?: WorkerResult['guidance'];
}

function saveFinding(target: string, kind: string, bytes: Uint8Array, report: string): string {
  mkdirSync(findingsDir, { recursive: true });
  const id = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  const path = join(findingsDir, `${target}-${kind}-${id}.bin`);
  writeFileSync(path, bytes);
  writeFileSync(`${path}.txt`, report);
  return path;
}

async function fuzz(name: string): Promise<Outcome> {
  const shared = new SharedArrayBuffer(sharedHeaderBytes + inputCapacity);
  const header = new Int32Array(shared, 0, 2);
  const current = () => new Uint8Array(shared, sharedHeaderBytes, Atomics.load(header, 1)).slice();
  const started = performance.now();
  const request: WorkerRequest = {
    target: name,
    seconds,
    seed,
    maxRssBytes: Number(values['max-rss-mb']) * 2 ** 20,
    guided: values.guided,
    measure: values['measure-coverage'],
    shared,
  };
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { workerData: request, resourceLimits: { maxOldGenerationSizeMb: 1024, stackSizeMb: 4 } });
  const outcome: Outcome = { target: name, execs: 0, crashes: 0, hangs: 0, memory: 0, seconds: 0, peakRssMb: 0 };

  const result = await new Promise<WorkerResult | { kind: 'hang' | 'died'; detail: string }>((resolve) => {
    let lastCount = -1;
    let lastChange = performance.now();
    const watch = setInterval(() => {
      const count = Atomics.load(header, 0);
      if (count !== lastCount) [lastCount, lastChange] = [count, performance.now()];
      // Before the first execution the worker is loading the parsers' modules: on a loaded machine that alone
      // took over 30 s (seen with load 17 on 2 cores), which is not a hang of any parser.
      else if (performance.now() - lastChange > (count === 0 ? startupSeconds : hangSeconds) * 1000) {
        clearInterval(watch);
        resolve({
          kind: 'hang',
          detail: count === 0 ? `the worker did not start within ${startupSeconds} s` : `no execution finished for ${hangSeconds} s (execution ${count})`,
        });
        void worker.terminate();
      }
    }, 200);
    worker.once('message', (message: WorkerResult) => (clearInterval(watch), resolve(message)));
    worker.once('error', (error) => (clearInterval(watch), resolve({ kind: 'died', detail: `${error.name}: ${error.message}` })));
    worker.once('exit', (code) => (clearInterval(watch), resolve({ kind: 'died', detail: `worker exited with code ${code}` })));
  });
  outcome.seconds = (performance.now() - started) / 1000;
  outcome.peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  outcome.execs = Atomics.load(header, 0);

  if ('kind' in result) {
    const bytes = current();
    const kind = result.kind === 'hang' ? 'hang' : /memory/i.test(result.detail) ? 'memory' : 'crash';
    if (kind === 'hang') outcome.hangs++;
    else if (kind === 'memory') outcome.memory++;
    else outcome.crashes++;
    const path = saveFinding(name, kind, bytes, `${kind}: ${result.detail}\nseed ${seed}\n`);
    console.log(`  ${name}: ${kind.toUpperCase()} ${result.detail}\n  input (${bytes.length} bytes) saved to ${path}`);
  } else {
    await worker.terminate();
    outcome.guidance = result.guidance;
    if (result.failure) {
      const memory = result.failure.error.startsWith('MemoryFinding');
      if (memory) outcome.memory++;
      else outcome.crashes++;
      const bytes = Uint8Array.from(result.failure.input);
      const report = `${result.failure.error}\norigin: ${result.failure.origin}\nshrinks: ${result.failure.shrinks}\nseed ${seed}\n`;
      const path = saveFinding(name, memory ? 'memory' : 'crash', bytes, report);
      console.log(
        `  ${name}: ${memory ? 'MEMORY' : 'CRASH'} ${report.split('\n').slice(0, 3).join('\n    ')}\n  input (${bytes.length} bytes, minimised) saved to ${path}`,
      );
    }
  }
  return outcome;
}

console.log(`fuzz: ${chosen.length} target(s), ${seconds} s each, hang after ${hangSeconds} s, seed ${seed}${values.guided ? ', coverage-guided' : ''}`);
const outcomes: Outcome[] = [];
for (const target of chosen) {
  const outcome = await fuzz(target.name);
  outcomes.push(outcome);
  const found = outcome.crashes + outcome.hangs + outcome.memory;
  console.log(
    `${found ? 'FAIL' : 'ok  '} ${outcome.target.padEnd(16)} ${String(outcome.execs).padStart(9)} execs ${Math.round(outcome.execs / outcome.seconds)
      .toString()
      .padStart(6)}/s` +
      `  crashes ${outcome.crashes}  hangs ${outcome.hangs}  memory ${outcome.memory}  peak RSS ${outcome.peakRssMb} MiB (process)` +
      (outcome.guidance ? `  blocks ${outcome.guidance.blocks}  features ${outcome.guidance.features}  corpus +${outcome.guidance.grown}` : ''),
  );
}
const failed = outcomes.filter((o) => o.crashes + o.hangs + o.memory);
console.log(`fuzz: ${outcomes.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
