/**
 * Does the server keep answering while a campaign is dispatched (issue 24, item 12)? A classic campaign of N
 * signatories (default 5,000) on a real server PROCESS (PGlite by default: one connection, so a long dispatch
 * transaction holds every request), invitations delivered to a local SMTP sink. From the send until every invitation
 * is in the sink, two pollers ask, one request at a time, every 200 ms: `GET /healthz` and an interactive API list
 * (`GET /api/transactions?limit=20`), each with a 15 s timeout (a timeout counts as 15 s). Prints p50 / p99 / max per
 * poller over the dispatch (send → campaign `ready`) and over the delivery that follows.
 *
 * Run from the repository root: `node apps/server/bench/dispatch-responsiveness.bench.ts [N]`, or with
 * `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres` for PostgreSQL. Extra server settings through the
 * environment given to the server: `BENCH_SERVER_ENV='{"DISPATCH_CHUNK":"500"}'`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { makePdf } from '../test/support/signatures.ts';
import { ApiClient, createFaultSite, startServerProcess } from '../test/support/server-process.ts';
import { engine } from '../test/support/harness.ts';

const count = Number(process.argv[2] ?? 5_000);
const timeoutMs = 15_000;
const filePath = join(tmpdir(), `paraphe-signatories-v2-${count}.xlsx`);
// The campaign bench writes the signatories' sheet (same file name, same columns).
if (!existsSync(filePath))
  execFileSync(process.execPath, [new URL('./campaign-dispatch.bench.ts', import.meta.url).pathname, String(count), 'generate'], { stdio: 'inherit' });

const accepted = new Set<string>();
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      for (const r of session.envelope.rcptTo) accepted.add(r.address);
      callback();
    });
  },
});
// Ports: BENCH_PORT (the server) and the next one (the sink); random free ones otherwise.
const serverPort = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
const port = await new Promise<number>((resolve) =>
  sink.listen(serverPort ? serverPort + 1 : 0, '127.0.0.1', () => resolve((sink.server.address() as AddressInfo).port)),
);

const site = await createFaultSite();
const database = await site.open();
await database.db.execute(sql`update applications set features = features || '{"campaign": true}'::jsonb where id = ${site.tenant.appId}`);
await database.close();
const extraEnv = JSON.parse(process.env.BENCH_SERVER_ENV ?? '{}') as Record<string, string>;
const server = await startServerProcess(site, {
  port: serverPort,
  env: { SMTP_URL: `smtp://127.0.0.1:${port}`, EMAIL_DOMAIN_CHECK: 'off', LOG_LEVEL: 'error', ...extraEnv },
});

type Phase = 'dispatch' | 'delivery';
const samples: Record<string, Record<Phase, number[]>> = { healthz: { dispatch: [], delivery: [] }, list: { dispatch: [], delivery: [] } };
let phase: Phase | 'idle' = 'idle';
let polling = true;

function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const summary = (values: number[]) =>
  `n=${values.length} p50=${percentile(values, 50).toFixed(0)} ms p99=${percentile(values, 99).toFixed(0)} ms max=${Math.max(...values).toFixed(0)} ms timeouts(>${timeoutMs / 1000}s)=${values.filter((v) => v >= timeoutMs).length}`;

async function poll(name: 'healthz' | 'list', request: (signal: AbortSignal) => Promise<Response>) {
  while (polling) {
    const at = phase;
    const started = performance.now();
    let took: number;
    try {
      const res = await request(AbortSignal.timeout(timeoutMs));
      await res.arrayBuffer();
      took = performance.now() - started;
    } catch {
      took = timeoutMs;
    }
    // Counted in the phase it was asked in (a request held by the dispatch answers after it).
    if (at !== 'idle') samples[name]![at].push(took);
    await new Promise((r) => setTimeout(r, 200));
  }
}

try {
  const gerant = new ApiClient(server.url, site.tenant.gerantEmail);
  await gerant.login();
  const form = new FormData();
  form.set('label', `Responsiveness ${count}`);
  form.set('transactionDocuments', JSON.stringify([{ fileName: 'contract.pdf', signatureFields: [{ signerIndex: 0, page: 1, x: 100, y: 100 }] }]));
  form.set('files', new Blob([Buffer.from(await makePdf(2))], { type: 'application/pdf' }), 'contract.pdf');
  const created = await gerant.call('POST', '/api/campains/campain', 'campaign', form);
  if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
  const { id } = ((await created.json()) as { data: { id: string } }).data;
  const upload = new FormData();
  upload.set('file', new Blob([readFileSync(filePath)]), 'signatories.xlsx');
  const uploaded = await gerant.json<{ data: { id: string } }>('POST', `/api/campains/${id}/import`, 'campaign', upload);
  await gerant.json('PUT', `/api/campains/${id}/import/${uploaded.data.id}`, 'campaign', {
    mapping: { mail: 0, firstname: 1, lastname: 2, lang: 3 },
    ignoreFirstLine: true,
    variables: {},
  });
  for (;;) {
    const state = (await gerant.json<{ data: { status: string; error: string | null } }>('GET', `/api/campains/${id}/import/${uploaded.data.id}`, 'campaign'))
      .data;
    if (state.status === 'failed') throw new Error(`import failed: ${state.error}`);
    if (state.status === 'done') break;
    await new Promise((r) => setTimeout(r, 500));
  }

  // The list poller's own session.
  const lister = new ApiClient(server.url, site.tenant.gerantEmail);
  await lister.login();
  const pollers = [
    poll('healthz', (signal) => fetch(`${server.url}/healthz`, { signal })),
    poll('list', async (signal) => {
      const ask = async () =>
        fetch(`${server.url}/api/transactions?limit=20`, { signal, headers: { authorization: `Bearer ${await lister.token('history')}` } });
      const res = await ask();
      if (res.status !== 401) return res;
      await lister.login(); // the access token expired: a new one
      return ask();
    }),
  ];
  const started = performance.now();
  phase = 'dispatch';
  const sent = await gerant.call('PUT', `/api/campains/${id}/send`, 'campaign');
  if (sent.status !== 200) throw new Error(`send: ${sent.status} ${await sent.text()}`);
  let dispatchSeconds = 0;
  for (;;) {
    if (phase === 'dispatch') {
      const res = await gerant.call('GET', `/api/campains/${id}`, 'campaign').catch(() => undefined);
      const c = res?.ok ? ((await res.json()) as { data: { status: string } }).data : undefined;
      if (c?.status === 'ready') {
        dispatchSeconds = (performance.now() - started) / 1000;
        phase = 'delivery';
      }
    }
    if (accepted.size >= count && phase === 'delivery') break;
    if (performance.now() - started > 30 * 60_000) throw new Error(`not over in 30 min: ${accepted.size}/${count}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const deliverySeconds = (performance.now() - started) / 1000;
  polling = false;
  await Promise.all(pollers);
  console.log(
    `engine=${engine} copies=${count} settings=${JSON.stringify(extraEnv)} dispatch (send → ready) ${dispatchSeconds.toFixed(1)} s, delivered (send → last invitation) ${deliverySeconds.toFixed(1)} s`,
  );
  for (const name of ['healthz', 'list'] as const) {
    for (const p of ['dispatch', 'delivery'] as const) console.log(`${name.padEnd(7)} during ${p.padEnd(8)}: ${summary(samples[name]![p])}`);
  }
  if (process.env.DEBUG_CHUNKS) for (const l of server.logs()) if (/CHUNK|ELD/.test(l)) console.log(l);
} finally {
  polling = false;
  await server.stop();
  sink.close();
  await site.remove();
}
