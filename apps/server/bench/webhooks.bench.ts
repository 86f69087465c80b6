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
 * apps/server/bench/webhooks.bench.ts [N] [N2]` (a scratch database; without it, PGlite in a scratch folder).
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
let database = await site.open();
await database.db.execute(sql`update applications set features = features || '{"api": true}'::jsonb where id = ${site.tenant.appId}`);
await database.close();
const server = await startServerProcess(site, { env: { LOG_LEVEL: 'error' } });
database = await site.open();
// This process only writes events: a bus with the webhooks' fan-out recorder (rows + the server dispatcher's wake-up).
const jobs = createJobs(database, createLogger('silent'));
const clock = () => new Date();
const bus = createEventBus({ database, jobs, clock });
for (const recorder of webhookRecorders({ jobs, clock } as unknown as Platform)) bus.addRecorder(recorder);

const appId = site.tenant.appId;
const emit = async (n: number) => {
  const events: DomainEventInput[] = Array.from({ length: n }, (_, i) => ({
    type: 'signature.sent',
    appId,
    data: { requestId: randomUUID(), label: `Request ${i}`, ownerUserId: null, level: 1, testMode: true, signerCount: 1 },
  }));
  await database.inTenant(appId, (tx) => bus.emitMany(tx, events));
};
const distinctAt = (path: string) => [...answered2xx.keys()].filter((k) => k.startsWith(`${path} `)).length;
const receivedAt = (path: string) => receiver.received.filter((r) => r.path === path).length;
async function until(what: string, probe: () => boolean, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  let reported = performance.now();
  while (!probe()) {
    if (performance.now() - reported > 10_000) {
      reported = performance.now();
      const rows = (await database.db.execute(sql`select status, count(*)::int as n from webhook_deliveries group by status`)) as unknown as { rows: unknown[] };
      console.log(`  … ${what}: deliveries ${JSON.stringify(rows.rows)}`);
    }
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const statuses = async (endpointId: string) =>
  ((await database.db.execute(sql`select status, count(*)::int as n from webhook_deliveries where endpoint_id = ${endpointId} group by status`)) as unknown as { rows: { status: string; n: number }[] }).rows;

try {
  await jobs.boss.start();
  const gerant = new ApiClient(server.url, site.tenant.gerantEmail);
  await gerant.login();
  const ok = await gerant.json<{ data: { id: string } }>('POST', '/api/webhooks', 'application', { url: receiver.url('/ok'), events: ['signature.sent'] });

  let started = performance.now();
  await emit(count);
  console.log(`engine=${engine} ${count} events committed in ${seconds(started)} s`);
  started = performance.now();
  await until('all delivered', () => distinctAt('/ok') >= count, 10 * 60_000);
  const deliveredIn = seconds(started);
  await new Promise((r) => setTimeout(r, 3000)); // late duplicates, if any
  console.log(`phase 1: ${count} delivered in ${deliveredIn} s; receiver got ${receivedAt('/ok')} requests, ${distinctAt('/ok')} distinct, ${receivedAt('/ok') - distinctAt('/ok')} duplicate(s); rows ${JSON.stringify(await statuses(ok.data.id))}`);

  await gerant.json('PATCH', `/api/webhooks/${ok.data.id}`, 'application', { enabled: false });
  const faulty = await gerant.json<{ data: { id: string } }>('POST', '/api/webhooks', 'application', { url: receiver.url('/faulty'), events: ['signature.sent'] });
  started = performance.now();
  await emit(faultyCount);
  await until('all delivered after retries', () => distinctAt('/faulty') >= faultyCount, 10 * 60_000);
  const retriedIn = seconds(started);
  await new Promise((r) => setTimeout(r, 3000));
  const twice = [...answered2xx.entries()].filter(([k, n]) => k.startsWith('/faulty ') && n > 1).length;
  console.log(
    `phase 2: ${faultyCount} events, ${Math.ceil(faultyCount / 10)} answered 500 and ${hangs} timed out at first: all delivered in ${retriedIn} s; ` +
      `${receivedAt('/faulty')} requests, ${distinctAt('/faulty')} answered 2xx, ${twice} answered 2xx twice; rows ${JSON.stringify(await statuses(faulty.data.id))}`,
  );
} finally {
  await jobs.boss.stop({ graceful: false }).catch(() => undefined);
  await database.close();
  await server.stop();
  await receiver.close();
  await site.remove();
}
