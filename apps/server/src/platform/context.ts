import type { Permission, Profile } from '@paraphe/contracts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Jobs } from './jobs/boss.ts';
import type { Logger } from './logger.ts';
import type { Messaging } from './messaging/service.ts';
import type { TokenService } from './http/tokens.ts';
import type { Storage } from './storage.ts';

export type Clock = () => Date;

/** What every service needs from the platform; built once in main.ts (or by the test harness). */
export interface Platform {
  config: Config;
  database: DatabaseHandle;
  jobs: Jobs;
  messaging: Messaging;
  tokens: TokenService;
  logger: Logger;
  clock: Clock;
  /** Uploaded and generated files. */
  storage: Storage;
  /** HMAC key of the public signing links, derived from the instance secret (see domains/signatures/links.ts). */
  signingLinkKey: Buffer;
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
