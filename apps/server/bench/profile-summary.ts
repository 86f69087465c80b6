/**
 * Where a benchmark's CPU profile goes, by kind of work: `node bench/profile-summary.ts F.cpuprofile CALLS` prints the
 * main thread's sampled ms per call (idle, the profiler and the bench's own /proc reads left out) by category — the
 * socket writes (one per SQL statement), drizzle's query building, node-postgres, the signing engine, zod, fastify,
 * GC… Each sample goes to the first category met walking up its stack from the leaf. For the profiles of
 * `signing-latency.bench.ts --profile F` and `api-v1.bench.ts --profile F` (docs/signing-page.md, docs/api-v1.md).
 */
import { readFileSync } from 'node:fs';

interface Frame {
  functionName: string;
  url: string;
}
interface Profile {
  nodes: { id: number; callFrame: Frame; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

const [file, callsArg] = process.argv.slice(2);
if (!file || !callsArg) throw new Error('usage: node bench/profile-summary.ts F.cpuprofile CALLS');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const calls = Number(callsArg);

const left = new Set(['idle', 'profiler / bench']);
const categories: [string, (f: Frame) => boolean][] = [
  ['profiler / bench', (f) => /node:inspector|\/bench\/cost\.ts/.test(f.url) || f.functionName === 'cpuUsage'],
  ['idle', (f) => f.functionName === '(idle)'],
  ['GC (main thread)', (f) => f.functionName === '(garbage collector)'],
  ['socket writes (syscalls)', (f) => ['writev', 'writeBuffer', 'writeUtf8String'].includes(f.functionName)],
  ['signing engine (packages/signing, its crypto)', (f) => f.url.includes('packages/signing/')],
  ['bench client (undici fetch)', (f) => f.url.includes('undici')],
  ['node-postgres (protocol, rows)', (f) => /node_modules\/(pg|pg-protocol|pg-pool)\//.test(f.url)],
  ['drizzle (query building, row mapping)', (f) => f.url.includes('drizzle-orm')],
  ['zod', (f) => f.url.includes('/zod/')],
  ['fastify, light-my-request', (f) => /fastify|light-my-request|find-my-way|avvio/.test(f.url)],
  ['pdf-lib, pdf.js', (f) => /pdf-lib|pdfjs/.test(f.url)],
  ['the server (apps/server/src)', (f) => f.url.includes('apps/server/src')],
];
const other = 'other (Node: streams, timers, promises, JSON, crypto)';

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const perNode = new Map<number, number>();
for (const [i, id] of profile.samples.entries()) perNode.set(id, (perNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));

const totals = new Map<string, number>();
for (const [id, micros] of perNode) {
  let category = other;
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const frame = byId.get(cur)!.callFrame;
    const found = categories.find(([, matches]) => matches(frame));
    if (found) {
      category = found[0];
      break;
    }
  }
  totals.set(category, (totals.get(category) ?? 0) + micros);
}
const busy = [...totals].filter(([name]) => !left.has(name)).reduce((sum, [, micros]) => sum + micros, 0);
console.log(`main thread, sampled: ${(busy / 1000 / calls).toFixed(2)} ms per call (idle, the profiler and the bench left out)`);
for (const [name, micros] of [...totals].sort((a, b) => b[1] - a[1])) {
  if (left.has(name)) continue;
  console.log(`${(micros / 1000 / calls).toFixed(2).padStart(7)} ms ${((100 * micros) / busy).toFixed(0).padStart(3)}%  ${name}`);
}
