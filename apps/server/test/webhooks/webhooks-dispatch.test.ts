import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEventInput } from '@paraphe/contracts';
import { webhookRecorders } from '../../src/domains/webhooks/delivery.ts';
import { claimDueDeliveries, insertDeliveriesQuietly } from '../../src/domains/webhooks/repository.ts';
import type { Platform } from '../../src/platform/context.ts';
import type { DatabaseHandle } from '../../src/platform/db/client.ts';
import { createEventBus } from '../../src/platform/events/bus.ts';
import { createJobs } from '../../src/platform/jobs/boss.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { createTestContext, engine, type TestContext } from '../support/harness.ts';
import { ApiClient, createFaultSite, startServerProcess, waitUntil, type FaultSite, type ServerProcess } from '../support/server-process.ts';
import { tenantWithGerant } from '../support/signatures.ts';
import { startReceiver } from './receiver.ts';

/** Webhooks here go to a receiver on loopback: the operator's server setting allows it (off by default). */
const privateTargets = { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' };

/** The webhooks dispatcher (docs/webhooks.md, "Delivery"): a burst delivered exactly once, and a kill -9 mid-batch. */

const sentEvents = (appId: string, n: number): DomainEventInput[] =>
  Array.from({ length: n }, (_, i) => ({
    type: 'signature.sent',
    appId,
    data: { requestId: randomUUID(), label: `Request ${i}`, ownerUserId: null, level: 1, testMode: true, signerCount: 1 },
  }));

/** How often the receiver got each message (webhook-id). */
const countsById = (received: { headers: Record<string, unknown> }[]) => {
  const counts = new Map<string, number>();
  for (const r of received) counts.set(String(r.headers['webhook-id']), (counts.get(String(r.headers['webhook-id'])) ?? 0) + 1);
  return counts;
};

describe(`webhooks dispatcher: a burst (${engine})`, () => {
  let t: TestContext;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    [t, receiver] = await Promise.all([createTestContext({ env: privateTargets }), startReceiver(() => 200)]);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('delivers 1,000 events emitted in one transaction to a 2xx receiver exactly once each', async () => {
    const tenant = await tenantWithGerant(t, { features: { api: true } });
    const endpoint = (await tenant.client.call('POST', '/api/webhooks', 'application', { url: receiver.url('/burst'), events: ['signature.sent'] })).json()
      .data;
    const events = sentEvents(tenant.appId, 1000);
    await t.database.inTenant(tenant.appId, (tx) => t.server.platform.events.emitMany(tx, events));
    const rowsOf = async () =>
      (
        (await t.database.db.execute(
          sql`select status, attempts, count(*)::int as n from webhook_deliveries where endpoint_id = ${endpoint.id} group by 1, 2`,
        )) as unknown as {
          rows: { status: string; attempts: number; n: number }[];
        }
      ).rows;
    const rows = await t.waitFor(async () => {
      const found = await rowsOf();
      return found.length === 1 && found[0]!.status === 'delivered' ? found : null;
    }, 120_000);
    expect(rows).toEqual([{ status: 'delivered', attempts: 1, n: 1000 }]);
    const counts = countsById(receiver.received.filter((r) => r.path === '/burst'));
    expect(counts.size).toBe(1000);
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    const sentIds = (await t.database.db.execute(sql`select message_id from webhook_deliveries where endpoint_id = ${endpoint.id}`)) as unknown as {
      rows: { message_id: string }[];
    };
    expect(new Set(sentIds.rows.map((r) => r.message_id))).toEqual(new Set(counts.keys()));
  }, 180_000);
});

describe(`webhooks dispatcher: concurrent claims (${engine})`, () => {
  let t: TestContext;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    [t, receiver] = await Promise.all([createTestContext({ env: privateTargets }), startReceiver(() => 200)]);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  }, 60_000);

  it('two dispatchers claiming batches at once take disjoint rows, each due row exactly once, and leave none to a third', async () => {
    const tenant = await tenantWithGerant(t, { features: { api: true } });
    const endpoint = (await tenant.client.call('POST', '/api/webhooks', 'application', { url: receiver.url('/claims'), events: ['signature.sent'] })).json()
      .data;
    // Due in an hour by the schedule: the server's own dispatcher (real clock) leaves them to the two claimers below.
    const dueAt = new Date(Date.now() + 3_600_000);
    const rows = Array.from({ length: 500 }, (_, i) => ({
      appId: tenant.appId,
      endpointId: endpoint.id,
      messageId: randomUUID(),
      eventType: 'signature.sent',
      requestBody: JSON.stringify({ n: i }),
      nextAttemptAt: dueAt,
    }));
    await t.database.inTenant(tenant.appId, (tx) => insertDeliveriesQuietly(tx, rows));
    const now = new Date(dueAt.getTime() + 1000);
    const claimer = async (token: string) => {
      const claimed: string[] = [];
      for (;;) {
        const batch = await t.database.inSystem((tx) => claimDueDeliveries(tx, { token, now, limit: 37, leaseSeconds: 600 }));
        if (!batch.length) return claimed;
        claimed.push(...batch.map((r) => r.id));
      }
    };
    const [first, second] = await Promise.all([claimer(randomUUID()), claimer(randomUUID())]);
    const all = await t.database.db.execute(sql`select id from webhook_deliveries where endpoint_id = ${endpoint.id}`);
    const ids = (all as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    expect(first.length + second.length).toBe(500);
    expect(new Set([...first, ...second])).toEqual(new Set(ids));
    expect(first.filter((id) => second.includes(id))).toEqual([]);
    // Held by live leases: nothing is left for a third dispatcher until they end.
    expect(await t.database.inSystem((tx) => claimDueDeliveries(tx, { token: randomUUID(), now, limit: 1000, leaseSeconds: 600 }))).toEqual([]);
  }, 120_000);
});

