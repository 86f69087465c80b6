import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { GdprCounts } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { createdAt, id, tenantPolicy, tstz } from '../../platform/db/schema/common.ts';

const appId = () =>
  uuid('app_id')
    .notNull()
    .references(() => applications.id);

/** A tenant's retention periods (docs/gdpr.md); no row = the defaults (`defaultGdprRetention`). */
export const gdprSettings = pgTable(
  'gdpr_settings',
  {
    appId: appId().primaryKey(),
    finishedDocumentsMonths: integer('finished_documents_months').notNull(),
    signerDataMonths: integer('signer_data_months').notNull(),
    staleContactsMonths: integer('stale_contacts_months').notNull(),
    evidenceMonths: integer('evidence_months').notNull(),
    /** Null while the tenant never saved them (the purge wrote the row with the defaults). */
    updatedAt: tstz('updated_at'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    /** The end of the last nightly purge that removed something for the tenant. */
    lastPurgeAt: tstz('last_purge_at'),
  },
  () => [tenantPolicy('gdpr_settings')],
).enableRLS();

export type GdprRequestKind = 'export' | 'erasure';
export type GdprRequestStatus = 'queued' | 'ready' | 'done' | 'failed';

/**
 * Subject access exports and erasures, the tab's history. An erasure keeps no address (only a masked hint and the
 * counts of what was erased); an export keeps the address until its link expires (the job needs it), then the
 * nightly purge clears it with the file.
 */
export const gdprRequests = pgTable(
  'gdpr_requests',
  {
    id: id(),
    appId: appId(),
    kind: text('kind').$type<GdprRequestKind>().notNull(),
    status: text('status').$type<GdprRequestStatus>().notNull(),
    /** Exports only, until the link expires. */
    email: text('email'),
    /** j•••@example.com */
    subjectHint: text('subject_hint').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    counts: jsonb('counts').$type<GdprCounts>(),
    /** The export's zip, until the link expires. */
    storageKey: text('storage_key'),
    /** SHA-256 of the mailed link's token (the token itself is only in the mail). */
    tokenHash: text('token_hash'),
    expiresAt: tstz('expires_at'),
    createdAt: createdAt(),
    completedAt: tstz('completed_at'),
  },
  (t) => [
    index('gdpr_requests_app_created_idx').on(t.appId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('gdpr_requests_token_hash_unique').on(t.tokenHash),
    tenantPolicy('gdpr_requests'),
  ],
).enableRLS();
