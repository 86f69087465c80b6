import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantPolicy, tstz } from './common.ts';

/**
 * Idempotency keys of create requests (`Idempotency-Key` header, platform/http): the key is recorded in the
 * same transaction as the change it protects, so a client that retries after a broken connection gets the first
 * answer instead of a duplicate. `scope` names who asked what (the user or the client address, the method and
 * the route); `app_id` is null for public endpoints (sign-up).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    appId: uuid('app_id'),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request (body and parameters): the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** Null until the answer is stored (just after the change committed). */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt), tenantPolicy('idempotency_keys')],
).enableRLS();