describe(`webhooks dispatcher: kill -9 mid-batch (${engine})`, () => {
  let site: FaultSite;
  let server: ServerProcess | undefined;
  const total = 900;
  const killAfter = 250;
  let onRequest: (() => void) | undefined;
  // A receiver that answers 200 after 20 ms: a batch is always in flight while it works.
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    [site, receiver] = await Promise.all([
      createFaultSite(),
      startReceiver(() => {
        onRequest?.();
        return new Promise<number>((resolve) => setTimeout(() => resolve(200), 20));
      }),
    ]);
    const database = await site.open();
    await database.db.execute(sql`update applications set features = features || '{"api": true}'::jsonb where id = ${site.tenant.appId}`);
    await database.close();
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
    await site?.remove();
  }, 60_000);

  /** Runs `work` on the site's database in this process (no server on it: the embedded one has a single owner). */
  async function withDatabase<T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
    const database = await site.open();
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }

  it('loses nothing: every event delivered, duplicates only for the rows in flight at the kill', async () => {
    server = await startServerProcess(site, { env: privateTargets });
    const gerant = new ApiClient(server.url, site.tenant.gerantEmail);
    await gerant.login();
    const endpoint = await gerant.json<{ data: { id: string } }>('POST', '/api/webhooks', 'application', {
      url: receiver.url('/crash'),
      events: ['signature.sent'],
    });
    await server.stop();
    server = undefined;

    // The events and their deliveries committed while no server runs: a domain's transaction, as the bus does it.
    await withDatabase(async (database) => {
      const jobs = createJobs(database, createLogger('silent'));
      await jobs.boss.start();
      try {
        const clock = () => new Date();
        const bus = createEventBus({ database, jobs, clock });
        for (const recorder of webhookRecorders({ jobs, clock } as unknown as Platform)) bus.addRecorder(recorder);
        await database.inTenant(site.tenant.appId, (tx) => bus.emitMany(tx, sentEvents(site.tenant.appId, total)));
      } finally {
        await jobs.boss.stop({ graceful: false });
      }
    });

    const crashed = new Promise<void>((resolve) => (onRequest = () => receiver.received.length >= killAfter && resolve()));
    server = await startServerProcess(site, { env: privateTargets });
    await crashed;
    await server.crash();
    onRequest = undefined;
    const receivedAtKill = countsById(receiver.received);
    // The rows claimed and not recorded when the process died: the only ones that may be sent twice.
    const inFlight = await withDatabase(async (database) => {
      const result = (await database.db.execute(
        sql`select message_id from webhook_deliveries where endpoint_id = ${endpoint.data.id} and status = 'pending' and claim_token is not null`,
      )) as unknown as {
        rows: { message_id: string }[];
      };
      return new Set(result.rows.map((r) => r.message_id));
    });
    expect(receivedAtKill.size).toBeGreaterThanOrEqual(killAfter);
    expect(receivedAtKill.size).toBeLessThan(total);
    expect(inFlight.size).toBeGreaterThan(0);
    expect(inFlight.size).toBeLessThanOrEqual(200); // two lanes of 100 rows

    server = await startServerProcess(site, { env: privateTargets });
    await waitUntil(async () => countsById(receiver.received).size === total, 120_000, 'every event received');
    const statuses = await waitUntil(
      async () => {
        const rows = await withServerStopped();
        return rows.length === 1 && rows[0]!.status === 'delivered' ? rows : null;
      },
      60_000,
      'every row delivered',
    );
    expect(statuses).toEqual([{ status: 'delivered', n: total }]);
    const counts = countsById(receiver.received);
    const duplicates = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
    expect(duplicates.filter((id) => !inFlight.has(id))).toEqual([]);
    expect([...counts.values()].every((n) => n <= 2)).toBe(true);

    /** The rows by status, read over the server's API-less side: a direct connection on PostgreSQL, else after a stop. */
    async function withServerStopped() {
      if (site.engine === 'pglite') {
        await server?.stop();
        server = undefined;
      }
      const rows = await withDatabase(
        async (database) =>
          (
            (await database.db.execute(
              sql`select status, count(*)::int as n from webhook_deliveries where endpoint_id = ${endpoint.data.id} group by 1`,
            )) as unknown as {
              rows: { status: string; n: number }[];
            }
          ).rows,
      );
      if (!server) server = await startServerProcess(site, { env: privateTargets });
      return rows;
    }
  }, 420_000);
});
