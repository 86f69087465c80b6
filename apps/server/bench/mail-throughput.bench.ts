/**
 * Mail throughput: N invitation-like mails queued at once (messaging.queueBatch: multi-row inserts of the outbox
 * rows and their delivery jobs, 1,000 per transaction, as a campaign would chunk them), delivered by the server's
 * own workers through the pooled SMTP transport to a local `smtp-server` sink running in a child process (its
 * memory is not counted in this process's RSS, but it shares the machine). Prints the queueing time, the delivery
 * time and rate, the process's peak RSS (VmHWM, Linux), and checks every mail was delivered exactly once (sink
 * count per recipient, outbox rows `sent`).
 *
 * Run from apps/server: `node bench/mail-throughput.bench.ts [count=10000] [connections=5]` (PGlite in memory), or
 * with `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres` for PostgreSQL (a scratch database is
 * created and dropped). Targets (PostgreSQL): 100,000 mails in under 5 minutes, RSS under 512 MB.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { BatchMessage } from '../src/platform/messaging/service.ts';
import { createTestContext, engine } from '../test/support/harness.ts';

const count = Number(process.argv[2] ?? 10_000);
const connections = Number(process.argv[3] ?? 5);

if (process.argv[2] === 'sink') {
  // The SMTP sink: counts mails per recipient; reports progress to the parent.
  const { SMTPServer } = await import('smtp-server');
  const seen = new Map<string, number>();
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) seen.set(r.address, (seen.get(r.address) ?? 0) + 1);
        received++;
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.server.address() as AddressInfo).port }));
  const timer = setInterval(() => process.send!({ received }), 200);
  process.on('message', (message: { report?: boolean }) => {
    if (!message.report) return;
    let duplicates = 0;
    for (const n of seen.values()) if (n > 1) duplicates += n - 1;
    process.send!({ final: { received, distinct: seen.size, duplicates } });
    clearInterval(timer);
    server.close(() => process.exit(0));
  });
} else {
  const peakRss = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;
  const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
  const seconds = (from: number) => (performance.now() - from) / 1000;

  const sink = fork(process.argv[1]!, ['sink'], { stdio: 'inherit' });
  let received = 0;
  let final: { received: number; distinct: number; duplicates: number } | undefined;
  const port = await new Promise<number>((resolve) => {
    sink.on('message', (m: { port?: number; received?: number; final?: typeof final }) => {
      if (m.port) resolve(m.port);
      if (m.received !== undefined) received = m.received;
      if (m.final) final = m.final;
    });
  });
  const t = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_MAX_CONNECTIONS: String(connections) } });
  try {
    const tenant = await t.factory.tenant();
    const appId = tenant.appId;
    const invitation = (i: number): BatchMessage => ({
      channel: 'email',
      appId,
      to: `signer.${i}@example.com`,
      language: 'fr',
      template: 'signature-invitation',
      params: {
        signerName: `Prénom${i} Nom${i}`,
        requesterName: 'Acme',
        company: 'Acme SAS',
        label: `Contrat ${i}`,
        message: 'Merci de signer ce document.',
        expiresOn: '2030-01-01',
        link: `https://sign.example.com/#/sign/${'x'.repeat(120)}${i}`,
      },
      branding: { company: 'Acme SAS' },
      about: `bench:${i}`,
    });
    const rssBefore = peakRss();
    let started = performance.now();
    const perTransaction = 1000;
    for (let from = 0; from < count; from += perTransaction) {
      const batch = Array.from({ length: Math.min(perTransaction, count - from) }, (_, i) => invitation(from + i));
      await t.database.inTenant(appId, (tx) => t.server.platform.messaging.queueBatch(tx, batch));
    }
    const queued = seconds(started);
    console.log(`engine=${engine} mails=${count} connections=${connections} queued in ${queued.toFixed(1)} s (the workers send meanwhile)`);
    started = performance.now();
    const deliveryStarted = started;
    let last = 0;
    while (received < count) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (performance.now() - last > 10_000) {
        last = performance.now();
        console.log(`  ${received} delivered, ${seconds(deliveryStarted).toFixed(0)} s, ${mb(peakRss())} peak RSS`);
      }
      if (seconds(deliveryStarted) > 1800) throw new Error(`only ${received} of ${count} delivered after 30 minutes`);
    }
    const elapsed = seconds(deliveryStarted);
    // The last rows are recorded `sent` right after the sink's answer.
    const sentCount = async () =>
      (
        (await t.database.db.execute(sql`select count(*)::int as n from outbox_messages where app_id = ${appId} and status = 'sent'`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    let sent = await sentCount();
    while (sent < count) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      sent = await sentCount();
    }
    sink.send({ report: true });
    while (!final) await new Promise((resolve) => setTimeout(resolve, 50));
    console.log(
      `delivered ${final.received} (${final.distinct} recipients, ${final.duplicates} duplicates) in ${elapsed.toFixed(1)} s after queueing ended` +
        ` (${queued.toFixed(1)} s queueing): ${Math.round(count / (elapsed + queued))} mails/s end to end; outbox sent=${sent};` +
        ` peak RSS ${mb(peakRss())} (before queueing ${mb(rssBefore)})`,
    );
    if (final.received !== count || final.distinct !== count || final.duplicates !== 0 || sent !== count) process.exitCode = 1;
  } finally {
    await t.close();
    sink.kill();
  }
}
