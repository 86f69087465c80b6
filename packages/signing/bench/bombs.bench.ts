/**
 * Peak memory of reading hostile files, one child process per case (so peaks do not hide each other):
 * RSS just before the engine call, and the process's maximum RSS after it (getrusage).
 * Run: node bench/bombs.bench.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { objectStreamBomb, parseBomb, xrefStreamBomb } from '../test/support/bombs.ts';
import { pngWithHeader } from '../test/support/images.ts';
import { deflateSync } from 'node:zlib';

const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
const self = fileURLToPath(import.meta.url);

async function child(kind: string, file: string): Promise<void> {
  const { readFileSync } = await import('node:fs');
  const engine = await import('../src/index.ts');
  const input = readFileSync(file);
  const pki = kind === 'png' ? await (await import('../test/support/pki.ts')).createTestPki() : undefined;
  const prepared =
    kind === 'png'
      ? (await engine.preparePdf(await (await import('../test/support/documents.ts')).makePdf(), { fields: [{ signerIndex: 0 }] })).pdf
      : undefined;
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  const peakBefore = process.resourceUsage().maxRSS * 1024;
  let outcome: string;
  try {
    if (kind === 'png') {
      await engine.signPdf(prepared!, {
        field: 'signer-1',
        signer: pki!.signer,
        level: 'B-B',
        appearance: { signerName: 'X', date: new Date(), handwrittenPng: input },
      });
      outcome = 'accepted';
    } else {
      const r = await engine.inspectPdf(input);
      outcome = r.ok ? 'accepted' : `${r.reason}`;
    }
  } catch (error) {
    outcome = `${(error as { code?: string }).code ?? String(error)}`;
  }
  const peak = process.resourceUsage().maxRSS * 1024;
  console.log(JSON.stringify({ outcome, before, peak, peakBefore, size: input.length }));
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'paraphe-bombs-'));
  const cases: Array<[string, string, Buffer | Uint8Array]> = [
    ['object streams: 10 × 60 MB (600 MB inflated)', 'pdf', objectStreamBomb(10, 60 * 1024 * 1024)],
    ['one object stream of 200 MB (over maxStreamSize)', 'pdf', objectStreamBomb(3, 200 * 1024 * 1024)],
    ['xref stream declaring 2,000,000 objects', 'pdf', xrefStreamBomb(2_000_000)],
    ['catalog with a 50 MB literal string', 'pdf', parseBomb('string', 50 * 1024 * 1024)],
    ['catalog with a 20 MB array of numbers', 'pdf', parseBomb('array', 20 * 1024 * 1024)],
    ['PNG 12000 × 12000 (IHDR), 17 KB', 'png', pngWithHeader(12000, 12000, deflateSync(Buffer.alloc(12000 * 4 + 1, 0)))],
    ['PNG 2000 × 2000 whose IDAT inflates to 600 MB', 'png', pngWithHeader(2000, 2000, deflateSync(Buffer.alloc(600 * 1024 * 1024, 0)))],
  ];
  try {
    for (const [label, kind, bytes] of cases) {
      const file = join(dir, `${kind}.bin`);
      writeFileSync(file, bytes);
      const out = execFileSync(process.execPath, ['--expose-gc', self, '--child', kind, file], { encoding: 'utf8', maxBuffer: 1 << 20 });
      const r = JSON.parse(out.trim().split('\n').pop()!) as { outcome: string; before: number; peak: number; size: number };
      console.log(
        `${label.padEnd(52)} ${mb(r.size).padStart(6)} MB on disk → ${r.outcome.padEnd(22)} RSS before ${mb(r.before)} MB, peak ${mb(r.peak)} MB (+${mb(r.peak - r.before)} MB)`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3]!, process.argv[4]!);
else await main();
