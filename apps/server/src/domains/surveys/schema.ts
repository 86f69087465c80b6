import { boolean, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { SurveyProvider } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { signatureRequests, signers } from '../signatures/schema.ts';
import { createdAt, id, tenantPolicy, tstz, updatedAt } from '../../platform/db/schema/common.ts';

/**
 * The tenant's survey connection (one per tenant, docs/connectors.md "Survey (Typeform)"). The personal access token
 * is sealed (AES-256-GCM under a key derived from the instance secret, platform/secrets.ts) and never returned.
 */
export const surveyConnections = pgTable(
  'survey_connections',
  {
    id: id(),
    appId: uuid('app_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<SurveyProvider>().notNull(),
    tokenSealed: text('token_sealed').notNull(),
    /** From Typeform's `GET /me`, to show whose account answers. */
    accountName: text('account_name'),
    accountEmail: text('account_email'),
    formId: text('form_id'),
    formTitle: text('form_title'),
    /** The form's public address (`_links.display`): the survey link is built on it. */
    formUrl: text('form_url'),
    enabled: boolean('enabled').notNull().default(false),
    connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
    connectedAt: timestamp('connected_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** `broken`: Typeform refused the token on a later call, or the form is gone (`last_error` says which). */
    state: text('state').$type<'ok' | 'broken'>().notNull().default('ok'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('survey_connections_app_key').on(t.appId), tenantPolicy('survey_connections')],
).enableRLS();

/**
 * One survey mail per signer of a completed request: the unique (request, signer) makes a repeated completion
 * event (a redelivery, a second emission) queue nothing more.
 */
export const surveyInvitations = pgTable(
  'survey_invitations',
  {
    id: id(),
    appId: uuid('app_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    signerId: uuid('signer_id')
      .notNull()
      .references(() => signers.id, { onDelete: 'cascade' }),
    /** `queued` once the mail is in the outbox (the outbox then says whether it was delivered). */
    status: text('status').$type<'queued' | 'sent' | 'failed'>().notNull().default('queued'),
    sentAt: tstz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [unique('survey_invitations_request_signer_key').on(t.requestId, t.signerId), tenantPolicy('survey_invitations')],
).enableRLS();
