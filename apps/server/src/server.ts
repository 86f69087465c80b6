import path from 'node:path';
import type { Config } from './platform/config.ts';
import { createLocalStorage, type Storage } from './platform/storage.ts';
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
import { signatureRoutes } from './domains/signatures/routes.ts';
import { registerSignatureJobs } from './domains/signatures/jobs.ts';
import { deriveSigningLinkKey } from './domains/signatures/links.ts';
import { notificationRoutes } from './domains/notifications/routes.ts';
import { pkiRoutes } from './domains/pki/routes.ts';
import { signingPageRoutes } from './domains/signing/routes.ts';
import { registerSigningJobs } from './domains/signing/completion.ts';
import { createTrustServices } from './domains/pki/service.ts';

export const domains: DomainRoutes[] = [authRoutes, userRoutes, applicationRoutes, outboxRoutes, signatureRoutes, notificationRoutes, pkiRoutes, signingPageRoutes];

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
  storage?: Storage;
}): Promise<Server> {
  const { config, database } = opts;
  const logger = opts.logger ?? createLogger(config.logLevel);
  const jobs = createJobs(database, logger, { pollingIntervalSeconds: opts.pollingIntervalSeconds });
  const mailTransport = opts.mailTransport ?? (config.smtpUrl ? createSmtpTransport(config.smtpUrl) : undefined);
  const smsProvider = config.smsHttpUrl ? createHttpSmsProvider(config.smsHttpUrl) : undefined;
  const storage = opts.storage ?? createLocalStorage(path.join(config.dataDir, 'files'));
  const messaging = createMessaging({ database, jobs, logger, mailFrom: config.mailFrom, mailTransport, smsProvider, storage });
  const secret = await ensureSecret(database, config.secretKey);
  const tokens = createTokenService(secret);
  const platform: Platform = {
    config,
    database,
    jobs,
    messaging,
    tokens,
    logger,
    clock: opts.clock ?? (() => new Date()),
    storage,
    signingLinkKey: deriveSigningLinkKey(secret),
  };
  // The CA, TSA and seals are created lazily on first use; domains reach them with trustServices(platform).
  createTrustServices(platform, secret);
  registerMaintenanceJobs(platform);
  registerSignatureJobs(platform);
  registerSigningJobs(platform);
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
