/**
 * Spreadsheet export (and import) benchmark: 100,000 realistic rows × 10 columns (names with accents, e-mails, phone
 * numbers, companies, statuses, two date-times, cities, references, a few formula-like texts) written to a file.
 *
 * Modes, each run in its own child process so that each peak RSS is its own:
 * - xlsx-stream: platform/spreadsheets writeXlsx to a file stream, rows from a generator (as from a DB cursor);
 * - csv-stream: writeCsv the same way;
 * - xlsx-buffer: platform/spreadsheets buildXlsx (the drop-in: all rows in an array, the file in a Buffer);
 * - legacy: today's platform/xlsx.ts buildXlsx on the same array (skipped if that file is gone);
 * - import-xlsx / import-csv: openSpreadsheet over the files the stream modes wrote, rows counted, not kept.
 *
 * Reported: wall time of the operation, output size, peak RSS sampled every 20 ms during the operation, the
 * process's kernel maxRSS, and the RSS before the operation (the Node baseline).
 *
 * Run from apps/server: `node bench/spreadsheet-export.bench.ts [all|MODE ...]` (default all). Env: BENCH_ROWS
 * (100000). `node bench/spreadsheet-export.bench.ts MODE --child` runs one mode in this process and prints its
 * result line (what the parent does per mode; handy under /usr/bin/time -v).
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildXlsx, openSpreadsheet, writeCsv, writeXlsx, type Cell, type SheetColumn, type SheetRow } from '../src/platform/spreadsheets/index.ts';

const modes = ['xlsx-stream', 'csv-stream', 'xlsx-buffer', 'legacy', 'import-xlsx', 'import-csv'] as const;
type Mode = (typeof modes)[number];

interface Result {
  mode: Mode;
  rows: number;
  seconds: number;
  outputBytes: number | null;
  peakRssMb: number;
  maxRssMb: number;
  baselineRssMb: number;
  note?: string;
}

const resultMarker = 'BENCH_RESULT ';
const rowCount = Number(process.env.BENCH_ROWS ?? 100_000);
const workDir = join(tmpdir(), 'paraphe-spreadsheet-bench');
const files = {
  xlsx: join(workDir, 'export.xlsx'),
  csv: join(workDir, 'export.csv'),
  buffer: join(workDir, 'buffer.xlsx'),
  legacy: join(workDir, 'legacy.xlsx'),
};
const mb = (bytes: number) => bytes / 1024 / 1024;

// --- Data ------------------------------------------------------------------------------------------------------------

const firstNames = ['Jean', 'Marie', 'Zoë', 'François', 'Émilie', 'Ana', 'Lars', 'Ngozi', 'Wei', 'Søren', 'Chloé', 'Mehmet', 'Inès', 'Hélène', 'Raphaël'];
const lastNames = ['Dupont', 'Martin', 'Lefèvre', 'Müller', "O'Brien", 'García', 'Nguyễn', 'Kowalski', 'Rossi', 'Bernard', 'Durand', 'Moreau', 'Girard'];
const companies = ['Acme SAS', 'Boulangerie Paul & Fils', 'Société Générale de Signatures', 'Globex, Inc.', 'Initech SARL', 'Umbrella "Europe" GmbH'];
const cities = ['Paris', 'Lyon', 'Marseille', 'Besançon', 'Saint-Étienne', 'Genève', 'Bruxelles', 'Montréal'];
const statuses = ['draft', 'sent', 'opened', 'signed', 'declined', 'expired'];

const columns: SheetColumn[] = [
  { header: 'First name', key: 'firstName', width: 14 },
  { header: 'Last name', key: 'lastName', width: 16 },
  { header: 'E-mail', key: 'email', width: 34 },
  { header: 'Phone', key: 'phone', width: 18 },
  { header: 'Company', key: 'company', width: 30 },
  { header: 'Status', key: 'status', width: 10 },
  { header: 'Created', key: 'createdAt', type: 'datetime', width: 20 },
  { header: 'Signed', key: 'signedAt', type: 'datetime', width: 20 },
  { header: 'City', key: 'city', width: 14 },
  { header: 'Reference', key: 'reference', width: 16 },
];

function row(i: number): SheetRow {
  const first = firstNames[i % firstNames.length]!;
  const last = lastNames[(i * 7) % lastNames.length]!;
  const status = statuses[(i * 5) % statuses.length]!;
  const createdAt = new Date(Date.UTC(2024, 0, 1) + i * 317_000);
  return {
    firstName: first,
    lastName: last,
    email: `${first}.${last}.${i}@exemple-${i % 97}.fr`.toLowerCase().replace(/[^a-z0-9.@-]/g, ''),
    phone: `+33 6 ${String(10 + (i % 90))} ${String(10 + ((i * 3) % 90))} ${String(10 + ((i * 7) % 90))} ${String(10 + ((i * 11) % 90))}`,
    company: companies[i % companies.length]!,
    status,
    createdAt,
    signedAt: status === 'signed' ? new Date(createdAt.getTime() + 86_400_000 + (i % 5000) * 1000) : null,
    city: cities[(i * 3) % cities.length]!,
    reference: i % 1000 === 0 ? `=HYPERLINK("http://evil.example/${i}","ref")` : `REF-${String(i).padStart(7, '0')}`,
  };
}

function* rows(): Generator<SheetRow> {
  for (let i = 0; i < rowCount; i++) yield row(i);
}

/** The rows as today's buildXlsx takes them: a header row, then arrays of cells. */
function arrayRows(): Cell[][] {
  const out: Cell[][] = [columns.map((c) => c.header)];
  for (let i = 0; i < rowCount; i++) {
    const r = row(i);
    out.push(columns.map((c) => r[c.key] as Cell));
  }
  return out;
}

