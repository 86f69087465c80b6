import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { createdAt, id, tenantPolicy, tstz, updatedAt } from '../../platform/db/schema/common.ts';

const appId = () =>
  uuid('app_id')
    .notNull()
    .references(() => applications.id);

/**
 * A tenant's HubSpot connection (one per tenant). The OAuth tokens are sealed (platform/sealed.ts, a key derived
 * from the instance secret for this purpose): they must be sent back to HubSpot, so they cannot be hashed.
 * `state` = broken once HubSpot refused the refresh token (`last_error` says why): a manager connects again.
 */
export const crmConnections = pgTable(
  'crm_connections',
  {
    id: id(),
    appId: appId(),
    provider: text('provider').$type<'hubspot'>().notNull().default('hubspot'),
    portalId: text('portal_id').notNull(),
    hubDomain: text('hub_domain'),
    accessTokenSealed: text('access_token_sealed').notNull(),
    refreshTokenSealed: text('refresh_token_sealed').notNull(),
    accessExpiresAt: tstz('access_expires_at').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
    connectedAt: tstz('connected_at').notNull(),
    state: text('state').$type<'ok' | 'broken'>().notNull().default('ok'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('crm_connections_app_key').on(t.appId), tenantPolicy('crm_connections')],
).enableRLS();

/** An OAuth `state` given by Connect: bound to the tenant and the user, 10 minutes, consumed by the first callback. */
export const crmOauthStates = pgTable(
  'crm_oauth_states',
  {
    id: id(),
    appId: appId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('crm_oauth_states_app_idx').on(t.appId, t.createdAt), tenantPolicy('crm_oauth_states')],
).enableRLS();

/**
 * One write-back to a contact's timeline: one row per (request, signer, outcome — a relaunched request may end twice), created with its job in the event's
 * transaction. The HubSpot ids it got are recorded as they come (file, then note), so a re-run goes on from there
 * and never makes a second note; `claimed_until` keeps two runs of one row from working at once.
 */
export const crmWriteBacks = pgTable(
  'crm_write_backs',
  {
    id: id(),
    appId: appId(),
    requestId: uuid('request_id').notNull(),
    signerId: uuid('signer_id').notNull(),
    idc: text('idc').notNull(),
    outcome: text('outcome').$type<'completed' | 'refused' | 'expired' | 'canceled'>().notNull(),
    label: text('label').notNull(),
    signerName: text('signer_name').notNull(),
    occurredAt: tstz('occurred_at').notNull(),
    status: text('status').$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    fileIds: jsonb('file_ids').$type<string[]>(),
    noteId: text('note_id'),
    error: text('error'),
    claimedUntil: tstz('claimed_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('crm_write_backs_request_signer_key').on(t.requestId, t.signerId, t.outcome),
    index('crm_write_backs_failed_idx')
      .on(t.appId, t.updatedAt.desc())
      .where(sql`status = 'failed'`),
    tenantPolicy('crm_write_backs'),
  ],
).enableRLS();
