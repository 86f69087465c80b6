import type { Permission, Profile } from '@paraphe/contracts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { EventBus } from './events/bus.ts';
import type { Jobs } from './jobs/boss.ts';
import type { Logger } from './logger.ts';
import type { Messaging } from './messaging/service.ts';
import type { TokenService } from './http/tokens.ts';
import type { Storage } from './storage.ts';
import type { WorkerPool } from './workers/pool.ts';

export type Clock = () => Date;

/** What every service needs from the platform; built once in server.ts (or by the test harness). */
export interface Platform {
  config: Config;
  database: DatabaseHandle;
  jobs: Jobs;
  /** Domain events (transactional outbox) and their subscribers. */
  events: EventBus;
  messaging: Messaging;
  tokens: TokenService;
  logger: Logger;
  clock: Clock;
  /** Uploaded and generated files. */
  storage: Storage;
  /** Worker threads for CPU-heavy work on untrusted input (PKCS#12, PDF parsing): never on the event loop. */
  workers: WorkerPool;
  /** The instance secret (SECRET_KEY, or generated once): domains derive their own keys from it (secrets.ts). */
  secret: string;
  /**
   * A line for the person running the server (the console, never the JSON log): e.g. the product
   * administrator's first login code when no mail server is set.
   */
  notice(line: string): void;
}

/** Who acts: the effective user (the commuted one while in commuted mode) and their tenant. */
export interface Actor {
  appId: string;
  userId: string;
  profile: Profile;
  isProductAdmin: boolean;
  permissions: ReadonlySet<Permission>;
  /** The person really logged in (differs from userId in commuted mode). */
  realUserId: string;
  sessionId: string;
  ip?: string;
}
