import { ConfigError, loadConfig } from './platform/config.ts';
import { DataDirLockedError, lockDataDir } from './platform/db/lock.ts';
import { openDatabase } from './platform/db/open.ts';
import { throttledReporter } from './platform/faults.ts';
import { createLogger } from './platform/logger.ts';
import { createSmtpTransport } from './platform/messaging/transports.ts';
import { cleanOfficeLeftovers } from './platform/office/index.ts';
import { ensurePlatform } from './domains/applications/index.ts';
import { createServer } from './server.ts';

/** Start-up (loaded by main.ts once the module hooks are in place). */
async function main() {
  const started = performance.now();
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const unlock = config.embedded ? lockDataDir(config.dataDir) : () => undefined;
  process.on('exit', unlock);

  // A connection PostgreSQL dropped (a restart, a failover, pg_terminate_backend) is logged, never fatal: the pool
  // opens a new one on the next query; said once, then every 30 s while it lasts.
  const connectionLost = throttledReporter((error, repeats) =>
    logger.warn({ err: error, repeats }, 'database connection lost: requests answer 503 until it is back'),
  );
  // LibreOffice processes and profiles of a server killed before this start (kill -9, OOM): in the background.
  void cleanOfficeLeftovers({ logger }).catch((error: unknown) => logger.warn({ err: error }, 'office leftovers could not be cleaned'));
  const database = await openDatabase(config, { onConnectionError: (error) => connectionLost('pool', error) });
  const admin = await ensurePlatform(database, { email: config.adminEmail, password: config.adminPassword });
  if (config.smtpUrl) {
    // Self-hosters struggle most with SMTP: say at start exactly what is wrong, mails stay queued meanwhile.
    const probe = createSmtpTransport(config.smtpUrl, { maxConnections: 1 });
    await probe
      .verify()
      .then(() => logger.info('SMTP server reachable'))
      .catch((error: Error) => logger.error(`SMTP_URL does not work: ${error.message}. Mails stay queued and are retried.`))
      .finally(() => probe.close());
  }
  const server = await createServer({ config, database, logger });
  // A worker serves GET /healthz alone (its app has no module routes): what a load balancer or an orchestrator probes.
  await server.app.listen({ port: config.port, host: config.host });

  const mode = config.embedded ? `embedded database in ${config.dataDir}` : 'PostgreSQL server';
  const mail = config.smtpUrl ? 'SMTP' : 'in-app outbox (menu Outbox)';
  const lines = ['', `  Paraphe is running on ${config.publicUrl}  (${mode}; mail: ${mail}; started in ${Math.round(performance.now() - started)} ms)`];
  const codeHint = config.smtpUrl
    ? '  Your login code comes by e-mail.'
    : '  No mail server is set (SMTP_URL): your first login code will be shown here, below, when you log in.';
  if (admin.generatedPassword) {
    lines.push(
      `  Open ${config.publicUrl} and log in as the product administrator: ${admin.adminEmail} / ${admin.generatedPassword}`,
      codeHint,
      '  Lost the password? npm run admin:password -w apps/server -- <new password>',
    );
  } else {
    lines.push(
      `  Product administrator: ${admin.adminEmail}  (password: the one set at first start; reset: npm run admin:password -w apps/server -- <new password>)`,
    );
  }
  console.log(lines.join('\n') + '\n');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing requests and jobs in flight');
    const force = setTimeout(() => {
      logger.error('shutdown took over 30 s, exiting');
      process.exit(1);
    }, 30_000);
    force.unref();
    await server.close();
    unlock();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
