/**
 * A classic campaign of N signatories (default 10,000) on a real server PROCESS, invitations delivered to a local
 * SMTP sink (`smtp-server`, in this process): the signatories come from an .xlsx import (POST/PUT
 * /api/campains/:id/import), then the campaign is sent (PUT /api/campains/:id/send). Prints the import time, the
 * dispatch time (send → status ready: every copy and invitation committed), the delivery time (send → the N-th
 * distinct invitation accepted by the sink), the count in the sink (exactly N, no duplicate expected) and the
 * server's peak RSS (VmHWM).
 *
 * Run from the repository root: `node apps/server/bench/campaign-dispatch.bench.ts [N]` (PGlite in a scratch data
 * folder), or with `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres` (a scratch database). Targets
 * (PostgreSQL): 100,000 under 5 minutes, RSS under 512 MB whatever N.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { xlsxBuffer } from '../src/platform/spreadsheets/index.ts';
import { makePdf } from '../test/support/signatures.ts';
import { ApiClient, createFaultSite, startServerProcess } from '../test/support/server-process.ts';
import { engine } from '../test/support/harness.ts';

const count = Number(process.argv[2] ?? 10_000);
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
const filePath = join(tmpdir(), `paraphe-signatories-${count}.xlsx`);

if (process.argv[3] === 'generate') {
  function* rows() {
    for (let i = 0; i < count; i++) yield { mail: `signatory.${i}@example.com`, firstname: `Prénom${i}`, lastname: `Nom${i}`, lang: i % 2 ? 'fr' : 'en' };
  }
  writeFileSync(
    filePath,
    await xlsxBuffer({
      sheetName: 'Signatories',
      columns: [
        { header: 'E-mail', key: 'mail' },
        { header: 'Prénom', key: 'firstname' },
        { header: 'Nom', key: 'lastname' },
        { header: 'Langue', key: 'lang' },
      ],
      rows: rows(),
    }),
  );
  process.exit(0);
}
if (!existsSync(filePath)) execFileSync(process.execPath, [process.argv[1]!, String(count), 'generate'], { stdio: 'inherit' });

const accepted: string[] = [];
let lastAcceptedAt = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      accepted.push(...session.envelope.rcptTo.map((r) => r.address));
      lastAcceptedAt = performance.now();
      callback();
    });
  },
});
const port = await new Promise<number>((resolve) => sink.listen(0, '127.0.0.1', () => resolve((sink.server.address() as AddressInfo).port)));

const site = await createFaultSite();
const database = await site.open();
await database.db.execute(sql`update applications set features = features || '{"campaign": true}'::jsonb where id = ${site.tenant.appId}`);
await database.close();
const server = await startServerProcess(site, { env: { SMTP_URL: `smtp://127.0.0.1:${port}`, EMAIL_DOMAIN_CHECK: 'off', LOG_LEVEL: 'error' } });
const hwm = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))![1]) / 1024;
let peakRss = 0;
const sampler = setInterval(() => {
  try {
    peakRss = Math.max(peakRss, server.rssKb() / 1024);
  } catch {
    /* exited */
  }
}, 200);
try {
  const gerant = new ApiClient(server.url, site.tenant.gerantEmail);
  await gerant.login();
  const form = new FormData();
  form.set('label', `Bench ${count}`);
  form.set('transactionDocuments', JSON.stringify([{ fileName: 'contract.pdf', signatureFields: [{ signerIndex: 0, page: 1, x: 100, y: 100 }] }]));
  form.set('files', new Blob([Buffer.from(await makePdf(2))], { type: 'application/pdf' }), 'contract.pdf');
  const created = await gerant.call('POST', '/api/campains/campain', 'campaign', form);
  if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
  const { id } = ((await created.json()) as { data: { id: string } }).data;

  let started = performance.now();
  const upload = new FormData();
  upload.set('file', new Blob([readFileSync(filePath)]), 'signatories.xlsx');
  const uploaded = await gerant.json<{ data: { id: string } }>('POST', `/api/campains/${id}/import`, 'campaign', upload);
  await gerant.json('PUT', `/api/campains/${id}/import/${uploaded.data.id}`, 'campaign', { mapping: { mail: 0, firstname: 1, lastname: 2, lang: 3 }, ignoreFirstLine: true });
  for (;;) {
    const state = (await gerant.json<{ data: { status: string; imported: number; error: string | null } }>('GET', `/api/campains/${id}/import/${uploaded.data.id}`, 'campaign')).data;
    if (state.status === 'failed') throw new Error(`import failed: ${state.error}`);
    if (state.status === 'done') {
      console.log(`engine=${engine} signatories=${state.imported} import=${seconds(started)} s rss(peak so far)=${Math.round(hwm())} MB`);
      break;
    }
    await new Promise((r) => setTimeout(r, 500));
  }

  started = performance.now();
  const sent = await gerant.call('PUT', `/api/campains/${id}/send`, 'campaign');
  if (sent.status !== 200) throw new Error(`send: ${sent.status} ${await sent.text()}`);
  let dispatched: string | null = null;
  for (;;) {
    if (!dispatched) {
      const c = (await gerant.json<{ data: { status: string; progress: { dispatched: number; ratePerMinute: number | null } } }>('GET', `/api/campains/${id}`, 'campaign')).data;
      if (c.status === 'ready') {
        dispatched = seconds(started);
        console.log(`dispatch (send → ready: ${count} copies + invitations committed) = ${dispatched} s, rate ${c.progress.ratePerMinute}/min; delivered so far ${new Set(accepted).size}`);
      }
    }
    if (new Set(accepted).size >= count) break;
    if (performance.now() - started > 30 * 60_000) throw new Error(`not delivered in 30 min: ${new Set(accepted).size}/${count}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  await new Promise((r) => setTimeout(r, 3000)); // late duplicates, if any
  const distinct = new Set(accepted).size;
  console.log(
    `delivered (send → last invitation in the sink) = ${((lastAcceptedAt - started) / 1000).toFixed(1)} s; sink: ${accepted.length} mails, ${distinct} distinct, ${accepted.length - distinct} duplicate(s); server peak RSS: VmHWM ${Math.round(hwm())} MB, sampled ${Math.round(peakRss)} MB`,
  );
} finally {
  clearInterval(sampler);
  await server.stop();
  sink.close();
  await site.remove();
}
