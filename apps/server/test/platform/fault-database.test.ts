import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { engine } from '../support/harness.ts';
import { ApiClient, createFaultSite, startServerProcess, waitUntil, type FaultSite, type ServerProcess } from '../support/server-process.ts';

/**
 * Fault: PostgreSQL drops the server's connections, or goes away for a while. Before, terminating ONE idle backend
 * ended the process within 2 s (an 'error' event of the pool with no listener), and while the database was away
 * requests answered 500 INTERNAL. Now the process stays up, answers 503 UNAVAILABLE with Retry-After, says so on
 * /healthz, and recovers by itself — the HTTP side and pg-boss's workers.
 */
describe.skipIf(engine !== 'postgres')('fault: PostgreSQL connections dropped, database away (postgres)', () => {
  let site: FaultSite;
  let server: ServerProcess;
  let gerant: ApiClient;
  /** On the server's `postgres` database: it survives what we do to the test's database. */
  let superuser: pg.Client;

  beforeAll(async () => {
    site = await createFaultSite();
    server = await startServerProcess(site);
    gerant = new ApiClient(server.url, site.tenant.gerantEmail);
    await gerant.login();
    superuser = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await superuser.connect();
  }, 180_000);
  afterAll(async () => {
    await superuser?.query(`alter database ${site.databaseName} allow_connections true`).catch(() => undefined);
    await superuser?.end();
    await server?.stop();
    await site?.remove();
  }, 60_000);

  const terminateBackends = async () =>
    (await superuser.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [site.databaseName]))
      .rowCount ?? 0;
  const health = async () => {
    const res = await fetch(`${server.url}/healthz`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const listRequests = () => gerant.call('GET', '/api/transactions?limit=1', 'history');
  /** A job of pg-boss's workers: the reset mail is queued by one job and captured by another. */
  async function resetMailCaptured(): Promise<void> {
    const before = await countResetMails();
    const res = await fetch(`${server.url}/api/auth/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: site.tenant.gerantEmail }),
    });
    expect(res.status).toBe(200);
    await waitUntil(async () => (await countResetMails()) > before, 30_000, 'the workers capture the reset mail');
  }
  async function countResetMails(): Promise<number> {
    const client = new pg.Client({ connectionString: site.adminUrl });
    await client.connect();
    try {
      const result = await client.query(
        `select count(*)::int as n from outbox_messages where recipient = $1 and template = 'reset-password' and status = 'captured'`,
        [site.tenant.gerantEmail],
      );
      return result.rows[0].n;
    } finally {
      await client.end();
    }
  }

  it('survives its connections being terminated, and serves and works right after', async () => {
    await resetMailCaptured(); // the workers hold connections of their own pool too
    expect(await terminateBackends()).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 2500));
    expect(server.alive(), server.logs().join('\n')).toBe(true);
    await waitUntil(async () => (await health()).status === 200, 15_000, '/healthz recovers');
    expect((await listRequests()).status).toBe(200);
    // Once more, with requests in flight while their connections go.
    const inFlight = Array.from({ length: 10 }, () => listRequests().then((r) => r.status));
    await terminateBackends();
    const statuses = await Promise.all(inFlight);
    expect(
      statuses.every((s) => s === 200 || s === 503),
      statuses.join(),
    ).toBe(true);
    expect(server.alive()).toBe(true);
    await waitUntil(async () => (await listRequests()).status === 200, 15_000, 'API answers again');
    await resetMailCaptured(); // pg-boss's workers resumed on new connections
  }, 120_000);

  it('answers 503 UNAVAILABLE with Retry-After while the database is away, says so on /healthz, and recovers', async () => {
    await superuser.query(`alter database ${site.databaseName} allow_connections false`);
    await terminateBackends();
    try {
      const refused = await listRequests();
      expect(refused.status, await refused.clone().text()).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({
        code: 'UNAVAILABLE',
        message: expect.stringMatching(/try again/i),
      });
      // /healthz may answer the last successful ping once (it waits HEALTH_DATABASE_WAIT_MS for a new one, which
      // fails within the 2 s ping bound): from then on it says unreachable, and keeps checking before saying so.
      await waitUntil(async () => (await health()).status === 503, 5_000, '/healthz reports the outage');
      expect(await health()).toEqual({ status: 503, body: expect.objectContaining({ status: 'degraded', database: 'unreachable' }) });
      // The workers poll and fail meanwhile; the process stays up.
      await new Promise((r) => setTimeout(r, 3000));
      expect(server.alive(), server.logs().join('\n')).toBe(true);
      expect((await listRequests()).status).toBe(503);
    } finally {
      await superuser.query(`alter database ${site.databaseName} allow_connections true`);
    }
    await waitUntil(async () => (await health()).status === 200, 20_000, '/healthz recovers');
    expect((await health()).body).toMatchObject({ status: 'ok', database: 'ok', engine: 'postgres' });
    expect((await listRequests()).status).toBe(200);
    await resetMailCaptured();
    // Said in the log, once per outage rather than once per failed poll.
    const lost = server.logs().filter((l) => l.includes('database unreachable') || l.includes('database connection lost'));
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.length).toBeLessThan(40);
  }, 120_000);
});
