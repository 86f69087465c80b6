import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CertificationLevel, OperationStatus, PersonLanguage, OrderStatus, SignatureOptions, SignerRole } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { createdAt, id, tenantPolicy, tstz, updatedAt } from '../../platform/db/schema/common.ts';

const appId = () =>
  uuid('app_id')
    .notNull()
    .references(() => applications.id);

/**
 * An operation (a "batch", docs/operations.md): a pool of documents and the options every order's request uses; each
 * order becomes its own signature request (signature_requests.source = 'operation'). One counter per order status,
 * moved in the transaction that moves an order, so lists and views never count 100,000 rows.
 */
export const operations = pgTable(
  'operations',
  {
    id: id(),
    appId: appId(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    label: text('label').notNull().default(''),
    description: text('description'),
    status: text('status').$type<OperationStatus>().notNull().default('draft'),
    level: integer('level').$type<CertificationLevel>().notNull().default(1),
    options: jsonb('options').$type<SignatureOptions>().notNull(),
    orderCount: integer('order_count').notNull().default(0),
    nDraft: integer('n_draft').notNull().default(0),
    nBeforeSend: integer('n_before_send').notNull().default(0),
    nPending: integer('n_pending').notNull().default(0),
    nReady: integer('n_ready').notNull().default(0),
    nCompleted: integer('n_completed').notNull().default(0),
    nFailed: integer('n_failed').notNull().default(0),
    nCanceled: integer('n_canceled').notNull().default(0),
    nExpired: integer('n_expired').notNull().default(0),
    /** Requests made so far (whatever happened to them since). */
    dispatched: integer('dispatched').notNull().default(0),
    /** Set by the first save: a draft never saved is swept after a day (GET batches/ids makes drafts freely). */
    savedAt: tstz('saved_at'),
    sentAt: tstz('sent_at'),
    dispatchStartedAt: tstz('dispatch_started_at'),
    dispatchFinishedAt: tstz('dispatch_finished_at'),
    completedAt: tstz('completed_at'),
    canceledAt: tstz('canceled_at'),
    archiveKey: text('archive_key'),
    archiveGeneratedAt: tstz('archive_generated_at'),
    /** Made from a request template: what each order starts from (order-model.ts); null when made by hand. */
    orderModel: jsonb('order_model').$type<OrderModel>(),
    /** GDPR retention (docs/gdpr.md): when its files (the pool, the archive) and its orders' people were purged. */
    documentsPurgedAt: tstz('documents_purged_at'),
    signerDataPurgedAt: tstz('signer_data_purged_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('operations_app_created_idx').on(t.appId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('operations_app_status_idx').on(t.appId, t.status),
    tenantPolicy('operations'),
  ],
).enableRLS();

/** A document of the pool, stored ONCE: every order naming its file references the same storage key. */
export const operationDocuments = pgTable(
  'operation_documents',
  {
    id: id(),
    appId: appId(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    title: text('title').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    pageCount: integer('page_count').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('operation_documents_file_unique').on(t.operationId, t.fileName),
    index('operation_documents_storage_key_idx').on(t.storageKey),
    tenantPolicy('operation_documents'),
  ],
).enableRLS();

/**
 * How many orders of an operation name each file (the pool's "orders" column, docs/lists.md "Signatories, orders and invoices at 1,000,000"). Kept
 * by the database itself — statement triggers on operation_orders' inserts, deletes and changes of the file name
 * (migration 0057) —, so no code path can forget it and the operation's view reads one row per file instead of
 * grouping its orders (316 ms and 43,000 buffers at 1,000,000 orders). A name may be counted before its file joins
 * the pool (orders are imported first); a row at 0 is removed.
 */
export const operationDocumentUsage = pgTable(
  'operation_document_usage',
  {
    appId: appId(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    documentName: text('document_name').notNull(),
    orders: integer('orders').notNull(),
  },
  (t) => [primaryKey({ columns: [t.operationId, t.documentName] }), tenantPolicy('operation_document_usage')],
).enableRLS();

export interface OrderSigner {
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  language: PersonLanguage;
  role: SignerRole;
  /** Parallel signing: signers of the order sharing a step sign together; absent or null = their own (position + 1). */
  step?: number | null;
}
export interface OrderField {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  signerIndex: number;
}

/**
 * What every order of an operation made from a request template starts from (docs/operations.md "From a template"; order-model.ts applies it),
 * copied from the template version at creation: later edits of the template do not change a draft under way, as a
 * request keeps the version it was made from.
 */
export interface OrderModel {
  templateId: string;
  templateName: string;
  version: number;
  /** The pool's file every order signs unless its row names another. */
  document: string;
  /** Signer n of an order is role n: its kind and step; a prefilled person stands in when a row leaves that signer out. */
  roles: {
    name: string;
    role: SignerRole;
    step: number | null;
    prefill: { firstname: string; lastname: string; email: string; phone: string | null; language: PersonLanguage | null } | null;
  }[];
  /** The template document's fields, by role index: given to the signers an order places nowhere on that document. */
  fields: OrderField[];
}

/** An order: its signers, the file name of its document, its fields, and where its request stands. */
export const operationOrders = pgTable(
  'operation_orders',
  {
    id: id(),
    appId: appId(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    rowIndex: integer('row_index').notNull(),
    signers: jsonb('signers').$type<OrderSigner[]>().notNull(),
    documentName: text('document_name').notNull(),
    fields: jsonb('fields').$type<OrderField[]>().notNull().default([]),
    /** What a search looks in: the signers' names and e-mails and the file name (lower-case). */
    searchText: text('search_text').notNull().default(''),
    status: text('status').$type<OrderStatus>().notNull().default('draft'),
    /** The order's request (no foreign key: a deleted request's row still says what was sent). */
    requestId: uuid('request_id'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: tstz('sent_at'),
    /** Set when the cancel job asked the request to be cancelled (asked once). */
    cancelRequestedAt: tstz('cancel_requested_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('operation_orders_status_idx').on(t.operationId, t.status, t.rowIndex),
    uniqueIndex('operation_orders_row_unique').on(t.operationId, t.rowIndex),
    index('operation_orders_request_idx').on(t.requestId),
    // The search's trigram lookup with the operation and the status as GIN keys (btree_gin, migration 0052).
    index('operation_orders_search_status_trgm_idx').using('gin', t.operationId, t.status, t.searchText.op('gin_trgm_ops')),
    tenantPolicy('operation_orders'),
  ],
).enableRLS();

/**
 * The order import's remembered mapping ("remember this mapping", docs/operations.md "Import"): one per tenant, each
 * field (the template's name, `signer1_email`) with the header text of the column it was read from. The next
 * sheet's columns of the same header (case and accents aside) get the same fields before any guess.
 */
export const operationImportMappings = pgTable(
  'operation_import_mappings',
  {
    appId: appId().primaryKey(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  () => [tenantPolicy('operation_import_mappings')],
).enableRLS();
