/**
 * How to drive LibreOffice for many small conversions: measured, not guessed. N filled copies of the two-page letter
 * (test/templates/docx.ts) are converted to PDF four ways, each with its own fresh profile:
 *
 *   per-file   one `soffice --convert-to pdf` process per file (a cold start each time)
 *   batch      one `soffice --convert-to pdf f1 … fN` process for all N files
 *   listener   a warm instance kept running; each file handed to it by a client `soffice --convert-to` (same profile)
 *   chunks     one process per chunk of 25 files (what the pool does), 2 processes side by side
 *   merged     the N records in ONE document as the product makes it (templates/merged-docx.ts: a section per
 *              record with its own header and footer, a bookmark at its start), one conversion, the PDF cut at its
 *              named destinations by the engine (splitPdfAtDestinations): what mail-merge campaigns and batches do
 *              since issue 28 (LibreOffice's cost per document, not per page, dominated)
 *
 * Besides wall time, each strategy's LibreOffice CPU (user + sys of the soffice processes, from GNU time) is printed:
 * wall time means little on a loaded machine, CPU per record is what bounds copies per second on 2 cores.
 *
 * Run from apps/server: `node bench/office-strategies.bench.ts [N] [strategies]` (default 40, all; e.g. `100 batch,merged`).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { splitPdfAtDestinations } from '@paraphe/signing';
import { extractVariables, fillTemplate } from '../src/domains/templates/docx.ts';
import { assembleMergedDocx, planMergedDocx } from '../src/domains/templates/merged-docx.ts';
import { twoPageLetter } from '../test/templates/docx.ts';

const run = promisify(execFile);
const n = Number(process.argv[2] ?? 40);
const only = process.argv[3]?.split(',');
const wanted = (name: string) => !only || only.includes(name);
const soffice = process.env.SOFFICE ?? 'soffice';
const root = mkdtempSync(join(tmpdir(), 'office-strategies-'));
const template = twoPageLetter();

const values = (i: number) => ({ civility: 'M.', firstname: `Jean${i}`, lastname: `Dupont${i}`, city: 'Zürich', amount: String(i), reference: `R-${i}` });
const fill = (i: number) => fillTemplate(template, extractVariables(template), values(i));

/** The N records in one document as the product makes it (templates/merged-docx.ts): a section and a bookmark each. */
function mergedDocument(): { docx: Buffer; marks: string[] } {
  const variables = extractVariables(template);
  const { plan, fallback } = planMergedDocx(template, variables);
  if (!plan) throw new Error(`the letter is not merged: ${fallback}`);
  return assembleMergedDocx(
    plan,
    Array.from({ length: n }, (_, i) => values(i)),
  );
}

function prepare(name: string): { input: string; output: string; profile: string; files: string[] } {
  const dir = join(root, name);
  const input = join(dir, 'in');
  const output = join(dir, 'out');
  mkdirSync(input, { recursive: true });
  mkdirSync(output, { recursive: true });
  const files = Array.from({ length: n }, (_, i) => {
    const file = join(input, `doc-${i}.docx`);
    writeFileSync(file, fill(i));
    return file;
  });
  return { input, output, profile: pathToFileURL(join(dir, 'profile')).href, files };
}

const args = (profile: string) => ['--headless', '--norestore', '--nolockcheck', '--nodefault', '--nologo', `-env:UserInstallation=${profile}`];
let officeCpuSeconds = 0;
/** One soffice process under GNU time: its CPU (user + sys, children included) is added to `officeCpuSeconds`. */
async function convert(profile: string, output: string, files: string[], filter = 'pdf') {
  const { stderr } = await run('/usr/bin/time', ['-f', 'cpu %U %S', soffice, ...args(profile), '--convert-to', filter, '--outdir', output, ...files], {
    timeout: 900_000,
  });
  const [, user, system] = /cpu (\S+) (\S+)\s*$/.exec(stderr) ?? [];
  officeCpuSeconds += Number(user) + Number(system);
}

