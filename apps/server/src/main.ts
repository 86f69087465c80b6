import { ConfigError, loadConfig } from './platform/config.ts';
import { DataDirLockedError, lockDataDir } from './platform/db/lock.ts';
import { openDatabase } from './platform/db/open.ts';
import { createLogger } from './platform/logger.ts';
import { createSmtpTransport } from './platform/messaging/transports.ts';
import { ensurePlatform } from './domains/applications/bootstrap.ts';
import { createServer } from './server.ts';

async function main() {
  const started = performance.now();
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const unlock = config.embedded ? lockDataDir(config.dataDir) : () => undefined;
  process.on('exit', unlock);

  const database = await openDatabase(config);
  const admin = await ensurePlatform(database, { email: config.adminEmail, password: config.adminPassword });
  if (config.smtpUrl) {
    // Self-hosters struggle most with SMTP: say at start exactly what is wrong, mails stay queued meanwhile.
    await createSmtpTransport(config.smtpUrl)
      .verify()
      .then(() => logger.info('SMTP server reachable'))
      .catch((error: Error) => logger.error(`SMTP_URL does not work: ${error.message}. Mails stay queued and are retried.`));
  }
  const server = await createServer({ config, database, logger });
  if (config.role !== 'worker') await server.app.listen({ port: config.port, host: config.host });

  const mode = config.embedded ? `embedded database in ${config.dataDir}` : 'PostgreSQL server';
  const mail = config.smtpUrl ? 'SMTP' : 'in-app outbox (menu Outbox)';
  const lines = [
    '',
    `  Paraphe is running on ${config.publicUrl}  (${mode}; mail: ${mail}; started in ${Math.round(performance.now() - started)} ms)`,
  ];
  if (admin.generatedPassword) {
    lines.push(
      `  Product administrator created: ${admin.adminEmail} / ${admin.generatedPassword}`,
      '  Log in with it, then read the login code in Outbox… or in the server log below (first login code).',
      '  Lost it? npm run admin:password -w apps/server -- <new password>',
    );
  } else {
    lines.push(`  Product administrator: ${admin.adminEmail}  (password: the one set at first start; reset: npm run admin:password -w apps/server -- <new password>)`);
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
