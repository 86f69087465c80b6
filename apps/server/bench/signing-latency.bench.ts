/**
 * The public sign call: time from the POST …/sign call to its answer (the signed PDF stored, the transaction
 * committed), its CPU (this process, and the PostgreSQL backends of the run's database) and its SQL statements,
 * over N signatures on a 1-page document and on a ≈5 MB one; then the engine alone on the same 1-page document
 * (signPdf with the same one-time identity and in-process TSA, B-T, visible, the same PNG), so the call's overhead
 * over the engine is a ratio of the same run. Level 1 (tenant seal, B-T). Each request has two signers and only the
 * first signs, so no completion job competes for the CPU. One sign call is made before the measured ones: it opens the
 * platform CA and the time-stamping authority (two scrypt, a key or two — once per process, ≈0.5 s) and warms the
 * code, which a steady server has done long before.
 *
 * Run from apps/server: `node bench/signing-latency.bench.ts [flags]`:
 *   --calls N     signatures per document (200)
 *   --engine E    pglite (default, in memory) or postgres (a temporary database on BENCH_DATABASE_URL,
 *                 postgres://postgres@127.0.0.1:5432/postgres)
 *   --small-only  the 1-page document only
 *   --list-sql    prints the statements of the last 1-page call (postgres)
 *   --profile F   writes a CPU profile of the measured 1-page calls to F (.cpuprofile, for DevTools)
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { sql } from 'drizzle-orm';
import { preparePdf, signPdf, withOneTimeIdentity } from '@paraphe/signing';
import { cpuMeter, statementCounter, threadCpuMs, threadCpuPerCall } from './cost.ts';

const { values: flags } = parseArgs({
  options: {
    calls: { type: 'string' },
    engine: { type: 'string' },
    'small-only': { type: 'boolean' },
    'list-sql': { type: 'boolean' },
    profile: { type: 'string' },
  },
  allowPositionals: true,
});
const count = Number(flags.calls ?? 200);
const engine = flags.engine ?? 'pglite';
if (engine === 'postgres') process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
else delete process.env.TEST_DATABASE_URL;
const counter = engine === 'postgres' ? await statementCounter() : undefined;

const { createTestContext } = await import('../test/support/harness.ts');
const { draft, makePdf, placed, requestRow, signer, tenantWithGerant, messagesTo } = await import('../test/support/signatures.ts');
const { handwrittenPng, lastCode, signingApi, tokenOf } = await import('../test/support/signing-page.ts');
const { trustServices } = await import('../src/domains/pki/index.ts');
type TestContext = Awaited<ReturnType<typeof createTestContext>>;

async function bigPdf(bytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 20; i++) doc.addPage([595, 842]).drawText(`Annex page ${i + 1}`, { x: 50, y: 780, size: 14 });
  // Incompressible payload: an embedded file of random bytes.
  await doc.attach(randomBytes(bytes), 'payload.bin', { mimeType: 'application/octet-stream' });
  return doc.save({ useObjectStreams: false });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

let workersPaused = false;

async function startProfile() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return { stop: async () => (await session.post('Profiler.stop')).profile };
}

/**
 * The requests are drafted, sent and opened, and their codes asked for, with the workers on (the send job makes them
 * ready); then the workers stop, so the measured sign calls share the process with nothing else.
 */
