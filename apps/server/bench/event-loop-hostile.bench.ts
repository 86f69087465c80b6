/**
 * Does a hostile upload stall the event loop? (issue 24, item 3; docs/security.md "No request stalls the event
 * loop"). The server is started in this process (the test harness: PGlite in memory, every module); then, all at
 * once, `count` (default 4) uploads of each hostile kind, while /healthz is probed one call after the other (10 ms
 * apart) until every upload has answered. Prints each kind's answers and time, the /healthz latency (p50/p99/max) and
 * the event-loop delay of the process (perf_hooks.monitorEventLoopDelay, 10 ms resolution, the interval subtracted)
 * over the hostile phase — and first the same over 15 s of an idle server (baseline: on PGlite, pg-boss's polling
 * queries run on the main thread too). Goal: /healthz p99 < 100 ms, loop delay p99 < 50 ms.
 *
 * Kinds: a PKCS#12 asking for 8,388,607 key-derivation iterations (the most that encodes on the three bytes the test
 * helper rewrites; the file asked 9,999,999) with a wrong password (stamp import); the same at
 * the cap (2,000,000: still derived, on a worker thread); a PDF whose object streams inflate to 600 MB; a 40 MB PDF
 * whose cross-reference table is broken (the reader rebuilds it by scanning the file); an .ods whose content.xml
 * (14 KB compressed) holds 90,000 rows (contacts import: SheetJS parses it); a Word template (68 KB) of 20,000
 * paragraphs, 5.5 MB of XML (mail-merge template upload: docxtemplater reads it); a login with a wrong password (argon2id).
 *
 * Run: `node bench/event-loop-hostile.bench.ts [count] [kinds,…]` from apps/server (kinds: p12, p12cap, pdfbomb,
 * pdfxref, ods, docx, login; default all). Figures depend on the machine's load: run it on a quiet one and compare runs
 * made in the same conditions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { createTestContext, freshIp } from '../test/support/harness.ts';
import { deflatedMember, objectStreamPdf, rawPdf, rawZip } from '../test/support/documents.ts';
import { createRequest, tenantWithGerant } from '../test/support/signatures.ts';
import { stampClient, upload as uploadStampFile, withIterations } from '../test/stamps/support.ts';
import { upload as uploadContacts } from '../test/contacts/support.ts';
import { buildDocx, paragraph } from '../test/templates/docx.ts';
import { mergeClient, uploadTo } from '../test/templates/support.ts';

const count = Number(process.argv[2] ?? 4);
const allKinds = ['p12', 'p12cap', 'pdfbomb', 'pdfxref', 'ods', 'docx', 'login'] as const;
type Kind = (typeof allKinds)[number];
const kinds = (process.argv[3]?.split(',') ?? allKinds) as Kind[];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

function brokenXrefPdf(padMb: number): Buffer {
  const pdf = rawPdf({ pages: [{}] });
  const filler = Buffer.from(`%${'x'.repeat(78)}\n`.repeat(Math.ceil((padMb * 1024 * 1024) / 80)), 'latin1');
  const at = pdf.lastIndexOf('xref');
  // The filler between the objects and the table, and a startxref pointing nowhere: the reader scans the file.
  return Buffer.concat([pdf.subarray(0, at), filler, Buffer.from('trailer\n<</Size 9 /Root 1 0 R>>\nstartxref\n999999999\n%%EOF\n', 'latin1')]);
}

function rowsOds(rows: number): Buffer {
  const row =
    '<table:table-row><table:table-cell office:value-type="string"><text:p>Dupont</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>jean@example.com</text:p></table:table-cell></table:table-row>';
  const content = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:spreadsheet><table:table table:name="Sheet1">' +
      row.repeat(rows) +
      '</table:table></office:spreadsheet></office:body></office:document-content>',
  );
  const manifest = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>',
  );
  // SheetJS refuses an .ods without styles.xml ("Cannot find file styles.xml"): the file must be read for real.
  const styles = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" office:version="1.2"/>',
  );
  return rawZip([
    deflatedMember('mimetype', Buffer.from('application/vnd.oasis.opendocument.spreadsheet')),
    deflatedMember('content.xml', content),
    deflatedMember('styles.xml', styles),
    deflatedMember('META-INF/manifest.xml', manifest),
  ]);
}

/** A Word template of `paragraphs` long paragraphs, each with a variable: small compressed, megabytes of XML to parse. */
function longTemplate(paragraphs: number): Buffer {
  const body = Array.from({ length: paragraphs }, (_, i) => paragraph(`Article ${i}: ${'clause '.repeat(28)} \${name}`)).join('');
  return buildDocx({ body });
}