// --- One mode, in this process -------------------------------------------------------------------------------------

function sampleRss() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage().rss);
  };
}

async function runMode(mode: Mode): Promise<Result> {
  await mkdir(workDir, { recursive: true });
  const baseline = process.memoryUsage().rss;
  const stop = sampleRss();
  const started = performance.now();
  let outputBytes: number | null = null;
  let count = rowCount;
  let note: string | undefined;
  switch (mode) {
    case 'xlsx-stream': {
      await writeXlsx(createWriteStream(files.xlsx), { sheetName: 'Signers', columns, rows: rows(), timeZone: 'Europe/Paris' });
      outputBytes = (await stat(files.xlsx)).size;
      break;
    }
    case 'csv-stream': {
      await writeCsv(createWriteStream(files.csv), { sheetName: 'Signers', columns, rows: rows(), timeZone: 'Europe/Paris' }, { delimiter: ';' });
      outputBytes = (await stat(files.csv)).size;
      break;
    }
    case 'xlsx-buffer': {
      const file = await buildXlsx('Signers', arrayRows());
      await writeFile(files.buffer, file);
      outputBytes = file.length;
      break;
    }
    case 'legacy': {
      let legacy: { buildXlsx: (sheetName: string, rows: Cell[][]) => Uint8Array } | undefined;
      try {
        legacy = (await import(new URL('../src/platform/xlsx.ts', import.meta.url).href)) as typeof legacy;
      } catch {
        note = 'src/platform/xlsx.ts is gone: nothing to compare';
      }
      if (legacy) {
        const file = legacy.buildXlsx('Signers', arrayRows());
        await writeFile(files.legacy, file);
        outputBytes = file.length;
      }
      break;
    }
    case 'import-xlsx':
    case 'import-csv': {
      const opened = await openSpreadsheet(mode === 'import-xlsx' ? files.xlsx : files.csv, { maxRows: rowCount + 1, maxBytes: 256 * 1024 * 1024 });
      count = 0;
      for await (const _ of opened.rows) count++;
      count -= 1; // the header
      note = `${opened.format}${opened.delimiter ? `, delimiter ${JSON.stringify(opened.delimiter)}` : ''}`;
      break;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const peak = stop();
  return {
    mode,
    rows: count,
    seconds,
    outputBytes,
    peakRssMb: mb(peak),
    maxRssMb: mb(process.resourceUsage().maxRSS * 1024),
    baselineRssMb: mb(baseline),
    note,
  };
}

function runChild(mode: Mode): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), mode, '--child'], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(resultMarker));
      if (code !== 0 || !line) reject(new Error(`${mode} exited with ${code}\n${out}`));
      else resolve(JSON.parse(line.slice(resultMarker.length)) as Result);
    });
  });
}

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (process.argv.includes('--child')) {
  const mode = args[0] as Mode;
  if (!modes.includes(mode)) throw new Error(`unknown mode ${mode}: one of ${modes.join(', ')}`);
  console.log(resultMarker + JSON.stringify(await runMode(mode)));
} else {
  const chosen = (args.length === 0 || args.includes('all') ? modes : args) as Mode[];
  console.log(`Spreadsheet bench: ${rowCount.toLocaleString('en')} rows × ${columns.length} columns, Node ${process.version}`);
  const results: Result[] = [];
  for (const mode of chosen) results.push(await runChild(mode));
  const table = results.map((r) => ({
    mode: r.mode,
    rows: r.rows,
    'wall s': r.seconds.toFixed(2),
    'output MB': r.outputBytes === null ? '-' : mb(r.outputBytes).toFixed(2),
    'peak RSS MB (20 ms samples)': r.peakRssMb.toFixed(0),
    'maxRSS MB (kernel)': r.maxRssMb.toFixed(0),
    'baseline RSS MB': r.baselineRssMb.toFixed(0),
    note: r.note ?? '',
  }));
  console.table(table);
}
