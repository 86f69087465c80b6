/**
 * How to drive LibreOffice for many small conversions: measured, not guessed. N filled copies of the two-page letter
 * (test/templates/docx.ts) are converted to PDF four ways, each with its own fresh profile:
 *
 *   per-file   one `soffice --convert-to pdf` process per file (a cold start each time)
 *   batch      one `soffice --convert-to pdf f1 … fN` process for all N files
 *   listener   a warm instance kept running; each file handed to it by a client `soffice --convert-to` (same profile)
 *   chunks     one process per chunk of 25 files (what the pool does), 2 processes side by side
 *
 * Run from apps/server: `node bench/office-strategies.bench.ts [N]` (default 40).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import { twoPageLetter } from '../test/templates/docx.ts';

const run = promisify(execFile);
const n = Number(process.argv[2] ?? 40);
const soffice = process.env.SOFFICE ?? 'soffice';
const root = mkdtempSync(join(tmpdir(), 'office-strategies-'));
const template = twoPageLetter();

function fill(i: number): Buffer {
  const doc = new Docxtemplater(new PizZip(template), { delimiters: { start: '${', end: '}' }, paragraphLoop: true, linebreaks: true });
  doc.render({ civility: 'M.', firstname: `Jean${i}`, lastname: `Dupont${i}`, city: 'Zürich', amount: String(i), reference: `R-${i}` });
  return doc.getZip().generate({ type: 'nodebuffer' }) as Buffer;
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
const convert = (profile: string, output: string, files: string[]) =>
  run(soffice, [...args(profile), '--convert-to', 'pdf', '--outdir', output, ...files], { timeout: 600_000 });

async function timed(label: string, fn: () => Promise<string>) {
  const start = performance.now();
  const output = await fn();
  const s = (performance.now() - start) / 1000;
  const pdfs = readdirSync(output).filter((f) => f.endsWith('.pdf')).length;
  console.log(`${label.padEnd(10)} ${s.toFixed(1).padStart(6)} s  ${((s * 1000) / n).toFixed(0).padStart(5)} ms/file  ${pdfs}/${n} PDFs`);
}

// Warm the disk cache of LibreOffice's libraries once (not counted).
{
  const p = prepare('warmup');
  await convert(p.profile, p.output, p.files.slice(0, 1));
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
  rmSync(join(p.output, 'doc-0.pdf'));
  await convert(p.profile, p.output, p.files);
  return p.output;
});

await timed('listener', async () => {
  const p = prepare('listener');
  await convert(p.profile, p.output, p.files.slice(0, 1));
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
  const chunks: string[][] = [];
  for (let i = 0; i < p.files.length; i += 25) chunks.push(p.files.slice(i, i + 25));
  await Promise.all(
    profiles.map(async (profile, k) => {
      for (let c = k; c < chunks.length; c += profiles.length) await convert(profile, p.output, chunks[c]!);
    }),
  );
  return p.output;
});

rmSync(root, { recursive: true, force: true });
