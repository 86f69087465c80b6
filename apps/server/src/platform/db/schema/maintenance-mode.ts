import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { tstz, updatedAt } from './common.ts';

/**
 * The platform-wide maintenance flag (one row, id 1): set by the product administrator, read by every process
 * (cached a few seconds, platform/maintenance-mode.ts). Not tenant-scoped: it concerns every tenant.
 */
export const maintenanceMode = pgTable(
  'maintenance_mode',
  {
    id: smallint('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    message: text('message'),
    expectedEndAt: tstz('expected_end_at'),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [check('maintenance_mode_single_row', sql`${t.id} = 1`)],
);
