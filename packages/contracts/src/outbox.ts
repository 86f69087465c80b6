import { z } from 'zod';
import { itemEnvelope, listEnvelope, listQuerySchema, uuidSchema } from './common.ts';

/** Mail and SMS captured by the in-app outbox (embedded default, and test-mode tenants). */
export const outboxChannelSchema = z.enum(['email', 'sms']);
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
  /** queued: waiting for (or retrying) delivery — `error` says why the last try failed; captured: kept in the outbox only. */
  status: z.enum(['queued', 'captured', 'sent', 'failed']),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxListQuerySchema = listQuerySchema.extend({
  channel: outboxChannelSchema.optional(),
  to: z.string().max(254).optional(),
});
export const outboxListResponse = listEnvelope(outboxMessageSchema);
export const outboxMessageResponse = itemEnvelope(outboxMessageSchema);
