import { z } from 'zod';
import { itemEnvelope, listEnvelope, listQuerySchema, uuidSchema } from '../shared/common.ts';

/** Mail and SMS the platform sends (SMTP / SMS gateway) or captures (no transport configured, test-mode tenants). */
export const outboxChannelSchema = z.enum(['email', 'sms']);
/**
 * queued: its delivery attempt is due; retrying: an attempt failed (`error`), the next is at `nextAttemptAt`;
 * sent; failed: the retries lasted their whole schedule (MAIL_RETRY_HOURS) without success — nothing more happens
 * until an administrator sends it again; captured: kept in the outbox only.
 */
export const outboxStatusSchema = z.enum(['queued', 'retrying', 'captured', 'sent', 'failed']);
export type OutboxStatus = z.infer<typeof outboxStatusSchema>;

/** How a message stands for the person who sent it: delivered (sent, or captured), waiting (queued, retrying), failed. */
export type DeliveryBucket = 'delivered' | 'waiting' | 'failed';
export function deliveryBucketOf(status: OutboxStatus): DeliveryBucket {
  return status === 'sent' || status === 'captured' ? 'delivered' : status === 'failed' ? 'failed' : 'waiting';
}
/**
 * A campaign's or an operation's invitations (every invitation mail or SMS of its copies, the next steps' included):
 * delivered, waiting (queued or being retried: the mail server refused or could not be reached), failed.
 */
export const invitationDeliverySchema = z.object({ delivered: z.number().int(), waiting: z.number().int(), failed: z.number().int() });
export type InvitationDelivery = z.infer<typeof invitationDeliverySchema>;
export const outboxMessageSchema = z.object({
  id: uuidSchema,
  appId: uuidSchema.nullable(),
  channel: outboxChannelSchema,
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  template: z.string(),
  language: z.string(),
  status: outboxStatusSchema,
  /** Why the last attempt failed (kept while the message waits for its next attempt). */
  error: z.string().nullable(),
  /** Delivery attempts made so far (a re-queuing is not one). */
  attemptCount: z.number().int(),
  lastAttemptAt: z.string().nullable(),
  /** When the next automatic attempt is planned (retrying only). */
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxListQuerySchema = listQuerySchema.extend({
  channel: outboxChannelSchema.optional(),
  to: z.string().max(254).optional(),
  /** One status, or `undelivered`: retrying and failed. */
  status: z.union([outboxStatusSchema, z.literal('undelivered')]).optional(),
});
/** `additionnalData` of the list: messages not delivered, whatever the filter (the Outbox badge). */
export const outboxListAdditionalDataSchema = z.object({ undelivered: z.number().int(), retrying: z.number().int(), failed: z.number().int() });
export const outboxListResponse = listEnvelope(outboxMessageSchema);
export const outboxMessageResponse = itemEnvelope(outboxMessageSchema);
/** Re-queued messages (POST resend endpoints). */
export const outboxResendResponse = itemEnvelope(z.object({ requeued: z.number().int(), messages: z.array(outboxMessageSchema) }));
