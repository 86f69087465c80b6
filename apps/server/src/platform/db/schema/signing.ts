import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { signatureDocuments, signatureRequests, signers } from './signatures.ts';
import { createdAt, id, tenantPolicy, tstz } from './common.ts';

const appId = () =>
  uuid('app_id')
    .notNull()
    .references(() => applications.id);

/**
 * The evidence trail of a request (issue 5): append-only and hash-chained per request. `hash` =
 * sha256(prev_hash || canonical JSON of the row); `seq` orders the chain (0, 1, …) and is unique per request, so
 * a deleted or inserted row breaks the chain too. Written in the same transaction as the change it records,
 * under the request's row lock. See domains/signing/events.ts.
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
  (t) => [uniqueIndex('signature_events_request_seq_unique').on(t.requestId, t.seq), index('signature_events_app_request_idx').on(t.appId, t.requestId), tenantPolicy('signature_events')],
).enableRLS();

/** The one-time code of a signer (one row per signer, replaced at each send). Only its SHA-256 is kept. */
export const signerCodes = pgTable(
  'signer_codes',
  {
    signerId: uuid('signer_id')
      .primaryKey()
      .references(() => signers.id, { onDelete: 'cascade' }),
    appId: appId(),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    codeHash: text('code_hash'),
    sentAt: tstz('sent_at'),
    expiresAt: tstz('expires_at'),
    /** Wrong entries on the live code. */
    failedTries: integer('failed_tries').notNull().default(0),
    /** Start of the send window and codes sent in it (see signingCodeRules). */
    windowStartedAt: tstz('window_started_at'),
    sendsInWindow: integer('sends_in_window').notNull().default(0),
  },
  (t) => [tenantPolicy('signer_codes')],
).enableRLS();

export type DocumentVersionKind = 'prepared' | 'signed' | 'completed';

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
  (t) => [uniqueIndex('document_versions_document_version_unique').on(t.documentId, t.version), index('document_versions_app_idx').on(t.appId), tenantPolicy('document_versions')],
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
