import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { NotificationType } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { createdAt, id, tenantPolicy, tstz } from '../../platform/db/schema/common.ts';

const appId = () =>
  uuid('app_id')
    .notNull()
    .references(() => applications.id);

/** In-app notifications of a user, written in the same transaction as the change they report. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    appId: appId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    readAt: tstz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_app_user_created_idx').on(t.appId, t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The unread count shown with every page: only the unread rows are indexed (a user may keep thousands read).
    index('notifications_unread_idx')
      .on(t.appId, t.userId)
      .where(sql`read_at is null`),
    tenantPolicy('notifications'),
  ],
).enableRLS();
