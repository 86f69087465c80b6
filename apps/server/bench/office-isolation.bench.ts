/**
 * What the walls of office conversion cost (docs/security.md "Office conversion never touches the network"): the
 * same documents (test/templates/docx.ts's two-page letter, filled) converted to PDF by the office engine in
 * rounds, interleaved: converters in their own network namespace (`auto`, as root), the fallback (`off`: profile
 * and stripped packages only), and — when a module path is given — another engine (e.g. the one before the walls,
 * `git show 1bfeb25:apps/server/src/platform/office/…` copied beside this one). Also the stripping alone, per
 * document, on a clean letter and on a hostile template.
 *
 * Run from apps/server: `node bench/office-isolation.bench.ts [documents per round] [rounds] [other engine module]`.
 */
import { fillTemplate, extractVariables } from '../src/domains/templates/docx.ts';
import { createOfficeEngine, type OfficeEngine } from '../src/platform/office/index.ts';
import { stripExternalReferences } from '../src/platform/office/references.ts';
import { twoPageLetter } from '../test/templates/docx.ts';
import { hostileTemplates } from '../test/templates/hostile.ts';

const perRound = Number(process.argv[2] ?? 100);
const rounds = Number(process.argv[3] ?? 3);
const otherModule = process.argv[4];

const letter = twoPageLetter();
const variables = extractVariables(letter);
const docs = Array.from({ length: perRound }, (_, i) => ({
  name: String(i),
  data: fillTemplate(letter, variables, Object.fromEntries(variables.map((v) => [v, `${v} ${i}`]))),
  format: 'docx' as const,
}));

const options = { binary: 'soffice', converters: 2, timeoutMs: 120_000, chunkSize: Math.ceil(perRound / 2) };
const engines: Record<string, OfficeEngine> = {
  namespace: createOfficeEngine({ ...options, networkNamespace: 'auto' }),
  fallback: createOfficeEngine({ ...options, networkNamespace: 'off' }),
};
if (otherModule) {
  const other = (await import(otherModule)) as { createOfficeEngine: typeof createOfficeEngine };
  engines.other = other.createOfficeEngine(options);
}
for (const [name, engine] of Object.entries(engines)) {
  const status = await engine.status();
  console.log(`${name}: ${status.version} ${'networkIsolation' in status ? status.networkIsolation : '(no walls)'}`);
  await engine.convert(docs.slice(0, 2), 'pdf'); // the profiles made, as on a server that has converted once
}

const times: Record<string, number[]> = Object.fromEntries(Object.keys(engines).map((n) => [n, []]));
for (let round = 0; round < rounds; round++) {
  for (const [name, engine] of Object.entries(engines)) {
    const started = performance.now();
    const results = await engine.convert(docs, 'pdf');
    const failed = results.filter((r) => r.error !== undefined).length;
    if (failed) throw new Error(`${name}: ${failed} documents failed`);
    times[name]!.push((performance.now() - started) / perRound);
  }
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
for (const [name, list] of Object.entries(times))
  console.log(
    `${name}: ${median(list).toFixed(1)} ms a document (median of ${rounds} rounds of ${perRound}; rounds ${list.map((x) => x.toFixed(1)).join(', ')})`,
  );

const hostile = hostileTemplates('http://127.0.0.1:9')[0]!.data;
for (const [name, data] of [
  ['clean letter', docs[0]!.data],
  ['hostile template', hostile],
] as const) {
  const n = 2000;
  const started = performance.now();
  for (let i = 0; i < n; i++) stripExternalReferences(data, 'docx');
  console.log(`stripping, ${name} (${data.length} bytes): ${((performance.now() - started) / n).toFixed(3)} ms a document`);
}
