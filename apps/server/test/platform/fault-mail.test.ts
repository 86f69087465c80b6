import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { listenSmtp } from '../support/smtp.ts';
import { createJobs } from '../../src/platform/jobs/boss.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { insertMessages } from '../../src/platform/messaging/repository.ts';
import { sendEmailQueue, messagePriority, type DeliveryJob } from '../../src/platform/messaging/service.ts';
import { engine } from '../support/harness.ts';
import { createFaultSite, freePort, startServerProcess, waitUntil, type FaultSite, type ServerProcess } from '../support/server-process.ts';

/**
 * Faults on the mail path (docs/security.md, "Exactly once, as promised"): a mail accepted by the SMTP server is
 * recorded `sent` before its connection carries another one, and a failed record is retried, never resent. So
 * after a kill -9 at most SMTP_MAX_CONNECTIONS mails go twice (those in flight), and none is lost; dropped database
 * connections keep to the same bound. Before, a kill -9 during the burst of retries that follows an SMTP outage sent
 * 45 invitations twice (the slot was freed before the record), and terminated backends 4 in 5,000 (a failed record
 * failed the job, whose retry sent the mail again).
 *
 * Sizes from the environment, small by default for CI: MAIL_FAULT_MAILS (300). The issue's size: MAIL_FAULT_MAILS=5000.
 */

const mails = Number(process.env.MAIL_FAULT_MAILS ?? 300);
const maxConnections = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A mail server on `port` that accepts everything at once. */
function startPeer(port: number, onAccepted?: (count: number) => void): Promise<{ server: SMTPServer; accepted: string[] }> {
  const accepted: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('error', () => undefined);
      stream.on('end', () => {
        // Counted once the whole message is here, before the answer: a sender killed now may not learn it was taken.
        accepted.push(...session.envelope.rcptTo.map((r) => r.address));
        onAccepted?.(accepted.length);
        callback();
      });
    },
  });
  return listenSmtp(server, port).then(() => ({ server, accepted }));
}
const stopPeer = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

/** Mails sent twice (or more) and mails never received, among the ones queued. */
function tally(queued: readonly string[], accepted: readonly string[]) {
  const counts = new Map<string, number>();
  for (const to of accepted) counts.set(to, (counts.get(to) ?? 0) + 1);
  const duplicates = [...counts.values()].reduce((n, c) => n + c - 1, 0);
  const lost = queued.filter((to) => !counts.has(to)).length;
  return { duplicates, lost };
}

