import { boolean, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Profile } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { createdAt, id, tenantPolicy, tstz, updatedAt } from '../../platform/db/schema/common.ts';

const appId = () =>
  uuid('app_id')
    .notNull()
    .references(() => applications.id);

/**
 * A tenant's OpenID Connect provider (one per tenant, docs/sso.md). The client secret is sealed (platform/sealed.ts,
 * a key of its own): it is sent to the provider's token endpoint, so it cannot be hashed. `metadata` is the
 * provider's discovery document as fetched when an administrator saved or tested the configuration: a login reads
 * it, and never fetches discovery itself.
 */
export const ssoConfigs = pgTable(
  'sso_configs',
  {
    appId: appId().primaryKey(),
    enabled: boolean('enabled').notNull().default(false),
    providerName: text('provider_name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretSealed: text('client_secret_sealed').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull(),
    defaultProfile: text('default_profile').$type<Profile>().notNull(),
    defaultParentId: uuid('default_parent_id').references(() => users.id, { onDelete: 'set null' }),
    ssoOnly: boolean('sso_only').notNull().default(false),
    breakGlassUserId: uuid('break_glass_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [tenantPolicy('sso_configs')],
).enableRLS();

/** The e-mail domains a tenant's provider vouches for: a domain belongs to one tenant at most (the login page's lookup). */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').notNull(),
    appId: appId(),
  },
  (t) => [primaryKey({ columns: [t.domain] }), index('sso_domains_app_idx').on(t.appId), tenantPolicy('sso_domains')],
).enableRLS();

/**
 * A login under way: the state (hashed), the nonce and the PKCE verifier, kept server-side. Single use (`used_at`
 * set by the first callback), 10 minutes.
 */
export const ssoLoginStates = pgTable(
  'sso_login_states',
  {
    id: id(),
    appId: appId(),
    stateHash: text('state_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sso_login_states_hash_idx').on(t.stateHash),
    index('sso_login_states_app_idx').on(t.appId, t.createdAt),
    tenantPolicy('sso_login_states'),
  ],
).enableRLS();
