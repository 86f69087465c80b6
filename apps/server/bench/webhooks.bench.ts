/**
 * Webhook delivery on a real server PROCESS: N domain events (default 10,000) committed at once by the
 * transactional outbox (the events bus of this process writes them and, through the webhooks' fan-out recorder,
 * their delivery rows and the dispatcher's wake-up, as a domain would), delivered by the server's dispatcher to a
 * local receiver (an HTTP server in this process).
 *
 *  1. a receiver answering 200: time from the commit to the N-th distinct message received, duplicates counted
 *     (0 expected), every delivery row `delivered`;
 *  2. a receiver answering 500 to the first attempt of 10 % of the messages and never answering (the sender's 10 s
 *     timeout) the first attempt of a few: all retried (first retry after 5 s), each answered 2xx once.
 *
 * Run from the repository root: `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node
 * apps/server/bench/webhooks.bench.ts [N] [N2]` (a scratch database; without it, PGlite in a scratch folder; N2 = 0
 * skips phase 2).
 * Target (PostgreSQL): 10,000 delivered in under 60 s, 0 lost, 0 duplicates.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DomainEventInput } from '@paraphe/contracts';
import { createEventBus } from '../src/platform/events/bus.ts';
import { createJobs } from '../src/platform/jobs/boss.ts';
import { createLogger } from '../src/platform/logger.ts';
import type { Platform } from '../src/platform/context.ts';
import { webhookRecorders } from '../src/domains/webhooks/delivery.ts';
import { ApiClient, createFaultSite, startServerProcess } from '../test/support/server-process.ts';
import { engine } from '../test/support/harness.ts';
import { startReceiver } from '../test/webhooks/receiver.ts';

const count = Number(process.argv[2] ?? 10_000);
const faultyCount = Number(process.argv[3] ?? 2_000);
const hangs = 20;
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

// Path /ok: 200. Path /faulty: the first attempt of every 10th message answers 500, of `hangs` others never answers.
const answered2xx = new Map<string, number>();
const faultyIndex = new Map<string, number>();
const receiver = await startReceiver((request, seen) => {
  const id = String(request.headers['webhook-id']);
  if (request.path === '/faulty' && seen === 1) {
    const index = faultyIndex.get(id) ?? faultyIndex.set(id, faultyIndex.size).size - 1;
    if (index % 10 === 0) return 500;
    if (index % 10 === 1 && index < hangs * 10) return 'hang';
  }
  answered2xx.set(`${request.path} ${id}`, (answered2xx.get(`${request.path} ${id}`) ?? 0) + 1);
  return 200;
});

const site = await createFaultSite();
/**
 * PostgreSQL: events are committed by this process while the server runs. The embedded database has a single
 * owner process (its data folder): the events are committed while the server is stopped, and the time runs from
 * the server's start (its boot, a few seconds, included).
 */
