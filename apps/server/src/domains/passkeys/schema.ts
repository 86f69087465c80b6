import { bigint, boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { createdAt, id, tenantPolicy, tstz } from '../../platform/db/schema/common.ts';

/**
 * A user's WebAuthn credential (docs/passkeys.md): the public key the authenticator made, its id, and the signature
 * counter last seen — an assertion whose counter does not increase is refused (a cloned authenticator).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    appId: uuid('app_id')
      .notNull()
      .references(() => applications.id),
    // A deleted user's passkeys go with it (the users domain deletes its rows; this table is the passkeys domain's).
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** base64url, as the browser gives it; unique across the platform (a passwordless login finds the account by it). */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** Multi-device (synced) or bound to one device, and whether it is backed up: shown, not enforced. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_unique').on(t.credentialId), index('passkeys_user_idx').on(t.userId), tenantPolicy('passkeys')],
).enableRLS();

/**
 * WebAuthn challenges: made by the server, used once, for five minutes. A passwordless login's challenge belongs to
 * no account yet (the credential tells whose it is), so the table is platform-level like `login_throttles`: RLS on
 * and no policy, read and written only in system transactions; `app_id`/`user_id` bind the others to their account.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: id(),
    /** base64url, as it comes back in the client data: the lookup key. */
    challenge: text('challenge').notNull(),
    purpose: text('purpose').$type<'register' | 'second-factor' | 'login'>().notNull(),
    appId: uuid('app_id').references(() => applications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The session a second-factor challenge was made for: only that session may answer it. */
    sessionId: uuid('session_id'),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [uniqueIndex('passkey_challenges_challenge_unique').on(t.challenge), index('passkey_challenges_expires_idx').on(t.expiresAt)],
).enableRLS();
