/**
 * An operation of N orders (default 10,000; one signer each, documents from a pool of 10 one-page PDFs) on a real
 * server PROCESS: the orders come from a CSV import (POST /api/batches/:id/import), then the operation is sent
 * (PATCH /api/batches/:id/status {pending}). Prints the import time, the dispatch time (send → status ready: every
 * request and invitation committed) and the server's peak RSS (VmHWM).
 *
 * `… operation-dispatch.bench.ts N crash`: the server is killed (-9) twice while it dispatches and restarted on the
 * same data; then every order must have exactly one request and one invitation in the outbox (0 lost, 0 duplicated).
 *
 * `… operation-dispatch.bench.ts N seal`: Options.stampBeforeSigning with a built-in stamp account: every order's
 * document is sealed (PAdES, DocMDP P=2) before its invitation; the dispatch time is then the sealing time of N files.
 *
 * Run from the repository root: `node apps/server/bench/operation-dispatch.bench.ts [N] [crash]` (PGlite in a scratch
 * data folder), or with `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres` (a scratch database).
 * Targets (PostgreSQL): 10,000 under 60 s, RSS under 512 MB.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { makePdf } from '../test/support/signatures.ts';
import { ApiClient, createFaultSite, startServerProcess, waitUntil, whileRestarting, type ServerProcess } from '../test/support/server-process.ts';
import { engine } from '../test/support/harness.ts';

const count = Number(process.argv[2] ?? 10_000);
const crashMode = process.argv[3] === 'crash';
const sealMode = process.argv[3] === 'seal';
const poolSize = 10;
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

// The mails go to a sink that accepts and forgets (the delivery is the messaging's, measured by mail-throughput).
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => callback());
  },
});
sink.on('error', () => undefined);
const port = await new Promise<number>((resolve) => sink.listen(0, '127.0.0.1', () => resolve((sink.server.address() as AddressInfo).port)));

const site = await createFaultSite();
const setup = await site.open();
await setup.db.execute(sql`update applications set features = features || '{"operation": true, "stamp": true}'::jsonb where id = ${site.tenant.appId}`);
await setup.close();
const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, EMAIL_DOMAIN_CHECK: 'off', LOG_LEVEL: 'error', ...(crashMode ? { DISPATCH_CHUNK: '200' } : {}) };
let server: ServerProcess = await startServerProcess(site, { env });
const hwm = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))![1]) / 1024;
let peakHwm = 0;
try {
  const gerant = new ApiClient(server.url, site.tenant.gerantEmail);
  await gerant.login();
  const { id } = (await gerant.json<{ data: { id: string } }>('GET', '/api/batches/ids', 'operation')).data;
  const form = new FormData();
  form.set('label', `Bench ${count}`);
  if (sealMode) {
    const account = (await gerant.json<{ data: { id: string } }>('POST', '/api/stamp-accounts', 'history', { label: 'Bench seal', reason: 'Bench' })).data;
    form.set('optionsRequest', JSON.stringify({ stampBeforeSigning: true, stampAccount: account.id }));
  }
  const pdf = Buffer.from(await makePdf(1));
  for (let i = 0; i < poolSize; i++) form.append('files', new Blob([pdf], { type: 'application/pdf' }), `doc-${i}.pdf`);
  const saved = await gerant.call('POST', `/api/batches/${id}`, 'operation', form);
  if (saved.status !== 200) throw new Error(`save: ${saved.status} ${await saved.text()}`);

  const csv = [
    'document,signer1_firstname,signer1_lastname,signer1_email,signer1_language',
    ...Array.from({ length: count }, (_, i) => `doc-${i % poolSize}.pdf,Prénom${i},Nom${i},order.${i}@example.com,${i % 2 ? 'fr' : 'en'}`),
  ].join('\n');
  let started = performance.now();
  const upload = new FormData();
  upload.set('file', new Blob([csv]), 'orders.csv');
  const report = (await gerant.json<{ data: { kept: number; rejected: number } }>('POST', `/api/batches/${id}/import`, 'operation', upload)).data;
  console.log(`engine=${engine} orders=${report.kept} rejected=${report.rejected} import=${seconds(started)} s`);

  started = performance.now();
  const sent = await gerant.call('PATCH', `/api/batches/${id}/status`, 'operation', { status: 'pending' });
  if (sent.status !== 200) throw new Error(`send: ${sent.status} ${await sent.text()}`);
  const view = async () =>
    (
      await gerant.json<{ data: { status: string; counts: Record<string, number>; progress: { dispatched: number; ratePerMinute: number | null } } }>(
        'GET',
        `/api/batches/${id}`,
        'operation',
      )
    ).data;

  let kills = 0;
  let last = 0;
  if (crashMode) {
    while (kills < 2) {
      const current = await whileRestarting(view).catch(() => null);
      if (current && current.counts.beforeSend! > 0 && current.progress.dispatched > last) {
        last = current.progress.dispatched;
        peakHwm = Math.max(peakHwm, hwm());
        await server.crash();
        kills++;
        console.log(`kill -9 #${kills} at dispatched ${last}`);
        server = await startServerProcess(site, { port: server.port, env });
        continue;
      }
      if (current && current.counts.beforeSend === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const ready = await waitUntil(
    async () => {
      const v = await whileRestarting(view);
      return v.status === 'ready' ? v : null;
    },
    30 * 60_000,
    'operation dispatched',
  );
  peakHwm = Math.max(peakHwm, hwm());
  console.log(
    `dispatch (send → ready: ${ready.progress.dispatched} requests + invitations committed) = ${seconds(started)} s, rate ${ready.progress.ratePerMinute}/min, kills ${kills}; server peak RSS (VmHWM) ${Math.round(peakHwm)} MB`,
  );

  await server.stop();
  const database = await site.open();
  try {
    const q = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const [orders] = await q<{ n: number; distinct: number }>(
      sql`select count(*)::int as n, count(distinct request_id)::int as distinct from operation_orders where operation_id = ${id} and request_id is not null`,
    );
    const [requests] = await q<{ n: number }>(sql`select count(*)::int as n from signature_requests where source_id = ${id}`);
    const [invitations] = await q<{ n: number; distinct: number }>(
      sql`select count(*)::int as n, count(distinct recipient)::int as distinct from outbox_messages where template = 'signature-invitation' and recipient like 'order.%'`,
    );
    const lost = count - invitations!.distinct;
    const duplicated = invitations!.n - invitations!.distinct + (requests!.n - orders!.distinct);
    if (sealMode) {
      const [sealed] = await q<{ n: number; files: number }>(
        sql`select count(*)::int as n, count(distinct v.storage_key)::int as files from document_versions v join signature_documents d on d.id = v.document_id join signature_requests r on r.id = d.request_id where r.source_id = ${id} and v.kind = 'sealed'`,
      );
      console.log(`sealed before signing: ${sealed!.n} versions, ${sealed!.files} distinct sealed files`);
      if (sealed!.files !== count) process.exitCode = 1;
    }
    console.log(
      `check: orders with a request ${orders!.n} (distinct ${orders!.distinct}), requests ${requests!.n}, invitations ${invitations!.n} (distinct ${invitations!.distinct}) → ${lost} lost, ${duplicated} duplicated`,
    );
    if (lost || duplicated || orders!.n !== count) process.exitCode = 1;
  } finally {
    await database.close();
  }
} finally {
  await server.stop();
  sink.close();
  await site.remove();
}