async function timed(label: string, fn: () => Promise<string>, records = (output: string) => readdirSync(output).filter((f) => f.endsWith('.pdf')).length) {
  if (!wanted(label)) return;
  const start = performance.now();
  const output = await fn();
  const s = (performance.now() - start) / 1000;
  const cpu = officeCpuSeconds;
  officeCpuSeconds = 0;
  console.log(
    `${label.padEnd(10)} ${s.toFixed(1).padStart(6)} s  ${((s * 1000) / n).toFixed(0).padStart(5)} ms/record  office CPU ${cpu.toFixed(1)} s = ${((cpu * 1000) / n).toFixed(0)} ms/record  ${records(output)}/${n} records`,
  );
}

// Warm the disk cache of LibreOffice's libraries once (not counted).
{
  const p = prepare('warmup');
  await convert(p.profile, p.output, p.files.slice(0, 1));
  officeCpuSeconds = 0;
}

await timed('per-file', async () => {
  const p = prepare('per-file');
  await convert(p.profile, p.output, p.files.slice(0, 1)); // profile creation not counted
  rmSync(join(p.output, 'doc-0.pdf'));
  for (const f of p.files) await convert(p.profile, p.output, [f]);
  return p.output;
});

await timed('batch', async () => {
  const p = prepare('batch');
  await convert(p.profile, p.output, p.files.slice(0, 1));
  officeCpuSeconds = 0; // the profile's creation is not counted
  rmSync(join(p.output, 'doc-0.pdf'));
  await convert(p.profile, p.output, p.files);
  return p.output;
});

await timed('listener', async () => {
  const p = prepare('listener');
  await convert(p.profile, p.output, p.files.slice(0, 1));
  officeCpuSeconds = 0; // the profile's creation is not counted
  rmSync(join(p.output, 'doc-0.pdf'));
  const server = spawn(soffice, [...args(p.profile), '--accept=pipe,name=bench;urp;'], { stdio: 'ignore' });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  try {
    for (const f of p.files) await convert(p.profile, p.output, [f]);
  } finally {
    server.kill('SIGKILL');
  }
  return p.output;
});

await timed('chunks', async () => {
  const p = prepare('chunks');
  const profiles = [0, 1].map((i) => pathToFileURL(join(root, 'chunks', `profile-${i}`)).href);
  await Promise.all(profiles.map((profile) => convert(profile, join(root, 'chunks', 'warm'), p.files.slice(0, 1))));
  officeCpuSeconds = 0;
  const chunks: string[][] = [];
  for (let i = 0; i < p.files.length; i += 25) chunks.push(p.files.slice(i, i + 25));
  await Promise.all(
    profiles.map(async (profile, k) => {
      for (let c = k; c < chunks.length; c += profiles.length) await convert(profile, p.output, chunks[c]!);
    }),
  );
  return p.output;
});

let mergedRecords = 0;
let splitMs = 0;
await timed(
  'merged',
  async () => {
    const p = prepare('merged');
    await convert(p.profile, p.output, p.files.slice(0, 1));
    officeCpuSeconds = 0;
    rmSync(join(p.output, 'doc-0.pdf'));
    const merged = join(p.input, 'merged.docx');
    const { docx, marks } = mergedDocument();
    writeFileSync(merged, docx);
    await convert(p.profile, p.output, [merged], 'pdf:writer_pdf_Export:{"ExportBookmarksToPDFDestination":{"type":"boolean","value":"true"}}');
    const started = performance.now();
    mergedRecords = splitPdfAtDestinations(readFileSync(join(p.output, 'merged.pdf')), marks).length;
    splitMs = performance.now() - started;
    return p.output;
  },
  () => mergedRecords,
);
if (wanted('merged')) console.log(`merged: the split into ${mergedRecords} PDFs took ${splitMs.toFixed(0)} ms (${(splitMs / n).toFixed(2)} ms/record)`);

rmSync(root, { recursive: true, force: true });
