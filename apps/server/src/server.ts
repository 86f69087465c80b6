import path from 'node:path';
import type { Config } from './platform/config.ts';
import { createLocalStorage, type Storage } from './platform/storage.ts';
import { createS3Storage } from './platform/storage-s3.ts';
import type { Platform, Clock } from './platform/context.ts';
import type { DatabaseHandle } from './platform/db/client.ts';
import { createEventBus } from './platform/events/bus.ts';
import { createJobs } from './platform/jobs/boss.ts';
import { createLogger, type Logger } from './platform/logger.ts';
import { createMessaging } from './platform/messaging/service.ts';
import { createHttpSmsProvider, createSmtpTransport, type MailTransport } from './platform/messaging/transports.ts';
import { createTokenService } from './platform/http/tokens.ts';
import { buildApp, type App } from './platform/http/app.ts';
import { registerModules, type Module } from './platform/modules.ts';
import { ensureSecret } from './platform/secrets.ts';
import { createWorkerPool, defaultWorkerThreads } from './platform/workers/pool.ts';
import { startEventLoopMonitor } from './platform/event-loop.ts';
import { sessionResolver } from './domains/auth/index.ts';
import { apiKeyResolver, editorLinkResolver } from './domains/apikeys/index.ts';
import { modules as defaultModules } from './modules.ts';

export interface Server {
  platform: Platform;
  app: App;
  /** Stops accepting requests, lets in-flight requests and jobs finish, then closes the database. */
  close(): Promise<void>;
}

/** The composition root: wires the platform on an open database, then every module; used by main.ts and the tests. */
export async function createServer(opts: {
  config: Config;
  database: DatabaseHandle;
  logger?: Logger;
  clock?: Clock;
  mailTransport?: MailTransport;
  pollingIntervalSeconds?: number;
  /** How often idle workers look for jobs between NOTIFY wake-ups (platform/jobs/boss.ts; default: the polling interval when given, else 15 s). */
  wakeBackstopSeconds?: number;
  storage?: Storage;
  /** The module list (default: src/modules.ts); tests may add a module of their own. */
  modules?: readonly Module[];
  /** Where operator notices go (default: the console). */
  notice?: (line: string) => void;
}): Promise<Server> {
  const { config, database } = opts;
  const modules = opts.modules ?? defaultModules;
  const logger = opts.logger ?? createLogger(config.logLevel);
  const clock = opts.clock ?? (() => new Date());
  const jobs = createJobs(database, logger, { pollingIntervalSeconds: opts.pollingIntervalSeconds, wakeBackstopSeconds: opts.wakeBackstopSeconds });
  // One pool of SMTP connections for the process, shared by every delivery job; closed below at shutdown.
  const mailTransport =
    opts.mailTransport ??
    (config.smtpUrl
      ? createSmtpTransport(config.smtpUrl, { maxConnections: config.mailPacing.maxConnections, maxMessages: config.mailPacing.maxMessages })
      : undefined);
  const smsProvider = config.smsHttpUrl ? createHttpSmsProvider(config.smsHttpUrl) : undefined;
  const storage =
    opts.storage ??
    (config.storage.kind === 's3'
      ? createS3Storage(config.storage.s3)
      : createLocalStorage(path.join(config.dataDir, 'files'), { minFreeBytes: config.storageMinFreeBytes, reserveBytes: config.storageReserveBytes }));
  const messaging = createMessaging({
    database,
    jobs,
    logger,
    mailFrom: config.mailFrom,
    publicUrl: config.publicUrl,
    mailTransport,
    smsProvider,
    storage,
    clock,
    retryPolicy: config.mailRetry,
    pacing: config.mailPacing,
  });
  const secret = await ensureSecret(database, config.secretKey);
  startEventLoopMonitor();
  const workers = createWorkerPool({
    threads: config.workers.threads ?? defaultWorkerThreads(),
    maxQueue: config.workers.maxQueue,
    taskTimeoutMs: config.workers.taskTimeoutMs,
    heapMb: config.workers.heapMb,
  });
  const platform: Platform = {
    config,
    database,
    jobs,
    events: createEventBus({ database, jobs, clock }),
    messaging,
    tokens: createTokenService(secret),
    logger,
    clock,
    storage,
    workers,
    secret,
    notice: opts.notice ?? ((line) => console.log(line)),
  };
  await registerModules(platform, modules);
  await jobs.start({ work: config.role !== 'api' });
  const app = await buildApp(
    platform,
    config.role === 'worker' ? [] : modules,
    sessionResolver(platform),
    apiKeyResolver(platform),
    editorLinkResolver(platform),
  );
  return {
    platform,
    app,
    async close() {
      await app.close();
      await jobs.stop();
      mailTransport?.close();
      await workers.close();
      await database.close();
    },
  };
}