async function measure(t: TestContext, label: string, pdf: Uint8Array, database: string | undefined) {
  const tenant = await tenantWithGerant(t);
  let client = tenant.client;
  const png = handwrittenPng();
  if (workersPaused) await t.server.platform.jobs.start({ work: true }); // an earlier measure stopped them
  const ready: { api: ReturnType<typeof signingApi>; code: string }[] = [];
  for (let i = 0; i < count + 1; i++) {
    // A fresh session now and then: on a loaded machine the preparation outlasts an access token.
    if (i > 0 && i % 10 === 0) client = await t.login(tenant.gerant.email);
    const request = await draft(t, client, {
      files: [{ fileName: 'doc.pdf', data: pdf }],
      signers: [signer(0), signer(1)],
      documents: [placed('doc.pdf', [0, 1])],
      options: { handwritten: 'enabled' },
    });
    await client.call('PUT', `/api/transactions/${request.id}`, 'history', { action: 'send' });
    await t.waitFor(async () => (await requestRow(t, request.id)).status === 'ready', 30_000);
    const email = request.signers.find((s) => s.signerIndex === 0)!.emailAddress;
    const api = signingApi(t, tokenOf((await messagesTo(t, email, 'signature-invitation')).at(-1)!.text));
    await api.view(); // prepares the document, as the signer's first visit does
    await api.code();
    ready.push({ api, code: await lastCode(t, email) });
  }
  for (const { name } of t.server.platform.jobs.queueOptions()) await t.server.platform.jobs.boss.offWork(name);
  workersPaused = true;
  await new Promise((resolve) => setTimeout(resolve, 2000)); // the last polls end
  const warm = ready.shift()!;
  const warmed = await warm.api.sign({ code: warm.code, consents: [], handwrittenPng: png });
  if (warmed.statusCode !== 200) throw new Error(`sign failed: ${warmed.statusCode} ${warmed.body}`);
  const threadsBefore = threadCpuMs();
  const durations: number[] = [];
  const cpu = cpuMeter(database);
  const profiler = flags.profile && label === '1 page' ? await startProfile() : undefined;
  let statements = 0;
  for (const [i, { api, code }] of ready.entries()) {
    if (counter) {
      counter.statements = 0;
      counter.log = i === ready.length - 1 ? [] : undefined;
      counter.counting = true;
    }
    const started = performance.now();
    const res = await cpu.measure(() => api.sign({ code, consents: [], handwrittenPng: png }));
    durations.push(performance.now() - started);
    if (counter) {
      counter.counting = false;
      statements += counter.statements;
    }
    if (res.statusCode !== 200) throw new Error(`sign failed: ${res.statusCode} ${res.body}`);
  }
  // The main thread's figure includes the bench's /proc reads between the calls (outside the measured spans).
  const threads = threadCpuPerCall(threadsBefore, threadCpuMs(), count);
  if (profiler) writeFileSync(flags.profile!, JSON.stringify(await profiler.stop()));
  const sorted = [...durations].sort((a, b) => a - b);
  const { nodeCpuMs, postgresCpuMs } = cpu.perSpan();
  console.log(
    `${label.padEnd(10)} n=${count}  p50=${percentile(sorted, 50).toFixed(1)} ms  p95=${percentile(sorted, 95).toFixed(1)} ms  max=${sorted.at(-1)!.toFixed(1)} ms  ` +
      `CPU/call: server ${nodeCpuMs} ms${postgresCpuMs === undefined ? ' (PGlite in it)' : `, PostgreSQL ${postgresCpuMs} ms`}` +
      (counter ? `  statements/call ${(statements / count).toFixed(1)}` : '') +
      `\n           server CPU/call by thread (ms, 10 ms ticks): ${threads}`,
  );
  if (flags['list-sql'] && counter?.log) for (const [n, line] of counter.log.entries()) console.log(`  ${String(n + 1).padStart(2)} ${line}`);
  return { nodeCpuMs, postgresCpuMs: postgresCpuMs ?? 0 };
}

/** The engine alone, as the call uses it: a one-time identity of the tenant, the platform TSA, B-T, visible, the PNG. */
async function engineAlone(t: TestContext, pdf: Uint8Array) {
  const trust = trustServices(t.server.platform);
  await trust.authority();
  const tsa = await trust.tsa();
  const png = Buffer.from(handwrittenPng().split(',')[1]!, 'base64');
  const prepared = await preparePdf(pdf, { fields: [{ page: 1, x: 70, y: 70, signerIndex: 0 }] });
  const once = () =>
    withOneTimeIdentity(trust.simpleSignatureIdentity('Bench SA', 'Ada Lovelace', 'One-time seal'), (identity) =>
      signPdf(prepared.pdf, {
        field: prepared.fields[0]!.name,
        signer: identity,
        level: 'B-T',
        tsa,
        certify: true,
        signingTime: new Date(),
        appearance: { signerName: 'Ada Lovelace', reason: 'Signed electronically by Ada Lovelace (Bench SA)', date: new Date(), handwrittenPng: png },
      }),
    );
  for (let i = 0; i < 20; i++) await once();
  const n = Math.max(200, count);
  const before = process.cpuUsage();
  for (let i = 0; i < n; i++) await once();
  const used = process.cpuUsage(before);
  return Math.round(((used.user + used.system) / 1000 / n) * 100) / 100;
}

const t = await createTestContext();
try {
  const small = await makePdf(1);
  const database =
    engine === 'postgres'
      ? ((await t.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows[0]!.name
      : undefined;
  console.log(`Node ${process.version}, ${engine === 'postgres' ? 'PostgreSQL' : 'PGlite in memory'}; 1-page document ${small.byteLength} B`);
  const call = await measure(t, '1 page', small, database);
  const engineMs = await engineAlone(t, small);
  const total = call.nodeCpuMs + call.postgresCpuMs;
  console.log(
    `engine alone (1 page, B-T, visible, PNG): ${engineMs} ms CPU; the call: ${total.toFixed(1)} ms CPU = ${(total / engineMs).toFixed(1)}× the engine`,
  );
  if (!flags['small-only']) {
    const large = await bigPdf(5 * 1024 * 1024);
    await measure(t, `${(large.byteLength / 1024 / 1024).toFixed(1)} MB`, large, database);
  }
} finally {
  await t.close();
}
