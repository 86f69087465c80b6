/**
 * Mail-merge at scale through the HTTP API: a two-page .docx letter (test/templates/docx.ts: 7 variables, one
 * placeholder split across runs, a header and a footer) and an .xlsx of 1,000 rows are uploaded, the batch is
 * started (POST /api/batch/generate/pdf: the sheet is read and checked against the mapping), followed (GET) until
 * done, and its zip downloaded and checked (1,000 PDFs of two pages). Prints the seconds of each step, this
 * process's peak RSS (VmHWM) and the peak RSS of its LibreOffice processes (sampled every 250 ms), and the load.
 *
 * Run from apps/server: `node bench/mail-merge.bench.ts [rows]` (PGlite in memory; OFFICE_CONVERTERS to change the
 * pool), or with `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres` for PostgreSQL. Target: 1,000
 * PDFs in under 60 s on two cores.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { unzipSync } from 'fflate';
import type { GenerationBatch } from '@paraphe/contracts';
import { xlsxBuffer } from '../src/platform/spreadsheets/index.ts';
import { createTestContext, engine } from '../test/support/harness.ts';
import { multipartBody } from '../test/support/signatures.ts';
import { twoPageLetter } from '../test/templates/docx.ts';

const count = Number(process.argv[2] ?? 1000);
const converters = process.env.OFFICE_CONVERTERS ?? '2';
const peakRss = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
/** CPU seconds of this process and of its waited-for children (the converters), from /proc/self/stat. */
function cpuSeconds(): { self: number; children: number } {
  const fields = readFileSync('/proc/self/stat', 'utf8')
    .replace(/^.*\) /, '')
    .split(' ')
    .map(Number);
  // After the command: state is [0], utime [11], stime [12], cutime [13], cstime [14] (clock ticks, 100 a second).
  return { self: (fields[11]! + fields[12]!) / 100, children: (fields[13]! + fields[14]!) / 100 };
}
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

/** RSS of this process's descendants (the LibreOffice converters), summed. */
function childrenRss(): number {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,rss='])
    .toString()
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number) as [number, number, number]);
  const mine = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of table) {
      if (!mine.has(ppid) || mine.has(pid)) continue;
      mine.add(pid);
      grew = true;
    }
  }
  return table.filter(([pid]) => pid !== process.pid && mine.has(pid)).reduce((sum, [, , rss]) => sum + rss * 1024, 0);
}
let officePeak = 0;
const sampler = setInterval(() => (officePeak = Math.max(officePeak, childrenRss())), 250);

const t = await createTestContext({ env: { OFFICE_CONVERTERS: converters } });
try {
  const tenant = await t.factory.tenant({ doubleAuth: false, features: { campaign: true, mailing: true } });
  const client = await t.login(tenant.gerant.email);
  const token = await client.token('template');
  const upload = async (url: string, name: string, data: Uint8Array, fields: Record<string, string> = {}) => {
    const { payload, headers } = multipartBody([
      ...Object.entries(fields).map(([n, value]) => ({ name: n, value })),
      { name: 'file', fileName: name, contentType: 'application/octet-stream', data },
    ]);
    return t.request({ method: 'POST', url, token, body: payload, headers });
  };

  const uploaded = await upload('/api/Template', 'contrat.docx', twoPageLetter());
  const template = uploaded.json().data as { id: string; variables: string[] };
  const cities = ['Paris', 'Zürich', 'Köln', 'Москва', '北京', 'São Paulo'];
  const sheet = await xlsxBuffer({
    sheetName: 'Signataires',
    columns: ['Référence', 'Civilité', 'Prénom', 'Nom', 'Ville', 'Montant'].map((header, i) => ({ key: `c${i}`, header })),
    rows: Array.from({ length: count }, (_, i) => ({
      c0: `C-${10_000 + i}`,
      c1: i % 2 ? 'Mme' : 'M.',
      c2: `Prénom${i}`,
      c3: `Nom${i}`,
      c4: cities[i % cities.length],
      c5: String(100 + i),
    })),
  });
  const mapping = {
    reference: { column: 'Référence' },
    civility: { column: 'Civilité' },
    firstname: { column: 'Prénom' },
    lastname: { column: 'Nom' },
    city: { column: 'Ville' },
    amount: { column: 'Montant' },
  };
  console.log(
    `mail-merge bench: ${count} rows, ${engine}, OFFICE_CONVERTERS=${converters}, variables ${template.variables.join(', ')}, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  const cpuBefore = cpuSeconds();
  const started = performance.now();
  const res = await upload('/api/batch/generate/pdf', 'signataires.xlsx', sheet, { request: JSON.stringify({ templateId: template.id, mapping }) });
  if (res.statusCode !== 202) throw new Error(`start: ${res.statusCode} ${res.body}`);
  const batchId = (res.json().data as GenerationBatch).id;
  console.log(`  accepted (sheet read and checked)   ${seconds(started)} s`);
  let last = -1;
  const done = await t.waitFor(async () => {
    const batch = (await client.call('GET', `/api/batch/generate/pdf/${batchId}`, 'template')).json().data as GenerationBatch;
    if (batch.done !== last) {
      last = batch.done;
      console.log(`  ${String(batch.done).padStart(5)} / ${batch.total}  ${seconds(started)} s`);
    }
    return batch.status === 'done' || batch.status === 'failed' ? batch : null;
  }, 900_000);
  const generated = seconds(started);
  const cpuAfter = cpuSeconds();
  const zipStart = performance.now();
  const zip = await client.call('GET', `/api/batch/generate/pdf/${batchId}/zip`, 'template');
  const files = unzipSync(zip.rawPayload);
  const names = Object.keys(files);
  const pages = (pdf: Uint8Array) =>
    (
      Buffer.from(pdf)
        .toString('latin1')
        .match(/\/Type\s*\/Page[^s]/g) ?? []
    ).length;
  console.log(
    `  zip: ${names.length} PDFs, ${mb(zip.rawPayload.length)}, ${seconds(zipStart)} s; pages of the first: ${pages(files[names[0]!]!)}, of the last: ${pages(files[names.at(-1)!]!)}`,
  );
  console.log(`status ${done.status}, ${done.done} done, ${done.failed} failed`);
  const office = cpuAfter.children - cpuBefore.children;
  const server = cpuAfter.self - cpuBefore.self;
  console.log(
    `CPU: LibreOffice ${office.toFixed(1)} s (${((office * 1000) / count).toFixed(0)} ms a PDF), server ${server.toFixed(1)} s — on two idle cores ≈ ${((office + server) / 2).toFixed(0)} s of wall time`,
  );
  console.log(
    `${count} PDFs generated in ${generated} s; peak RSS: server ${mb(peakRss())}, LibreOffice converters ${mb(officePeak)}; load after ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  clearInterval(sampler);
  await t.close();
}