describe(`fault: mail delivery exactly once, within the documented bound (${engine})`, () => {
  let site: FaultSite;
  let server: ServerProcess | undefined;
  let smtpPort: number;

  beforeAll(async () => {
    site = await createFaultSite();
    // A first start makes the job queue's tables (the seeding below enqueues into them).
    server = await startServerProcess(site);
    await server.stop();
    server = undefined;
    smtpPort = await freePort();
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await site?.remove();
  }, 60_000);

  const serverEnv = () => ({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SMTP_MAX_CONNECTIONS: String(maxConnections),
    MAIL_RETRY_FIRST_DELAY_SECONDS: '2',
    MAIL_RETRY_MAX_DELAY_SECONDS: '4',
    LOG_LEVEL: 'warn',
  });

  /** `n` invitations queued as a campaign's dispatch queues them (outbox rows + bulk delivery jobs), no server running. */
  async function queueMails(n: number, tag: string): Promise<string[]> {
    const database = await site.open();
    const jobs = createJobs(database, createLogger('silent'));
    await jobs.boss.start();
    const recipients = Array.from({ length: n }, (_, i) => `${tag}-${i}@example.com`);
    try {
      await database.inSystem(async (tx) => {
        const rows = recipients.map((to) => ({
          id: randomUUID(),
          appId: site.tenant.appId,
          channel: 'email' as const,
          to,
          subject: 'Invitation',
          text: 'Please sign.',
          html: null,
          template: 'signature-invitation',
          language: 'en',
          attachments: [],
          about: null,
        }));
        await insertMessages(tx, rows);
        const data = rows.map((r) => ({
          data: { messageId: r.id, version: 0, priority: messagePriority.bulk } satisfies DeliveryJob,
          priority: messagePriority.bulk,
        }));
        for (let i = 0; i < data.length; i += 1000) await jobs.enqueueMany(tx, sendEmailQueue, data.slice(i, i + 1000));
      });
    } finally {
      await jobs.boss.stop({ graceful: false });
      await database.close();
    }
    return recipients;
  }

  /** The outbox statuses of the mails to these recipients (read with no server running on the embedded database). */
  async function statuses(recipients: readonly string[]): Promise<Record<string, number>> {
    const database = await site.open();
    try {
      const result = (await database.db.execute(
        sql`select status, count(*)::int as n from outbox_messages where recipient in (${sql.join(
          recipients.map((r) => sql`${r}`),
          sql`, `,
        )}) group by status`,
      )) as unknown as { rows: { status: string; n: number }[] };
      return Object.fromEntries(result.rows.map((r) => [r.status, r.n]));
    } finally {
      await database.close();
    }
  }

  it(`SMTP outage, ${mails} mails queued (100 failed once), peer back, kill -9 during the retry burst: at most SMTP_MAX_CONNECTIONS duplicates, none lost`, async () => {
    const queued = await queueMails(mails, 'outage');
    // The mail server is down: the mails fail and wait for their retry (5 connections, a 1 s pause after each round
    // of refusals: 100 failed mails take about 20 s; the others have not been tried yet).
    server = await startServerProcess(site, { env: serverEnv() });
    const failedFirst = Math.min(mails, 100);
    await waitUntil(
      async () => {
        const failed = new Set(server!.logs().flatMap((l) => (l.includes('delivery failed, will retry') ? [/"messageId":"([^"]+)"/.exec(l)?.[1]] : [])));
        return failed.size >= failedFirst;
      },
      120_000,
      'mails failed (SMTP down)',
    );
    // The peer is back: the retries come in a burst; kill -9 a third of the way through. On PostgreSQL the database
    // first stalls the mails' writes for 2 s (a table lock, as a long vacuum or an I/O stall would) and the kill
    // comes at the end of the stall: the senders must not have gone on sending mails they could not record.
    let stall: Promise<void> | undefined;
    const stallMs = 2_000;
    const stallAt = Math.max(1, Math.floor(mails / 3));
    const stallWrites = async () => {
      if (!site.adminUrl) return;
      const locker = new pg.Client({ connectionString: site.adminUrl });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table outbox_messages in exclusive mode'); // reads go on, writes wait
        await sleep(stallMs);
        await server!.crash();
        await locker.query('rollback');
      } finally {
        await locker.end();
      }
    };
    const peer = await startPeer(smtpPort, (count) => {
      if (count >= stallAt && !stall) stall = site.adminUrl ? stallWrites() : server!.crash();
    });
    try {
      await waitUntil(async () => stall !== undefined, 120_000, 'the retry burst reaches the peer');
      await stall;
      expect(server.alive()).toBe(false);
      const atKill = peer.accepted.length;
      server = await startServerProcess(site, { port: server.port, env: serverEnv() });
      await waitUntil(async () => tally(queued, peer.accepted).lost === 0, 180_000, 'every mail received after the restart');
      await sleep(3000); // late duplicates, if any
      await server.stop();
      server = undefined;
      const { duplicates, lost } = tally(queued, peer.accepted);
      console.info(
        `[fault-mail] outage + kill -9 (${engine}): ${mails} mails, killed after ${atKill} received${site.adminUrl ? ` (writes stalled ${stallMs} ms before)` : ''}, ${peer.accepted.length} received, ${duplicates} duplicate(s), ${lost} lost`,
      );
      expect(lost).toBe(0);
      expect(duplicates).toBeLessThanOrEqual(maxConnections);
      expect(await statuses(queued)).toEqual({ sent: mails });
    } finally {
      await stopPeer(peer.server);
    }
  }, 600_000);

  it.skipIf(engine !== 'postgres')(
    `database connections terminated again and again during a burst of ${mails} sends: at most SMTP_MAX_CONNECTIONS duplicates, none lost`,
    async () => {
      const queued = await queueMails(mails, 'dropped');
      const peer = await startPeer(smtpPort);
      const superuser = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await superuser.connect();
      let terminations = 0;
      let stop = false;
      try {
        server = await startServerProcess(site, { env: serverEnv() });
        // Every 300 ms, every backend of the server's database goes (the pools reconnect on their next query).
        const terminator = (async () => {
          while (!stop) {
            const result = await superuser.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [
              site.databaseName,
            ]);
            terminations += result.rowCount ?? 0;
            await sleep(300);
          }
        })();
        await waitUntil(async () => tally(queued, peer.accepted).lost === 0, 300_000, 'every mail received despite the terminations');
        stop = true;
        await terminator;
        await sleep(3000); // late duplicates, if any
        expect(server.alive(), server.logs().slice(-20).join('\n')).toBe(true);
        await server.stop();
        server = undefined;
        const { duplicates, lost } = tally(queued, peer.accepted);
        console.info(
          `[fault-mail] terminated backends (${engine}): ${mails} mails, ${terminations} backends terminated, ${peer.accepted.length} received, ${duplicates} duplicate(s), ${lost} lost`,
        );
        expect(terminations).toBeGreaterThan(0);
        expect(lost).toBe(0);
        expect(duplicates).toBeLessThanOrEqual(maxConnections);
        expect(await statuses(queued)).toEqual({ sent: mails });
      } finally {
        stop = true;
        await superuser.end();
        await stopPeer(peer.server);
      }
    },
    600_000,
  );
});
