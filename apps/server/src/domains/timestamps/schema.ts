import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { FileTimestampKind } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { createdAt, id, tenantPolicy, tstz } from '../../platform/db/schema/common.ts';

/**
 * A file time-stamped by a tenant's user (docs/timestamps.md). The file itself is not kept: a PDF's output is the
 * time-stamped PDF (`output_key`); any other file's are its RFC 3161 token (`output_key`, .tsr) and a receipt PDF
 * (`receipt_key`).
 */
export const fileTimestamps = pgTable(
  'file_timestamps',
  {
    id: id(),
    appId: uuid('app_id')
      .notNull()
      .references(() => applications.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    kind: text('kind').$type<FileTimestampKind>().notNull(),
    outputKey: text('output_key').notNull(),
    receiptKey: text('receipt_key'),
    /** genTime of the token. */
    timestampedAt: tstz('timestamped_at').notNull(),
    tsaName: text('tsa_name').notNull(),
    serial: text('serial').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('file_timestamps_app_created_idx').on(t.appId, t.createdAt.desc(), t.id.desc()), tenantPolicy('file_timestamps')],
).enableRLS();
