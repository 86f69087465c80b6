import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ApiKeyScope } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { signatureRequests } from '../signatures/schema.ts';
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

/**
 * Editor links of embedded sending (docs/embedding.md): a short-lived credential to edit one draft in an iframe,
 * made by an API key (`POST /api/v1/requests/{id}/editor-link`). Only the SHA-256 of the token is kept; the token
 * works until `expires_at`, while its key is live and its request a draft (sending or deleting the draft ends it).
 */
export const editorLinks = pgTable(
  'editor_links',
  {
    id: id(),
    appId: uuid('app_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('editor_links_token_hash_unique').on(t.tokenHash), index('editor_links_app_idx').on(t.appId, t.expiresAt), tenantPolicy('editor_links')],
).enableRLS();
