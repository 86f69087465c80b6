import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ApiKeyScope } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { signatureRequests } from '../signatures/schema.ts';
import { requestTemplates } from '../request-templates/schema.ts';
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
 * Editor links (docs/embedding.md): a short-lived credential to edit, in an iframe, one draft (`kind` request:
 * `POST /api/v1/requests/{id}/editor-link`) or one template (`kind` template: `POST /api/v1/templates/editor-link`;
 * `template_id` null until the first save of a new template). Only the SHA-256 of the token is kept; the token works
 * until `expires_at`, while its key is live and its request a draft (sending or deleting it ends the link) or its
 * template not archived.
 */
export const editorLinks = pgTable(
  'editor_links',
  {
    id: id(),
    appId: uuid('app_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['request', 'template'] })
      .notNull()
      .default('request'),
    requestId: uuid('request_id').references(() => signatureRequests.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id').references(() => requestTemplates.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('editor_links_token_hash_unique').on(t.tokenHash),
    index('editor_links_app_idx').on(t.appId, t.expiresAt),
    check(
      'editor_links_target',
      sql`(${t.kind} = 'request' and ${t.requestId} is not null and ${t.templateId} is null) or (${t.kind} = 'template' and ${t.requestId} is null)`,
    ),
    tenantPolicy('editor_links'),
  ],
).enableRLS();
