import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ApiKeyScope } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { createdAt, id, tenantPolicy, tstz } from '../../platform/db/schema/common.ts';

/**
 * API keys of the public REST API (docs/api-v1.md). Only the SHA-256 of the secret is stored (the secret is 32
 * random bytes: no dictionary to try, so no slow hash is needed); `prefix` is shown to tell keys apart. Every key of
 * a tenant acts as the same technical user (`user_id`), created with its first key.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    appId: uuid('app_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull(),
    /** The technical user the key's calls act as. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: tstz('expires_at'),
    lastUsedAt: tstz('last_used_at'),
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_keys_secret_hash_unique').on(t.secretHash), index('api_keys_app_idx').on(t.appId, t.createdAt), tenantPolicy('api_keys')],
).enableRLS();
