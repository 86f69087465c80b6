/**
 * Peak memory of hostile uploads through the HTTP path (Fastify inject: routing, multipart, validation, the
 * services, the engine): one child process per case; in the child, the server is started (PGlite in memory), the
 * tenant, the request and the code are set up; then, twice (first call: cold code paths; second: warm), the garbage
 * collector runs, the kernel's peak-RSS counter is reset (/proc/self/clear_refs, 5) and the case is sent: the figure
 * is the kernel's high-water mark (VmHWM) minus the RSS just before. No sampling, so nothing is missed.
 *
 * Cases: a PDF whose object streams inflate to 600 MB (upload), a handwritten PNG announcing 12000 × 12000 pixels
 * (sign), a PNG of 2000 × 2000 whose IDAT inflates to 400 MB (390 KB: under the 512 KB bound; sign), a 2.4 MB ZIP of 50 members of 49 MB (upload),
 * a ZIP member declared 2 KB that inflates to 600 MB (upload), and a normal 1-page PDF for comparison. `before:`
 * cases run the previous upload code (pdf-lib load / fflate unzipSync, copied here) on the same files, in-process.
 *
 * Run: `node --expose-gc bench/bombs-http.bench.ts` from apps/server (Linux only: /proc).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const cases = [
  'pdf: 1-page PDF (reference)',
  'pdf: object streams → 600 MB',
  'png: 12000 × 12000 header',
  'png: 2000 × 2000, IDAT → 400 MB',
  'zip: 50 × 49 MB members',
  'zip: member declared 2 KB → 600 MB',
  'before: pdf-lib on the object-stream PDF',
  'before: fflate unzipSync on the 50 × 49 MB zip',
] as const;
type Case = (typeof cases)[number];

const kb = (line: string, key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(line)![1]) * 1024;
const status = () => readFileSync('/proc/self/status', 'utf8');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function prepareFiles(dir: string) {
  const { objectStreamPdf, deflatedMember, pngHeaderOnly, rawZip } = await import('../test/support/documents.ts');
  const { makePdf } = await import('../test/support/signatures.ts');
  writeFileSync(join(dir, 'plain.pdf'), await makePdf(1));
  writeFileSync(join(dir, 'objstm.pdf'), objectStreamPdf(10, 60 * 1024 * 1024));
  writeFileSync(join(dir, 'png-12000.png'), pngHeaderOnly(12_000, 12_000));
  writeFileSync(join(dir, 'png-idat.png'), pngHeaderOnly(2000, 2000, deflateSync(Buffer.alloc(400 * 1024 * 1024), { level: 9 })));
  const member = deflatedMember('m.pdf', Buffer.alloc(49 * 1024 * 1024));
  writeFileSync(join(dir, 'zip-50.zip'), rawZip(Array.from({ length: 50 }, (_, i) => ({ ...member, name: `part-${i}.pdf` }))));
  const liar = { ...deflatedMember('liar.pdf', Buffer.alloc(600 * 1024 * 1024)), size: 2048 };
  writeFileSync(join(dir, 'zip-liar.zip'), rawZip([liar]));
}

/** Runs in the child: set up, warm up, measure one call. */
async function child(name: Case, dir: string) {
  const file = (f: string) => readFileSync(join(dir, f));
  let send: () => Promise<string>;
  let close = async () => {};
  if (name.startsWith('before:')) {
    if (name.includes('pdf-lib')) {
      const { PDFDocument } = await import('pdf-lib');
      const data = file('objstm.pdf');
      send = async () => {
        try {
          return `loaded, ${(await PDFDocument.load(data, { updateMetadata: false, throwOnInvalidObject: true })).getPageCount()} page(s)`;
        } catch (error) {
          return `refused: ${(error as Error).message.slice(0, 60)}`;
        }
      };
    } else {
      const { unzipSync } = await import('fflate');
      const data = file('zip-50.zip');
      send = async () =>
        `inflated ${mb(Object.values(unzipSync(data, { filter: (m) => m.originalSize <= 50 * 1024 * 1024 })).reduce((n, m) => n + m.length, 0))}`;
    }
  } else {
    const { createTestContext } = await import('../test/support/harness.ts');
    const { createRequest, placed, signer, tenantWithGerant } = await import('../test/support/signatures.ts');
    const { lastCode } = await import('../test/support/signing-page.ts');
    const { invitedApi, sentRequest } = await import('../test/support/signing-flow.ts');
    const t = await createTestContext();
    close = () => t.close();
    const { client } = await tenantWithGerant(t);
    const upload = (fileName: string, data: Buffer, contentType: string) => async () => {
      const res = await createRequest(t, client, { files: [{ fileName, contentType, data }], documents: [] });
      return `${res.statusCode} ${res.statusCode < 300 ? 'created' : res.json().error.code}`;
    };
    if (name.startsWith('png')) {
      const s0 = signer(0);
      await sentRequest(t, client, { signers: [s0], documents: [placed('contract.pdf', [0])], options: { handwritten: 'enabled' } });
      const api = await invitedApi(t, s0.emailAddress);
      await api.code();
      const code = await lastCode(t, s0.emailAddress);
      const png = `data:image/png;base64,${file(name.includes('12000') ? 'png-12000.png' : 'png-idat.png').toString('base64')}`;
      send = async () => {
        const res = await api.sign({ code, consents: [[]], handwrittenPng: png });
        return `${res.statusCode} ${res.json().error?.code ?? res.json().data.outcome}`;
      };
    } else if (name.startsWith('zip')) {
      send = upload('bundle.zip', file(name.includes('50') ? 'zip-50.zip' : 'zip-liar.zip'), 'application/zip');
    } else {
      send = upload('doc.pdf', file(name.includes('600') ? 'objstm.pdf' : 'plain.pdf'), 'application/pdf');
    }
  }
  // Peak over the RSS just before the call: the kernel's high-water mark, reset after a full GC.
  const measure = async () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    gc?.();
    writeFileSync('/proc/self/clear_refs', '5');
    const before = kb(status(), 'VmRSS');
    const started = performance.now();
    const outcome = await send();
    return { outcome, baseline: before, increase: kb(status(), 'VmHWM') - before, ms: performance.now() - started };
  };
  const cold = await measure();
  const warm = await measure();
  await close();
  process.stdout.write(JSON.stringify({ name, cold, warm }));
}

