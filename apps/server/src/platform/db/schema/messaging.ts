import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantPolicy, tstz, updatedAt } from './common.ts';

export interface OutboxAttachment {
  fileName: string;
  contentType: string;
  storageKey: string;
  sizeBytes: number;
}

/**
 * Delivery states: queued (its attempt is due) → sent, or → retrying (an attempt failed; the next one is planned,
 * see the last entry of `attempts`) → … → sent or failed (the last planned attempt failed: nothing more happens
 * until someone sends it again). captured: no transport configured, kept in the outbox only.
 */
export type OutboxStatus = 'queued' | 'retrying' | 'captured' | 'sent' | 'failed';
/**
 * One line of a message's history: a delivery attempt (`error` when it failed, `nextAttemptAt` when another is
 * planned), a deferral (`deferred`: throttled or paced, not a failure), or a re-queuing by an administrator
 * (`requeuedBy`). The number of entries versions the message: a
 * delivery job carries the count it was planned at, and one planned before a re-queuing finds it changed and
 * does nothing (no second send).
 */
export interface OutboxAttempt {
  at: string;
  error?: string;
  nextAttemptAt?: string;
  requeuedBy?: string;
  /**
   * Planned again without counting a failure: the server asked to slow down (SMTP 421/450/451/452, HTTP 429) or
   * the sending pace left no turn in time. The next attempt is at `nextAttemptAt`.
   */
  deferred?: string;
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
    status: text('status').$type<OutboxStatus>().notNull().default('queued'),
    error: text('error'),
    attempts: jsonb('attempts').$type<OutboxAttempt[]>().notNull().default([]),
    createdAt: createdAt(),
    sentAt: tstz('sent_at'),
    /**
     * What the message is about, for its sender domain (e.g. `signer:<id>` for an invitation or a reminder): lets
     * a domain tell its users that a mail about their request is not delivered, without reading the outbox.
     */
    about: text('about'),
    /**
     * The group whose delivery figures count this message (e.g. `campaign:<id>` for a campaign copy's invitation):
     * outbox_tallies keeps them, updated by triggers in the same statement as each status change (migration 0040).
     */
    tally: text('tally'),
  },
  (t) => [
    index('outbox_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('outbox_about_idx').on(t.about),
    // The list filtered by status (newest first) and the undelivered counts shown on every page of it.
    index('outbox_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // /healthz's oldest message waiting per channel: only the waiting rows, so a campaign of 100,000 sent mails (or
    // 100,000 SMS queued when mail is asked) is never walked.
    index('outbox_waiting_idx')
      .on(t.channel, t.createdAt)
      .where(sql`status in ('queued', 'retrying')`),
    // Platform messages (app_id null) are never visible from a tenant-scoped transaction.
    tenantPolicy('outbox_messages'),
  ],
).enableRLS();

/**
 * Delivery figures per group of messages (a campaign's or an operation's invitations): how many are delivered
 * (sent, or captured in the outbox when no transport is configured), waiting (queued, retrying) and failed. Kept by
 * the statement triggers of outbox_messages (migration 0040), so a view reads one row instead of counting 100,000.
 */
export const outboxTallies = pgTable(
  'outbox_tallies',
  {
    appId: uuid('app_id').notNull(),
    tally: text('tally').notNull(),
    delivered: integer('delivered').notNull().default(0),
    waiting: integer('waiting').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.tally] }), tenantPolicy('outbox_tallies')],
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
  (t) => [index('audit_target_idx').on(t.targetType, t.targetId), tenantPolicy('audit_events')],
).enableRLS();

/** Small key/value store for instance-wide state (secret bootstrap, first-start marker). */
export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: createdAt(),
});
