import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { CertificationLevel, SignatureOptions, SignatureStatus, SignerRole, SignerStatus } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { createdAt, id, tenantPolicy, tstz, updatedAt } from '../../platform/db/schema/common.ts';

type DocumentType = 'pdf' | 'pdf-for-presentation' | 'pdf-optional';
type DocumentFileType = 'classic' | 'zip' | 'publi';
export type RequestSource = 'single' | 'campaign' | 'operation';

const appId = () =>
  uuid('app_id')
    .notNull()
    .references(() => applications.id);

/** A signature request (transaction): what the requester creates, sends and follows. */
export const signatureRequests = pgTable(
  'signature_requests',
  {
    id: id(),
    appId: appId(),
    /** Null once the user who created it was deleted (the request stays with the tenant). */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    label: text('label').notNull(),
    description: text('description'),
    status: text('status').$type<SignatureStatus>().notNull().default('draft'),
    level: integer('level').$type<CertificationLevel>().notNull().default(1),
    /** Copied from the tenant at creation: a test-mode signature has no legal value, whatever happens later. */
    testMode: boolean('test_mode').notNull(),
    options: jsonb('options').$type<SignatureOptions>().notNull(),
    sentAt: tstz('sent_at'),
    expiresAt: tstz('expires_at'),
    completedAt: tstz('completed_at'),
    canceledAt: tstz('canceled_at'),
    /** Storage key of the last (re)generated archive. */
    archiveKey: text('archive_key'),
    archiveGeneratedAt: tstz('archive_generated_at'),
    /** Storage key of the evidence file (sealed PDF), written at completion. */
    attestationKey: text('attestation_key'),
    /** Why the completion job failed at its last attempt (status failed); cleared when the requester retries it. */
    completionFailure: text('completion_failure'),
    /**
     * Where it comes from: `single` (the signatures screens, the API), `campaign` (a copy; `sourceId` = the campaign)
     * or `operation` (an order of an operation; `sourceId` = the operation).
     */
    source: text('source').$type<RequestSource>().notNull().default('single'),
    sourceId: uuid('source_id'),
    /**
     * What the list's search looks in, kept by triggers (migration 0016, docs/lists.md): the label, the description
     * and the signers' names and e-mails of a single request, so a broad search filters one column while it walks
     * the list's order instead of probing the signers of every row. Empty for campaign copies (not in the list).
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * The GDPR retention purge (docs/gdpr.md), each step once: the documents' files deleted (their hashes stay), the
     * signers pseudonymised, the evidence file deleted (the event chain stays). Null = not done.
     */
    documentsPurgedAt: tstz('documents_purged_at'),
    signerDataPurgedAt: tstz('signer_data_purged_at'),
    evidencePurgedAt: tstz('evidence_purged_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('signature_requests_app_created_idx').on(t.appId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('signature_requests_app_owner_idx').on(t.appId, t.ownerUserId),
    // The sweep looks for requests in progress past their expiry.
    index('signature_requests_status_expires_idx').on(t.status, t.expiresAt),
    // The list shows single requests by default, newest first: its pages, its capped count and its cursor pages
    // ((created_at, id) < the cursor's: an index condition on the whole key, docs/lists.md "Deep pages").
    index('signature_requests_app_source_created_id_idx').on(t.appId, t.source, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('signature_requests_source_id_idx').on(t.sourceId),
    // The bulk dispatch's pacing: the requests a tenant's campaigns and operations made in the last window.
    index('signature_requests_app_bulk_sent_idx')
      .on(t.appId, t.sentAt)
      .where(sql`source <> 'single'`),
    // The list filtered by status, newest first (page and capped count), docs/lists.md.
    index('signature_requests_app_source_status_created_idx').on(t.appId, t.source, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The list ordered by label (the other orders than created_at still sort the tenant's rows).
    index('signature_requests_app_source_label_idx').on(t.appId, t.source, t.label, t.id),
    // The search's trigram lookup (pg_trgm) over the single requests' search text, with the tenant and the status
    // as GIN keys too (btree_gin, migration 0052): a search with a status filter reads only that status's matches.
    index('signature_requests_search_status_trgm_idx')
      .using('gin', t.appId, t.status, t.searchText.op('gin_trgm_ops'))
      .where(sql`source = 'single'`),
    // The nightly retention purge: a tenant's finished requests by the date they ended.
    index('signature_requests_app_finished_idx')
      .on(t.appId, sql`coalesce(${t.completedAt}, ${t.canceledAt}, ${t.updatedAt})`)
      .where(sql`status in ('completed', 'refused', 'canceled', 'expired')`),
    tenantPolicy('signature_requests'),
  ],
).enableRLS();

export const signers = pgTable(
  'signers',
  {
    id: id(),
    appId: appId(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    language: text('language').notNull(),
    role: text('role').$type<SignerRole>().notNull(),
    coSigner: boolean('co_signer').notNull().default(false),
    connectorIdc: text('connector_idc'),
    signerIndex: integer('signer_index').notNull(),
    /** Participants of a group sharing a step act in parallel; null = their own step (signerIndex + 1). */
    step: integer('step'),
    invitationMessage: text('invitation_message'),
    refusalComment: text('refusal_comment'),
    status: text('status').$type<SignerStatus>().notNull().default('before'),
    actionAt: tstz('action_at'),
    invitedAt: tstz('invited_at'),
    mailReminders: integer('mail_reminders').notNull().default(0),
    smsReminders: integer('sms_reminders').notNull().default(0),
    lastReminderAt: tstz('last_reminder_at'),
    /** When the sweep sends the next reminder per channel; null = none planned (see reminders.ts). */
    nextMailReminderAt: tstz('next_mail_reminder_at'),
    nextSmsReminderAt: tstz('next_sms_reminder_at'),
    /** Set when the cancellation mail went out: cancelling twice mails once. */
    cancelNotifiedAt: tstz('cancel_notified_at'),
    /**
     * Delegation (option allowDelegation, docs/signing-page.md): a participant who handed the request over is
     * `delegated` and names their delegate, why, when and from where; the delegate's row names who handed over to
     * them and takes the same signerIndex (so the same fields and place in the order). No foreign keys: both rows
     * live and die with their request.
     */
    delegatedToSignerId: uuid('delegated_to_signer_id'),
    delegationReason: text('delegation_reason'),
    delegatedAt: tstz('delegated_at'),
    delegationIp: text('delegation_ip'),
    delegatedFromSignerId: uuid('delegated_from_signer_id'),
    createdAt: createdAt(),
  },
  (t) => [
    // One acting participant per place: those who handed it over keep their signerIndex beside their delegate's.
    uniqueIndex('signers_request_index_unique')
      .on(t.requestId, t.signerIndex)
      .where(sql`status <> 'delegated'`),
    index('signers_app_request_idx').on(t.appId, t.requestId),
    // A person's requests by their address (GDPR export and erasure, contacts still in use).
    index('signers_app_email_idx').on(t.appId, sql`lower(${t.email})`),
    index('signers_next_mail_reminder_idx').on(t.nextMailReminderAt),
    index('signers_next_sms_reminder_idx').on(t.nextSmsReminderAt),
    tenantPolicy('signers'),
  ],
).enableRLS();

/** A document of a request; the file itself is in the storage under `storageKey`. */
export const signatureDocuments = pgTable(
  'signature_documents',
  {
    id: id(),
    appId: appId(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    documentType: text('document_type').$type<DocumentType>().notNull().default('pdf'),
    fileType: text('file_type').$type<DocumentFileType>().notNull().default('classic'),
    fileName: text('file_name').notNull(),
    checkBoxTexts: jsonb('check_box_texts').$type<string[]>().notNull().default([]),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    pageCount: integer('page_count').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('signature_documents_app_request_idx').on(t.appId, t.requestId, t.position), tenantPolicy('signature_documents')],
).enableRLS();

/** Where a signer (or the stamp, signerIndex -1) signs on a document; page -1 = last page. */
export const signatureFields = pgTable(
  'signature_fields',
  {
    id: id(),
    appId: appId(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => signatureDocuments.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    name: text('name').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    /** PDF points; null on fields stored before fields had a size (they are 150 × 60). */
    width: doublePrecision('width'),
    height: doublePrecision('height'),
    signerIndex: integer('signer_index').notNull(),
  },
  (t) => [index('signature_fields_app_document_idx').on(t.appId, t.documentId), tenantPolicy('signature_fields')],
).enableRLS();

/**
 * The evidence trail of a request (issue 5): append-only and hash-chained per request. `hash` =
 * sha256(prev_hash || canonical JSON of the row); `seq` orders the chain (0, 1, …) and is unique per request, so
 * a deleted or inserted row breaks the chain too. Written in the same transaction as the change it records,
 * under the request's row lock. See evidence.ts.
 */
export const signatureEvents = pgTable(
  'signature_events',
  {
    id: id(),
    appId: appId(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    /** No foreign key: the evidence names the signer even if the row changes. */
    signerId: uuid('signer_id'),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('signature_events_request_seq_unique').on(t.requestId, t.seq),
    index('signature_events_app_request_idx').on(t.appId, t.requestId),
    tenantPolicy('signature_events'),
  ],
).enableRLS();

/** `sealed`: the prepared file sealed by the company before signing (Options.stampBeforeSigning), the stamps history's file. */
export type DocumentVersionKind = 'prepared' | 'sealed' | 'signed' | 'completed';

/**
 * Every stored state of a document: the original stays in signature_documents; `prepared` (fields + test
 * watermark), one `signed` per signature (incremental: each is a byte prefix of the next) and `completed`
 * (DSS + document time-stamp). The highest version is the current one.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: id(),
    appId: appId(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => signatureDocuments.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    kind: text('kind').$type<DocumentVersionKind>().notNull(),
    signerId: uuid('signer_id'),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Prepared fields with their resolved rectangles: [{name, signerIndex, page, x, y, width, height}]. */
    fields: jsonb('fields').$type<PreparedFieldRow[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('document_versions_document_version_unique').on(t.documentId, t.version),
    index('document_versions_app_idx').on(t.appId),
    tenantPolicy('document_versions'),
  ],
).enableRLS();

export interface PreparedFieldRow {
  name: string;
  signerIndex: number;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The SEPA mandate of a request sent with pre-processing (docs/signatures.md "SEPA pre-processing"): the terms
 * reserved at send (the RUM is unique per creditor ICS within the tenant, even once the request is cancelled: a
 * reference a debtor may have seen is never given to another mandate), and the mandate document once generated.
 */
export const sepaMandates = pgTable(
  'signature_sepa_mandates',
  {
    id: id(),
    appId: appId(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    /** The debtor: the first acting signer, who signs the mandate. */
    signerId: uuid('signer_id')
      .notNull()
      .references(() => signers.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id').references(() => signatureDocuments.id, { onDelete: 'set null' }),
    rum: text('rum').notNull(),
    ics: text('ics').notNull(),
    type: text('type').$type<'recurrent' | 'oneOff'>().notNull(),
    debtorName: text('debtor_name').notNull(),
    debtorAddress: text('debtor_address').notNull(),
    iban: text('iban').notNull(),
    bic: text('bic'),
    /** When the debtor signed (the signed-mandates list shows only these). */
    signedAt: tstz('signed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('signature_sepa_mandates_creditor_rum_unique').on(t.appId, t.ics, t.rum),
    uniqueIndex('signature_sepa_mandates_request_unique').on(t.requestId),
    index('signature_sepa_mandates_app_signed_idx').on(t.appId, t.signedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    tenantPolicy('signature_sepa_mandates'),
  ],
).enableRLS();

/** A version row as written (the bulk send writes the sealed versions with its other rows). */
export type NewVersionRow = typeof documentVersions.$inferInsert;
