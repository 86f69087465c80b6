import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { createdAt, id, tenantPolicy, tstz } from '../../platform/db/schema/common.ts';

/** A refresh session held in the httpOnly cookie; access tokens are minted from it. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    appId: uuid('app_id')
      .notNull()
      .references(() => applications.id),
    // A deleted user's sessions go with it (the users domain deletes its rows; this table is auth's).
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    actingUserId: uuid('acting_user_id'),
    actingAppId: uuid('acting_app_id'),
    secondFactorVerifiedAt: tstz('second_factor_verified_at'),
    codeHash: text('code_hash'),
    codeChannel: text('code_channel').$type<'email' | 'sms'>(),
    codeSentAt: tstz('code_sent_at'),
    codeExpiresAt: tstz('code_expires_at'),
    codeAttempts: integer('code_attempts').notNull().default(0),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId), tenantPolicy('sessions')],
).enableRLS();

/**
 * Failed-attempt counters per account, across sessions (docs/security.md, "Accounts and identity"): wrong
 * passwords per login address (`password:<sha-256 of the address>`, whether or not an account has it, so a lock
 * says nothing about existence) and wrong second-factor codes per user (`code:<user id>`). Platform-level, read
 * only in system transactions: RLS on and no policy, so the application role sees no row.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    key: text('key').primaryKey(),
    /** Attempts counted in the current window (a password attempt counts from the moment it starts). */
    failures: integer('failures').notNull().default(0),
    windowStartedAt: tstz('window_started_at'),
    lockedUntil: tstz('locked_until'),
    /** Consecutive lockouts (the backoff level); starts again once no lockout began for a day. */
    lockouts: integer('lockouts').notNull().default(0),
    lastLockedAt: tstz('last_locked_at'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('login_throttles_updated_idx').on(t.updatedAt)],
).enableRLS();
