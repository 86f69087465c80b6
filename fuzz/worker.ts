/**
 * Runs one target in a worker thread (runner.ts watches it): generates inputs with fast-check for `seconds` —
 * guided by the code they reach when asked (coverage.ts) — and before each execution copies the input into shared memory, so that the runner can save the input of a hang or of
 * a crash that kills the thread (out of memory, stack overflow outside a try).
 */
import fc from 'fast-check';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { inputs, loadSeeds, type GeneratedInput } from './support.ts';
import { targetByName } from './targets.ts';
import { sharedHeaderBytes, type WorkerRequest, type WorkerResult } from './protocol.ts';
import { CoverageGuide, coversParserCode } from './coverage.ts';

// Third-party parsers talk on the console about bad input (xmldom's warnings, thousands a second): the runner
// reports what matters, so the worker's console is quiet.
for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) console[method] = () => {};

const request = workerData as WorkerRequest;
const target = targetByName(request.target);
const harness = await target.setup();
const seeds = loadSeeds(target.corpus);
const header = new Int32Array(request.shared, 0, 2);
const data = new Uint8Array(request.shared, sharedHeaderBytes);
let execs = 0;
/** A guided run's corpus stops growing here (each entry is at most the target's maxBytes). */
const maxCorpus = 4_000;
const guide = request.guided || request.measure ? new CoverageGuide(coversParserCode) : undefined;
let grown = 0;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * Reading the counters costs milliseconds (every loaded script's functions), more than most executions: they are read
 * once per batch of inputs, and only a batch that showed something new is run again input by input to find which
 * inputs join the corpus. New code gets rare as a run goes on, so most batches cost one read.
 */
const batchSize = 16;
let batch: Uint8Array[] = [];
async function guideBy(bytes: Uint8Array): Promise<void> {
  batch.push(Uint8Array.from(bytes));
  if (batch.length < batchSize) return;
  const inputs = batch;
  batch = [];
  const fresh = await guide!.takeFresh();
  if (!fresh.size) return;
  for (const input of inputs) {
    try {
      await harness.run(input);
    } catch {
      // it ran once already: a crash was reported then
    }
    const shown = await guide!.takeFresh();
    if (!shown.size) continue;
    guide!.commit(shown);
    if (seeds.length < maxCorpus) seeds.push({ name: `grown/${++grown}`, bytes: input });
  }
  guide!.commit(fresh); // what no single input reproduced (timing, caches) is not chased again
}

class MemoryFinding extends Error {
  override name = 'MemoryFinding';
}

const property = fc.asyncProperty(inputs(seeds, target.tokens ?? [], target.maxBytes ?? 64 * 1024), async ({ bytes }: GeneratedInput) => {
  const length = Math.min(bytes.length, data.length);
  data.set(bytes.subarray(0, length));
  Atomics.store(header, 1, length);
  Atomics.add(header, 0, 1);
  execs++;
  try {
    await harness.run(bytes);
  } catch (error) {
    if (!harness.expected(error)) throw error;
  }
  if (request.guided) await guideBy(bytes);
  else if (guide && execs % 256 === 0) await guide.newFeatures();
  // Off-heap memory (Buffers, typed arrays) is not bounded by the worker's heap limit: check the process after every
  // execution (a few microseconds). Resident memory also holds garbage not yet collected (the png target reached
  // 1.75 GB of it: ~150 MB of pixels per 4-megapixel image, freed lazily): past the bound, collect, and report only
  // memory still alive — what an input left behind.
  if (process.memoryUsage.rss() > request.maxRssBytes) {
    collectGarbage();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    if (heapUsed + arrayBuffers > request.maxRssBytes / 2) {
      throw new MemoryFinding(`${Math.round((heapUsed + arrayBuffers) / 2 ** 20)} MiB still alive after a full collection`);
    }
  }
});

await guide?.start();
const details = await fc.check(property, {
  numRuns: Number.MAX_SAFE_INTEGER,
  interruptAfterTimeLimit: request.seconds * 1000,
  markInterruptAsFailure: false,
  seed: request.seed,
  examples: seeds.map((s) => [{ bytes: s.bytes, origin: `${s.name} (seed as is)` }] as [GeneratedInput]),
});

await guide?.newFeatures();
const result: WorkerResult = { execs, runs: details.numRuns, ...(guide ? { guidance: { grown, features: guide.features, blocks: guide.blocks } } : {}) };
await guide?.stop();
if (details.failed && details.counterexample) {
  const [input] = details.counterexample;
  const error = details.errorInstance;
  result.failure = {
    input: [...input.bytes],
    origin: input.origin,
    error: error instanceof Error ? `${error.name}: ${error.message}\n${error.stack?.split('\n').slice(1, 8).join('\n') ?? ''}` : String(error),
    shrinks: details.numShrinks,
  };
}
parentPort!.postMessage(result);
