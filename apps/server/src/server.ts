import type { Config } from './platform/config.ts';
import type { Platform, Clock } from './platform/context.ts';
import type { DatabaseHandle } from './platform/db/client.ts';
import { createJobs } from './platform/jobs/boss.ts';
import { createLogger, type Logger } from './platform/logger.ts';
import { createMessaging } from './platform/messaging/service.ts';
import { createHttpSmsProvider, createSmtpTransport, type MailTransport } from './platform/messaging/transports.ts';
import { createTokenService } from './platform/http/tokens.ts';
import { buildApp, type App, type DomainRoutes } from './platform/http/app.ts';
import { registerMaintenanceJobs } from './platform/jobs/maintenance.ts';
import { ensureSecret } from './domains/applications/bootstrap.ts';
import { authRoutes } from './domains/auth/routes.ts';
import { userRoutes } from './domains/users/routes.ts';
import { applicationRoutes } from './domains/applications/routes.ts';
import { outboxRoutes } from './domains/outbox/routes.ts';

export const domains: DomainRoutes[] = [authRoutes, userRoutes, applicationRoutes, outboxRoutes];

export interface Server {
  platform: Platform;
  app: App;
  /** Stops accepting requests, lets in-flight requests and jobs finish, then closes the database. */
  close(): Promise<void>;
}

/** Wires the platform on an open database; used by main.ts and by the tests. */
export async function createServer(opts: {
  config: Config;
  database: DatabaseHandle;
  logger?: Logger;
  clock?: Clock;
  mailTransport?: MailTransport;
  pollingIntervalSeconds?: number;
}): Promise<Server> {
  const { config, database } = opts;
  const logger = opts.logger ?? createLogger(config.logLevel);
  const jobs = createJobs(database, logger, { pollingIntervalSeconds: opts.pollingIntervalSeconds });
  const mailTransport = opts.mailTransport ?? (config.smtpUrl ? createSmtpTransport(config.smtpUrl) : undefined);
  const smsProvider = config.smsHttpUrl ? createHttpSmsProvider(config.smsHttpUrl) : undefined;
  const messaging = createMessaging({ database, jobs, logger, mailFrom: config.mailFrom, mailTransport, smsProvider });
  const tokens = createTokenService(await ensureSecret(database, config.secretKey));
  const platform: Platform = { config, database, jobs, messaging, tokens, logger, clock: opts.clock ?? (() => new Date()) };
  registerMaintenanceJobs(platform);
  await jobs.start({ work: config.role !== 'api' });
  const app = await buildApp(platform, config.role === 'worker' ? [] : domains);
  return {
    platform,
    app,
    async close() {
      await app.close();
      await jobs.stop();
      mailTransport?.close();
      await database.close();
    },
  };
}