if (process.argv[2] === '--case') {
  await child(process.argv[3] as Case, process.argv[4]!);
  process.exit(0);
} else {
  const dir = mkdtempSync(join(tmpdir(), 'paraphe-bombs-'));
  try {
    await prepareFiles(dir);
    const sizes = ['objstm.pdf', 'png-12000.png', 'png-idat.png', 'zip-50.zip', 'zip-liar.zip'].map(
      (f) => `${f} ${(readFileSync(join(dir, f)).length / 1024).toFixed(0)} KB`,
    );
    console.log(`Node ${process.version}; files: ${sizes.join(', ')}`);
    console.log('case'.padEnd(46), 'answer'.padEnd(26), 'RSS peak: first call / second call (baseline)', 'time');
    const only = process.argv[2];
    for (const name of cases.filter((c) => !only || c.startsWith(only))) {
      const out = execFileSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--case', name, dir], {
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      });
      type Run = { outcome: string; increase: number; baseline: number; ms: number };
      const { cold, warm } = JSON.parse(out.slice(out.indexOf('{"name"'))) as { cold: Run; warm: Run };
      console.log(
        name.padEnd(46),
        cold.outcome.slice(0, 26).padEnd(26),
        `+${mb(cold.increase)} / +${mb(warm.increase)} (${mb(cold.baseline)})`.padEnd(46),
        `${cold.ms.toFixed(0)} / ${warm.ms.toFixed(0)} ms`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
