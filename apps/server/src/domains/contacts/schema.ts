import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ContactField, ImportRowReason, ImportStatus } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { createdAt, id, tenantPolicy, tstz, updatedAt } from '../../platform/db/schema/common.ts';

const appId = () =>
  uuid('app_id')
    .notNull()
    .references(() => applications.id);

/**
 * The address book (spec §3 Contact): people a requester picks as signers. `mail` is stored lower-case and unique
 * per tenant (the upsert of the import relies on that index: `on conflict (app_id, mail)`).
 */
export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    appId: appId(),
    mail: text('mail').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    civility: text('civility').$type<'M' | 'MME' | 'OTHER'>(),
    title: text('title'),
    company: text('company'),
    phoneNumber: text('phone_number'),
    mobile: text('mobile'),
    lang: text('lang').notNull(),
    address: text('address'),
    additionalAddress: text('additional_address'),
    /**
     * What a search looks in, lower-cased once at write time (names, e-mail, company): one `like '%…%'` over one
     * column instead of four `ilike`, served by a trigram index (docs/lists.md).
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower("firstname" || ' ' || "lastname" || ' ' || "mail" || ' ' || coalesce("company", ''))`),
    /**
     * The name order's key, lower-cased at write time: a keyset page by name compares this plain column, which the
     * planner may use as an index condition under row level security (`lower(lastname)` there is a function it deems
     * possibly leaky, so a cursor page by name read every entry before it; docs/lists.md "Deep pages").
     */
    lastnameKey: text('lastname_key')
      .notNull()
      .generatedAlwaysAs(sql`lower("lastname")`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contacts_app_mail_unique').on(t.appId, t.mail),
    // The list's default order (newest first) and the name order: the first page reads 20 index entries.
    index('contacts_app_created_idx').on(t.appId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('contacts_app_lastname_key_idx').on(t.appId, t.lastnameKey, t.id),
    // The search (pg_trgm, migration 0013).
    index('contacts_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    tenantPolicy('contacts'),
  ],
).enableRLS();

/** One spreadsheet import: the stored file, its preview, the mapping chosen, progress and counters. */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: id(),
    appId: appId(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    status: text('status').$type<ImportStatus>().notNull().default('uploaded'),
    preview: jsonb('preview').$type<Record<string, unknown>>().notNull(),
    /** Non-blank rows of the sheet, the first line included (counted at upload). */
    sheetRows: integer('sheet_rows').notNull(),
    mapping: jsonb('mapping').$type<Partial<Record<ContactField, number>>>(),
    ignoreFirstLine: boolean('ignore_first_line'),
    totalRows: integer('total_rows'),
    /** Data rows done (committed chunks): a resumed job starts after them. */
    processedRows: integer('processed_rows').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    warnings: integer('warnings').notNull().default(0),
    domainCheck: text('domain_check').$type<'on' | 'off'>().notNull().default('on'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [index('contact_imports_app_created_idx').on(t.appId, t.createdAt.desc().nullsFirst()), tenantPolicy('contact_imports')],
).enableRLS();

/** The skipped and warned rows of an import (imported rows without a warning leave no row here). */
export const contactImportRows = pgTable(
  'contact_import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => contactImports.id, { onDelete: 'cascade' }),
    appId: appId(),
    /** The row's line in the file, 1-based as a spreadsheet shows it. */
    line: integer('line').notNull(),
    outcome: text('outcome').$type<'skipped' | 'warning'>().notNull(),
    reasons: jsonb('reasons').$type<ImportRowReason[]>().notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.line] }),
    index('contact_import_rows_outcome_idx').on(t.importId, t.outcome, t.line),
    tenantPolicy('contact_import_rows'),
  ],
).enableRLS();
