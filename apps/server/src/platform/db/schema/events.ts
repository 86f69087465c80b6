import { index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { id, tenantPolicy, tstz } from './common.ts';

/**
 * The transactional outbox of domain events (platform/events): each state change writes its event here in its
 * own transaction, so a rolled-back change emits nothing. `app_id` has no foreign key: the platform layer knows
 * no domain table, and the event history outlives nothing it describes.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: id(),
    appId: uuid('app_id').notNull(),
    type: text('type').notNull(),
    actorUserId: uuid('actor_user_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    occurredAt: tstz('occurred_at').notNull().defaultNow(),
  },
  (t) => [
    index('domain_events_app_occurred_idx').on(t.appId, t.occurredAt.desc().nullsFirst()),
    index('domain_events_type_idx').on(t.type),
    tenantPolicy('domain_events'),
  ],
).enableRLS();

/**
 * One row per (event, subscriber) whose handler committed: written in the handler's transaction, so a retried
 * delivery of an event already handled changes nothing.
 */
export const domainEventReceipts = pgTable(
  'domain_event_receipts',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    subscriber: text('subscriber').notNull(),
    appId: uuid('app_id').notNull(),
    handledAt: tstz('handled_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.subscriber] }), tenantPolicy('domain_event_receipts')],
).enableRLS();
