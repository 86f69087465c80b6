import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid, boolean } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type {
  CampaignStatus,
  CampaignType,
  CertificationLevel,
  ContactImport,
  ImportRowReason,
  MergeDocumentData,
  SignatoryStatus,
  SignatureOptions,
} from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { createdAt, id, tenantPolicy, tstz, updatedAt } from '../../platform/db/schema/common.ts';

const appId = () =>
  uuid('app_id')
    .notNull()
    .references(() => applications.id);

/**
 * A campaign: one set of documents and options, many signatories, each of whom gets their own signature request
 * (a "copy", signature_requests.source = 'campaign'). The counters follow the signatories' statuses (one column per
 * status, changed in the transaction that changes a signatory), so the list and the view never count 100,000 rows.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    appId: appId(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').$type<CampaignType>().notNull().default('campain'),
    label: text('label').notNull(),
    description: text('description'),
    status: text('status').$type<CampaignStatus>().notNull().default('draft'),
    level: integer('level').$type<CertificationLevel>().notNull().default(1),
    options: jsonb('options').$type<SignatureOptions>().notNull(),
    signatoryCount: integer('signatory_count').notNull().default(0),
    nDraft: integer('n_draft').notNull().default(0),
    nQueued: integer('n_queued').notNull().default(0),
    nSent: integer('n_sent').notNull().default(0),
    nOpened: integer('n_opened').notNull().default(0),
    nSigned: integer('n_signed').notNull().default(0),
    nRefused: integer('n_refused').notNull().default(0),
    nExpired: integer('n_expired').notNull().default(0),
    nCanceled: integer('n_canceled').notNull().default(0),
    nFailed: integer('n_failed').notNull().default(0),
    /** Copies made so far (whatever happened to them since). */
    dispatched: integer('dispatched').notNull().default(0),
    sentAt: tstz('sent_at'),
    dispatchStartedAt: tstz('dispatch_started_at'),
    dispatchFinishedAt: tstz('dispatch_finished_at'),
    completedAt: tstz('completed_at'),
    canceledAt: tstz('canceled_at'),
    deletedAt: tstz('deleted_at'),
    archiveKey: text('archive_key'),
    archiveGeneratedAt: tstz('archive_generated_at'),
    /** GDPR retention (docs/gdpr.md): when its files (documents, merge PDFs, imports, archive) and its people's data were purged. */
    documentsPurgedAt: tstz('documents_purged_at'),
    signerDataPurgedAt: tstz('signer_data_purged_at'),
    /** Mail-merge: the template, the mapping of its variables and the signatory's fields (docs/campaigns.md). */
    mergeDocument: jsonb('merge_document').$type<StoredMergeDocument>(),
    /** The keys of the signatories' `data`, in order of first appearance (the columns a mapping may name). */
    dataKeys: jsonb('data_keys').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('campaigns_app_created_idx').on(t.appId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('campaigns_app_status_idx').on(t.appId, t.status),
    tenantPolicy('campaigns'),
  ],
).enableRLS();