const embedded = site.engine === 'pglite';
const setup = await site.open();
await setup.db.execute(sql`update applications set features = features || '{"api": true}'::jsonb where id = ${site.tenant.appId}`);
await setup.close();
// The receiver is on loopback: the operator's setting allowing private targets (off by default).
const serverEnv = { env: { LOG_LEVEL: 'error', OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' } };
let server = await startServerProcess(site, serverEnv);
const database: Awaited<ReturnType<typeof site.open>> | undefined = embedded ? undefined : await site.open();

/** Commits `n` events through a bus with the webhooks' fan-out recorder (rows + the server dispatcher's wake-up), as a domain would. */
const appId = site.tenant.appId;
async function emit(n: number) {
  const own = database ?? (await site.open());
  const jobs = createJobs(own, createLogger('silent'));
  await jobs.boss.start();
  try {
    const clock = () => new Date();
    const bus = createEventBus({ database: own, jobs, clock });
    for (const recorder of webhookRecorders({ jobs, clock } as unknown as Platform)) bus.addRecorder(recorder);
    const events: DomainEventInput[] = Array.from({ length: n }, (_, i) => ({
      type: 'signature.sent',
      appId,
      data: { requestId: randomUUID(), label: `Request ${i}`, ownerUserId: null, level: 1, testMode: true, signerCount: 1 },
    }));
    await own.inTenant(appId, (tx) => bus.emitMany(tx, events));
  } finally {
    await jobs.boss.stop({ graceful: false }).catch(() => undefined);
    if (own !== database) await own.close();
  }
}
/** Commits `n` events and starts the clock (embedded: with the server stopped meanwhile, then started again). */
async function emitAndStart(n: number) {
  if (embedded) await server.stop();
  let started = performance.now();
  await emit(n);
  console.log(`engine=${engine} ${n} events committed in ${seconds(started)} s`);
  started = performance.now();
  if (embedded) server = await startServerProcess(site, { ...serverEnv, port: server.port });
  return started;
}
const distinctAt = (path: string) => [...answered2xx.keys()].filter((k) => k.startsWith(`${path} `)).length;
const receivedAt = (path: string) => receiver.received.filter((r) => r.path === path).length;
async function until(what: string, probe: () => boolean, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  let reported = performance.now();
  while (!probe()) {
    if (performance.now() - reported > 10_000) {
      reported = performance.now();
      const progress = database
        ? JSON.stringify(
            ((await database.db.execute(sql`select status, count(*)::int as n from webhook_deliveries group by status`)) as unknown as { rows: unknown[] })
              .rows,
          )
        : '(embedded: rows read at the end)';
      console.log(`  … ${what}: received ${receiver.received.length}; deliveries ${progress}`);
    }
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
/** The endpoint's rows by status, once they are recorded (embedded: the server stopped — gracefully — to read them). */
async function statuses(endpointId: string) {
  const read = async (db: NonNullable<typeof database>) =>
    (
      (await db.db.execute(sql`select status, count(*)::int as n from webhook_deliveries where endpoint_id = ${endpointId} group by status`)) as unknown as {
        rows: { status: string; n: number }[];
      }
    ).rows;
  if (database) return read(database);
  await server.stop();
  const own = await site.open();
  try {
    return await read(own);
  } finally {
    await own.close();
    server = await startServerProcess(site, { ...serverEnv, port: server.port });
  }
}

try {
  const gerant = new ApiClient(server.url, site.tenant.gerantEmail);
  await gerant.login();
  const ok = await gerant.json<{ data: { id: string } }>('POST', '/api/webhooks', 'application', { url: receiver.url('/ok'), events: ['signature.sent'] });

  let started = await emitAndStart(count);
  await until('all delivered', () => distinctAt('/ok') >= count, 10 * 60_000);
  const deliveredIn = seconds(started);
  await new Promise((r) => setTimeout(r, 3000)); // late duplicates, if any
  console.log(
    `phase 1: ${count} delivered in ${deliveredIn} s; receiver got ${receivedAt('/ok')} requests, ${distinctAt('/ok')} distinct, ${receivedAt('/ok') - distinctAt('/ok')} duplicate(s); rows ${JSON.stringify(await statuses(ok.data.id))}`,
  );
  if (faultyCount > 0) {
    await gerant.login(); // embedded: a new server process since
    await gerant.json('PATCH', `/api/webhooks/${ok.data.id}`, 'application', { enabled: false });
    const faulty = await gerant.json<{ data: { id: string } }>('POST', '/api/webhooks', 'application', {
      url: receiver.url('/faulty'),
      events: ['signature.sent'],
    });
    started = await emitAndStart(faultyCount);
    await until('all delivered after retries', () => distinctAt('/faulty') >= faultyCount, 10 * 60_000);
    const retriedIn = seconds(started);
    await new Promise((r) => setTimeout(r, 3000));
    const twice = [...answered2xx.entries()].filter(([k, n]) => k.startsWith('/faulty ') && n > 1).length;
    console.log(
      `phase 2: ${faultyCount} events, ${Math.ceil(faultyCount / 10)} answered 500 and ${hangs} timed out at first: all delivered in ${retriedIn} s; ` +
        `${receivedAt('/faulty')} requests, ${distinctAt('/faulty')} answered 2xx, ${twice} answered 2xx twice; rows ${JSON.stringify(await statuses(faulty.data.id))}`,
    );
  }
} finally {
  await database?.close();
  await server.stop();
  await receiver.close();
  await site.remove();
}
