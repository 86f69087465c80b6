import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantPolicy, tstz } from './common.ts';

export interface OutboxAttachment {
  fileName: string;
  contentType: string;
  storageKey: string;
  sizeBytes: number;
}

/** Every mail and SMS the product sends: delivery status for SMTP/HTTP, the whole message when captured. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    appId: uuid('app_id'),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    to: text('recipient').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    template: text('template').notNull(),
    /** Files sent with a mail, by storage reference (the bytes stay in the storage). */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    language: text('language').notNull(),
    status: text('status').$type<'queued' | 'captured' | 'sent' | 'failed'>().notNull().default('queued'),
    error: text('error'),
    attempts: jsonb('attempts').$type<{ at: string; error?: string }[]>().notNull().default([]),
    createdAt: createdAt(),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    index('outbox_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Platform messages (app_id null) are never visible from a tenant-scoped transaction.
    tenantPolicy('outbox_messages'),
  ],
).enableRLS();

/** Who did what, in the same transaction as the change. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    appId: uuid('app_id'),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_target_idx').on(t.targetType, t.targetId),
    tenantPolicy('audit_events'),
  ],
).enableRLS();

/** Small key/value store for instance-wide state (secret bootstrap, first-start marker). */
export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: createdAt(),
});
