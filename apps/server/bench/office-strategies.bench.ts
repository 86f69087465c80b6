/**
 * How to drive LibreOffice for many small conversions: measured, not guessed. N filled copies of the two-page letter
 * (test/templates/docx.ts) are converted to PDF four ways, each with its own fresh profile:
 *
 *   per-file   one `soffice --convert-to pdf` process per file (a cold start each time)
 *   batch      one `soffice --convert-to pdf f1 … fN` process for all N files
 *   listener   a warm instance kept running; each file handed to it by a client `soffice --convert-to` (same profile)
 *   chunks     one process per chunk of 25 files (what the pool does), 2 processes side by side
 *   merged     the N records in ONE document (each record's body after a page break, a Writer bookmark at its start),
 *              one conversion; the PDF's named destinations (ExportBookmarksToPDFDestination) give each record's
 *              first page, so the engine can split it (issue 28 item 1: LibreOffice's cost per document, not per
 *              page, dominates — fonts, filters, export set-up)
 *
 * Besides wall time, each strategy's LibreOffice CPU (user + sys of the soffice processes, from GNU time) is printed:
 * wall time means little on a loaded machine, CPU per record is what bounds copies per second on 2 cores.
 *
 * Run from apps/server: `node bench/office-strategies.bench.ts [N] [strategies]` (default 40, all; e.g. `100 batch,merged`).
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
const only = process.argv[3]?.split(',');
const wanted = (name: string) => !only || only.includes(name);
const soffice = process.env.SOFFICE ?? 'soffice';
const root = mkdtempSync(join(tmpdir(), 'office-strategies-'));
const template = twoPageLetter();

function filled(i: number): PizZip {
  const doc = new Docxtemplater(new PizZip(template), { delimiters: { start: '${', end: '}' }, paragraphLoop: true, linebreaks: true });
  doc.render({ civility: 'M.', firstname: `Jean${i}`, lastname: `Dupont${i}`, city: 'Zürich', amount: String(i), reference: `R-${i}` });
  return doc.getZip();
}
const fill = (i: number) => filled(i).generate({ type: 'nodebuffer' }) as Buffer;

/** The N filled bodies in one document: a bookmark `record-<i>` opens each, a page break separates them. */
function mergedDocument(): Buffer {
  let head = '';
  let sectionProperties = '';
  const bodies = Array.from({ length: n }, (_, i) => {
    const xml = filled(i).file('word/document.xml')!.asText();
    const start = xml.indexOf('<w:body>') + '<w:body>'.length;
    const end = xml.lastIndexOf('<w:sectPr');
    head = xml.slice(0, start);
    sectionProperties = xml.slice(end);
    const mark = `<w:p><w:bookmarkStart w:id="${9000 + i}" w:name="record-${i}"/><w:bookmarkEnd w:id="${9000 + i}"/></w:p>`;
    return mark + xml.slice(start, end);
  });
  const zip = filled(0);
  zip.file('word/document.xml', head + bodies.join('<w:p><w:r><w:br w:type="page"/></w:r></w:p>') + sectionProperties);
  return zip.generate({ type: 'nodebuffer' }) as Buffer;
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

/** The records found in the merged PDF: its named destinations `record-<i>` (read with qpdf's JSON). */
async function recordsOfMerged(output: string): Promise<number> {
  const { stdout } = await run('qpdf', ['--json', join(output, 'merged.pdf')], { maxBuffer: 256 * 1024 * 1024 });
  return new Set(stdout.match(/\/record-\d+/g)).size;
}
let mergedRecords = 0;
await timed(
  'merged',
  async () => {
    const p = prepare('merged');
    await convert(p.profile, p.output, p.files.slice(0, 1));
    officeCpuSeconds = 0;
    rmSync(join(p.output, 'doc-0.pdf'));
    const merged = join(p.input, 'merged.docx');
    writeFileSync(merged, mergedDocument());
    await convert(p.profile, p.output, [merged], 'pdf:writer_pdf_Export:{"ExportBookmarksToPDFDestination":{"type":"boolean","value":"true"}}');
    mergedRecords = await recordsOfMerged(p.output);
    return p.output;
  },
  () => mergedRecords,
);

rmSync(root, { recursive: true, force: true });
