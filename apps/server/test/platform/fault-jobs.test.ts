import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createJobs, heartbeatSeconds } from '../../src/platform/jobs/boss.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { createTestContext, engine, type TestContext } from '../support/harness.ts';

/**
 * Work claimed by a process that died. Before, every queue kept pg-boss's 15-minute expiry, and a job left
 * `active` by a kill -9 waited for it. Now each queue's expiry matches its work, and abandoned jobs are given back
 * at start — all of them on the embedded database (one process per data folder), only those whose worker is
 * surely gone (stale heartbeat, or past expiry) on PostgreSQL, where other nodes may be working.
 */
describe(`fault: jobs claimed by a dead process (${engine})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => t?.close());

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  it('gives each queue the expiry of its work (and a heartbeat on PostgreSQL)', async () => {
    const queues = await rows<{ name: string; expire_seconds: number; heartbeat_seconds: number | null; retry_limit: number }>(
      // pg-boss's own queues (__pgboss__*) excepted.
      sql`select name, expire_seconds, heartbeat_seconds, retry_limit from pgboss.queue where left(name, 10) <> '__pgboss__' order by name`,
    );
    const byName = Object.fromEntries(queues.map((q) => [q.name, q]));
    expect(byName['send-email']).toMatchObject({ expire_seconds: 120, retry_limit: 10 });
    expect(byName['send-sms']).toMatchObject({ expire_seconds: 120 });
    expect(byName['signature-send']).toMatchObject({ expire_seconds: 120 });
    expect(byName['signature-archive']).toMatchObject({ expire_seconds: 300 });
    expect(byName['signing-complete']).toMatchObject({ expire_seconds: 300, retry_limit: 3 });
    expect(byName['storage-sweep']).toMatchObject({ expire_seconds: 900 });
    expect(byName['crm.write-back']).toMatchObject({ expire_seconds: 300, retry_limit: 3 });
    // Jobs that walk a whole campaign or a mail-merge batch in one run (resumable: a retry skips what is done) get a
    // long expiry on purpose; any other queue with 15 minutes or more kept the default by mistake.
    const longRunning: Record<string, number> = {
      'campaign-cancel': 900,
      'campaign-relaunch': 900,
      'campaign-archive': 900,
      'operation-cancel': 900,
      'operation-relaunch': 900,
      'operation-archive': 900,
      'merge-batch': 1800,
      // The nightly retention purge walks every tenant's finished requests, one transaction per step (resumable).
      'gdpr-purge': 3600,
      // The hourly re-check of tenants' domains looks each one up in turn (a DNS that does not answer takes its 8 s);
      // a run cut short is simply done again by the next one (docs/white-label.md).
      'custom-domains-recheck': 900,
    };
    for (const [name, seconds] of Object.entries(longRunning)) expect(byName[name], name).toMatchObject({ expire_seconds: seconds });
    const allowedLong = new Set(['storage-sweep', 'maintenance-vacuum', ...Object.keys(longRunning)]);
    expect(queues.filter((q) => q.expire_seconds >= 900 && !allowedLong.has(q.name)).map((q) => q.name)).toEqual([]);
    for (const q of queues) expect(q.heartbeat_seconds, q.name).toBe(engine === 'postgres' ? heartbeatSeconds : null);
  });

  it('reclaims at start the jobs a dead process left active — and not those of a live node', async () => {
    const boss = t.server.platform.jobs.boss;
    // No retry delay: whether this reclaim or pg-boss's supervisor gives the job back, it is ready at once.
    await boss.createQueue('fault-reclaim', { retryLimit: 3, retryDelay: 0, expireInSeconds: 300 });
    const dead = (await boss.send('fault-reclaim', { n: 1 }))!;
    const alive = (await boss.send('fault-reclaim', { n: 2 }))!;
    // Both claimed (fetched) as a worker does; the first one's heartbeat stopped a minute ago (its process died),
    // the second one's worker is alive (fresh heartbeat) — on the embedded database there is no other process.
    await boss.fetch('fault-reclaim', { batchSize: 2 });
    await t.database.db.execute(
      sql`update pgboss.job set heartbeat_on = now() - interval '1 minute', heartbeat_seconds = ${heartbeatSeconds} where id = ${dead}`,
    );
    await t.database.db.execute(sql`update pgboss.job set heartbeat_on = now(), heartbeat_seconds = ${heartbeatSeconds} where id = ${alive}`);

    // A process starting on this database (workers off: only the start-up reclaim runs).
    const restarted = createJobs(t.database, createLogger('silent'));
    await restarted.start({ work: false });
    await restarted.stop();

    const states = Object.fromEntries(
      (
        await rows<{ id: string; state: string; ready: boolean }>(
          sql`select id, state, start_after <= now() as ready from pgboss.job where name = 'fault-reclaim'`,
        )
      ).map((r) => [r.id, r]),
    );
    expect(states[dead]).toMatchObject({ state: 'retry', ready: true });
    expect(states[alive]!.state).toBe(engine === 'postgres' ? 'active' : 'retry');
    // Retried at once, by the next fetch.
    const next = await boss.fetch('fault-reclaim', { batchSize: 2 });
    expect(next.map((j) => j.id)).toContain(dead);
  });
});
