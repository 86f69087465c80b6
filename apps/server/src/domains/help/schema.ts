import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { HelpCategory, HelpContext } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { createdAt, id, tenantPolicy, tstz } from '../../platform/db/schema/common.ts';

/**
 * Help requests (spec §1 "a help request form"): what a user asked, with the context the browser and the server
 * add, sent to the product administrator and to the tenant's support address (docs/help-and-maintenance.md).
 */
export const helpRequests = pgTable(
  'help_requests',
  {
    id: id(),
    appId: uuid('app_id')
      .notNull()
      .references(() => applications.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    category: text('category').$type<HelpCategory>().notNull(),
    message: text('message').notNull(),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    context: jsonb('context').$type<HelpContext>().notNull(),
    attachmentKey: text('attachment_key'),
    attachmentName: text('attachment_name'),
    attachmentType: text('attachment_type'),
    attachmentSize: integer('attachment_size'),
    /** Where the tenant's copy went: its `supportEmail` setting, else its owner's e-mail (null: nobody). */
    supportEmail: text('support_email'),
    createdAt: createdAt(),
    closedAt: tstz('closed_at'),
  },
  (t) => [index('help_requests_created_idx').on(t.createdAt.desc(), t.id.desc()), index('help_requests_app_idx').on(t.appId), tenantPolicy('help_requests')],
).enableRLS();

export type HelpRequestRow = typeof helpRequests.$inferSelect;
export type NewHelpRequestRow = typeof helpRequests.$inferInsert;
