import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { WebhookEventType } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { createdAt, id, tenantPolicy, tstz, updatedAt } from '../../platform/db/schema/common.ts';

const appId = () =>
  uuid('app_id')
    .notNull()
    .references(() => applications.id);

/**
 * A tenant's webhook endpoint. The signing secret is stored sealed (AES-256-GCM under a key derived from the
 * instance secret): it must be read back to sign, so it cannot be hashed. During a rotation's grace the previous
 * secret signs as well, until `previous_secret_expires_at`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    appId: appId(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: jsonb('events').$type<WebhookEventType[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason').$type<'failing'>(),
    sealedSecret: text('sealed_secret').notNull(),
    previousSealedSecret: text('previous_sealed_secret'),
    previousSecretExpiresAt: tstz('previous_secret_expires_at'),
    /** The first failed attempt since the last success (null: healthy); drives the automatic disabling. */
    failingSince: tstz('failing_since'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_app_idx').on(t.appId, t.createdAt), tenantPolicy('webhook_endpoints')],
).enableRLS();

/**
 * One message to one endpoint: created by the fan-out recorder in the transaction that emits the event (unique
 * per event and endpoint), then attempted by the dispatcher (dispatch.ts) until a 2xx or the end of the schedule.
 * The row is the whole state of its delivery: a dispatcher claims due rows for a lease, and a row whose lease
 * lapsed without an outcome (its process died) is due again.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    appId: appId(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The domain event's id (the `webhook-id` header), or a fresh id for a test event. */
    messageId: uuid('message_id').notNull(),
    eventType: text('event_type').notNull(),
    requestBody: text('request_body').notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    /** A replay starts a new round of attempts. */
    round: integer('round').notNull().default(0),
    /** A test event or a replay: sent even while the endpoint is disabled. */
    manual: boolean('manual').notNull().default(false),
    /** Attempts of the current round. */
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    error: text('error'),
    durationMs: integer('duration_ms'),
    nextAttemptAt: tstz('next_attempt_at'),
    deliveredAt: tstz('delivered_at'),
    /** The dispatcher batch that holds the row (null: none); its outcome is recorded only under this claim. */
    claimToken: uuid('claim_token'),
    /** The claim's end: past it, a row still pending is claimed again (at-least-once after a crash). */
    claimedUntil: tstz('claimed_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_message_key').on(t.endpointId, t.messageId),
    index('webhook_deliveries_log_idx').on(t.appId, t.endpointId, t.createdAt.desc(), t.id.desc()),
    index('webhook_deliveries_pending_idx')
      .on(t.endpointId)
      .where(sql`status = 'pending'`),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    tenantPolicy('webhook_deliveries'),
  ],
).enableRLS();