/** A document of a campaign, stored ONCE: every copy's signature_documents row references the same storage key. */
export const campaignDocuments = pgTable(
  'campaign_documents',
  {
    id: id(),
    appId: appId(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    documentType: text('document_type').$type<'pdf' | 'pdf-for-presentation' | 'pdf-optional'>().notNull().default('pdf'),
    fileName: text('file_name').notNull(),
    checkBoxTexts: jsonb('check_box_texts').$type<string[]>().notNull().default([]),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    pageCount: integer('page_count').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The signatory's fields (signerIndex 0): [{page, name, x, y, width, height, signerIndex}]. */
    fields: jsonb('fields').$type<CampaignField[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('campaign_documents_campaign_idx').on(t.appId, t.campaignId, t.position),
    index('campaign_documents_storage_key_idx').on(t.storageKey),
    tenantPolicy('campaign_documents'),
  ],
).enableRLS();

/** The merge document as stored: the input, its fields sized, and the template's file name and variables at save time. */
export type StoredMergeDocument = Omit<MergeDocumentData, 'title' | 'signatureFields'> & {
  title: string;
  signatureFields: CampaignField[];
  templateFileName: string;
  variables: string[];
};

export interface CampaignField {
  page: number;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  signerIndex: number;
}

/** One signatory of a campaign: their identity, variables, and where their copy stands. */
export const campaignSignatories = pgTable(
  'campaign_signatories',
  {
    id: id(),
    appId: appId(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** Order in the campaign (typed order, then import order), from 0. */
    rowIndex: integer('row_index').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    /**
     * What a search looks in: first name, last name and e-mail, lower-cased by the database (as contacts'): a search
     * is one LIKE of one column — at 1,000,000 signatories, ILIKE on three columns cost 29 ms to find a broad search's
     * first 1,001 matches where LIKE on this one costs 5 to 11 (docs/lists.md "Signatories, orders and invoices at 1,000,000").
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower("firstname" || ' ' || "lastname" || ' ' || "email")`),
    phone: text('phone'),
    language: text('language').notNull(),
    /** Variables for mail-merge (column name → value). */
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    /** The CRM contact id (HubSpot's): their copy's signer carries it (signers.connector_idc) for the write-back. */
    connectorIdc: text('connector_idc'),
    status: text('status').$type<SignatoryStatus>().notNull().default('draft'),
    /** The copy (no foreign key: the evidence of a deleted request is gone, the row says what was sent). */
    requestId: uuid('request_id'),
    signerId: uuid('signer_id'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: tstz('sent_at'),
    /** Set when the campaign's cancel job asked the copy to be cancelled (it is asked once). */
    cancelRequestedAt: tstz('cancel_requested_at'),
    /**
     * Mail-merge: this signatory's filled PDF, generated at dispatch before their copy is made (and kept by the
     * storage sweep through this row). `mergeLeaseUntil`: a dispatch run is generating it (another run skips it);
     * `mergeLeaseOwner`: the worker that took the lease (platform/instance.ts), so that at its restart it takes back
     * at once the rows its previous life held, instead of waiting for the lease's end.
     */
    mergeStorageKey: text('merge_storage_key'),
    mergeSha256: text('merge_sha256'),
    mergePageCount: integer('merge_page_count'),
    mergeSizeBytes: integer('merge_size_bytes'),
    mergeLeaseUntil: tstz('merge_lease_until'),
    mergeLeaseOwner: text('merge_lease_owner'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('campaign_signatories_campaign_email_unique').on(t.campaignId, t.email),
    index('campaign_signatories_campaign_status_idx').on(t.campaignId, t.status, t.rowIndex),
    index('campaign_signatories_campaign_row_idx').on(t.campaignId, t.rowIndex),
    index('campaign_signatories_request_idx').on(t.requestId),
    index('campaign_signatories_merge_key_idx').on(t.mergeStorageKey),
    // Leases released at a worker's start: only the few rows under a lease are indexed.
    index('campaign_signatories_merge_lease_owner_idx')
      .on(t.mergeLeaseOwner)
      .where(sql`merge_lease_owner is not null`),
    // Pacing: the copies a tenant made in the last minute.
    index('campaign_signatories_app_sent_idx').on(t.appId, t.sentAt),
    // The search's trigram lookup, with the campaign and the status as GIN keys (btree_gin, migration 0052): a
    // search with a status filter in a campaign of 1,000,000 reads only that campaign's matches of that status. One
    // index of the search text (migration 0057) where there were three, one per column: one scan, not a BitmapOr.
    index('campaign_signatories_search_status_trgm_idx').using('gin', t.campaignId, t.status, t.searchText.op('gin_trgm_ops')),
    tenantPolicy('campaign_signatories'),
  ],
).enableRLS();

export type ImportOutcomeReason = ImportRowReason | 'already_in_campaign' | 'too_many_signatories';

/** A spreadsheet import of signatories into a draft campaign (the address book's row rules). */
export const campaignImports = pgTable(
  'campaign_imports',
  {
    id: id(),
    appId: appId(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    preview: jsonb('preview').$type<ContactImport['preview']>().notNull(),
    sheetRows: integer('sheet_rows').notNull(),
    status: text('status').$type<'uploaded' | 'queued' | 'running' | 'done' | 'failed'>().notNull().default('uploaded'),
    mapping: jsonb('mapping').$type<Record<string, number>>(),
    variables: jsonb('variables').$type<Record<string, number>>(),
    ignoreFirstLine: boolean('ignore_first_line'),
    totalRows: integer('total_rows'),
    processedRows: integer('processed_rows').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    warnings: integer('warnings').notNull().default(0),
    /** The first 1,000 skipped or warned rows. */
    rows: jsonb('rows').$type<{ line: number; outcome: 'skipped' | 'warning'; reasons: ImportOutcomeReason[] }[]>().notNull().default([]),
    domainCheck: text('domain_check').$type<'on' | 'off'>().notNull(),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [index('campaign_imports_campaign_idx').on(t.appId, t.campaignId), tenantPolicy('campaign_imports')],
).enableRLS();