const dir = mkdtempSync(join(tmpdir(), 'paraphe-bench-hostile-'));
// Job polling as in production (woken by NOTIFY, a look every 15 s between; the test harness polls every 0.5 s): on
// PGlite every poll is a query run on the main thread, which the baseline phase shows. BENCH_WAKE_BACKSTOP_S=1 gives
// the polling of before (every worker every second).
const t = await createTestContext({
  env: { WORKER_TASK_TIMEOUT_SECONDS: '600', HEALTH_STORAGE_WAIT_MS: '50' },
  pollingIntervalSeconds: 1,
  wakeBackstopSeconds: Number(process.env.BENCH_WAKE_BACKSTOP_S ?? 15),
});
try {
  const stamper = await stampClient(t);
  const { client: gerant } = await tenantWithGerant(t);
  const contactsGerant = await t.login((await t.factory.tenant({ doubleAuth: false })).gerant.email);
  const templatesGerant = await mergeClient(t);
  const files = {
    p12: withIterations(dir, 8_388_607),
    p12cap: withIterations(dir, 2_000_000),
    pdfbomb: objectStreamPdf(10, 60 * 1024 * 1024),
    pdfxref: brokenXrefPdf(40),
    ods: rowsOds(90_000),
    docx: longTemplate(20_000),
  };
  // Every hostile call is built before the measure (bodies of up to 40 MB: building them is the client's work, not
  // the server's), then sent over real HTTP by a worker thread, so that neither the client's CPU nor light-my-request's
  // one-chunk bodies are counted in this process's event loop: the server reads its sockets as in production.
  type Prepared = { method: string; url: string; headers: Record<string, string>; payload: Buffer | string };
  const prepare = async (call: (ctx: typeof t) => Promise<unknown>): Promise<Prepared> => {
    let prepared: Prepared | undefined;
    const capture = {
      ...t,
      request: async (opts: Parameters<typeof t.request>[0]) => {
        const json = opts.body !== undefined && !Buffer.isBuffer(opts.body);
        prepared = {
          method: opts.method,
          url: opts.url,
          headers: {
            ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
            ...(json ? { 'content-type': 'application/json' } : {}),
            ...opts.headers,
          },
          payload: json ? JSON.stringify(opts.body) : ((opts.body as Buffer | undefined) ?? ''),
        };
        return { statusCode: 0, body: '', json: () => ({}) } as unknown as Awaited<ReturnType<typeof t.request>>;
      },
    };
    await call(capture);
    return prepared!;
  };
  const build: Record<Kind, () => Promise<Prepared>> = {
    p12: () =>
      prepare((ctx) =>
        uploadStampFile(ctx, stamper, '/api/stamp-accounts/import', { name: 'hostile.p12', data: files.p12 }, { password: 'wrong', label: 'Hostile' }),
      ),
    p12cap: () =>
      prepare((ctx) =>
        uploadStampFile(ctx, stamper, '/api/stamp-accounts/import', { name: 'cap.p12', data: files.p12cap }, { password: 'wrong', label: 'Hostile' }),
      ),
    pdfbomb: () => prepare((ctx) => createRequest(ctx, gerant, { files: [{ fileName: 'bomb.pdf', contentType: 'application/pdf', data: files.pdfbomb }] })),
    pdfxref: () => prepare((ctx) => createRequest(ctx, gerant, { files: [{ fileName: 'xref.pdf', contentType: 'application/pdf', data: files.pdfxref }] })),
    ods: () => prepare((ctx) => uploadContacts(ctx, contactsGerant, 'contacts.ods', files.ods)),
    docx: () => prepare((ctx) => uploadTo(ctx, templatesGerant, '/api/Template', { name: 'long.docx', data: files.docx })),
    login: () =>
      prepare((ctx) =>
        ctx.request({ method: 'POST', url: '/api/auth/login', body: { email: 'nobody@example.com', password: 'wrong-password-1' }, headers: freshIp() }),
      ),
  };
  const baseUrl = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
  const probe = () => fetch(`${baseUrl}/healthz`).then((res) => res.arrayBuffer());
  // Warm-up: one health probe, one login (first argon2 call), so that neither cold start is counted.
  await probe();
  const warm = await build.login();
  await fetch(`${baseUrl}${warm.url}`, { method: warm.method, headers: warm.headers, body: warm.payload as string });

  /** Probes /healthz one call after the other (10 ms apart) while `busy()`; the loop delay over the same time. */
  async function measure(label: string, busy: () => boolean) {
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const probes: number[] = [];
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 100_000 && busy(); i++) {
      const at = performance.now();
      await probe();
      probes.push(performance.now() - at);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    loop.disable();
    const sorted = [...probes].sort((a, b) => a - b);
    const delay = (ns: number) => Math.max(0, ns / 1e6 - 10);
    console.log(
      `${label.padEnd(9)} /healthz n=${probes.length}  p50=${ms(percentile(sorted, 50))}  p99=${ms(percentile(sorted, 99))}  max=${ms(sorted.at(-1) ?? 0)}`,
    );
    console.log(
      `${''.padEnd(9)} event loop  p50=${ms(delay(loop.percentile(50)))}  p99=${ms(delay(loop.percentile(99)))}  max=${ms(delay(loop.max))}  (beyond the 10 ms interval)`,
    );
  }

  // Baseline: the same probes for 15 s with nothing else running (job polling, the server's own timers).
  const baselineEnd = performance.now() + 15_000;
  await measure('idle', () => performance.now() < baselineEnd);

  const calls = (await Promise.all(kinds.flatMap((kind) => Array.from({ length: count }, async () => ({ kind, ...(await build[kind]()) }))))).map((call) => ({
    ...call,
    url: `${baseUrl}${call.url}`,
  }));
  const started = performance.now();
  let pending = true;
  const sender = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     Promise.all(workerData.map(async (call) => {
       const at = performance.now();
       const res = await fetch(call.url, { method: call.method, headers: call.headers, body: call.payload });
       const body = await res.text();
       return { kind: call.kind, status: res.status, body, ms: performance.now() - at };
     })).then((outcomes) => parentPort.postMessage(outcomes));`,
    { eval: true, workerData: calls },
  );
  const answers = new Promise<{ kind: Kind; status: number; body: string; ms: number }[]>((resolve, reject) => {
    sender.once('message', (outcomes) => {
      pending = false;
      resolve(outcomes);
    });
    sender.once('error', reject);
  });
  // The hostile window on the monotonic clock a CPU profile (`node --cpu-prof`) stamps its samples with, to read
  // only that window's main-thread work.
  const windowStart = process.hrtime.bigint() / 1000n;
  await measure('hostile', () => pending);
  console.log(`hostile window (µs, --cpu-prof clock): ${windowStart} ${process.hrtime.bigint() / 1000n}`);
  const outcomes = (await answers).map(({ kind, status, body, ms }) => {
    let code = '';
    try {
      const error = JSON.parse(body).error;
      code = `${error?.fields?.[0]?.rule ?? error?.details?.reason ?? error?.code ?? ''} ${String(error?.message ?? '').slice(0, 70)}`.trim();
    } catch {
      /* not JSON */
    }
    return { kind, status, code, ms };
  });
  await sender.terminate();
  const total = performance.now() - started;

  console.log(`${count} × [${kinds.join(', ')}] in parallel: ${ms(total)} until the last answer`);
  for (const kind of kinds) {
    const mine = outcomes.filter((o) => o.kind === kind);
    const answers = [...new Set(mine.map((o) => `${o.status} ${o.code}`))].join(' | ');
    console.log(`  ${kind.padEnd(8)} ${answers.padEnd(100)} slowest ${ms(Math.max(...mine.map((o) => o.ms)))}`);
  }
  const reported = ((await (await fetch(`${baseUrl}/healthz`)).json()) as { eventLoopDelayMs?: unknown }).eventLoopDelayMs;
  if (reported) console.log(`/healthz eventLoopDelayMs at the end: ${JSON.stringify(reported)}`);
} finally {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
}
