import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { BatchStatus, TemplateFormat, TemplateMapping } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { createdAt, id, tenantPolicy, tstz } from '../../platform/db/schema/common.ts';

const appId = () =>
  uuid('app_id')
    .notNull()
    .references(() => applications.id);

/**
 * A mail-merge template as uploaded (`storage_key`) and as filled (`docx_key`: the same file for a .docx, the
 * LibreOffice conversion of an .odt), with the variables found in it.
 */
export const mergeTemplates = pgTable(
  'merge_templates',
  {
    id: id(),
    appId: appId(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    format: text('format').$type<TemplateFormat>().notNull(),
    storageKey: text('storage_key').notNull(),
    docxKey: text('docx_key').notNull(),
    variables: jsonb('variables').$type<string[]>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('merge_templates_app_created_idx').on(t.appId, t.createdAt.desc().nullsFirst()), tenantPolicy('merge_templates')],
).enableRLS();

/**
 * One `batch/generate/pdf` job: the stored sheet, the mapping, the sheet lines to generate (each PDF is stored at a
 * key derived from its line, so a resumed job skips what is there), progress and failures.
 */
export const mergeBatches = pgTable(
  'merge_batches',
  {
    id: id(),
    appId: appId(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => mergeTemplates.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<BatchStatus>().notNull().default('queued'),
    sheetKey: text('sheet_key').notNull(),
    mapping: jsonb('mapping').$type<TemplateMapping>().notNull(),
    firstLineIsHeader: boolean('first_line_is_header').notNull(),
    /** The sheet's lines (1-based) that make a PDF, in order. */
    lines: jsonb('lines').$type<number[]>().notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    failures: jsonb('failures').$type<{ line: number; error: string }[]>().notNull().default([]),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    index('merge_batches_app_created_idx').on(t.appId, t.createdAt.desc().nullsFirst()),
    index('merge_batches_template_idx').on(t.templateId),
    tenantPolicy('merge_batches'),
  ],
).enableRLS();
