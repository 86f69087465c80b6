import { z } from 'zod';
import { itemEnvelope, keysetPageFields, uuidSchema } from '../shared/common.ts';

/**
 * Webhooks (docs/webhooks.md): a tenant's endpoints receive the domain events they chose, signed following the
 * Standard Webhooks convention. The names are the domain events' own (packages/contracts/src/<domain>/events.ts),
 * so a payload's `type` is the event the rest of the product speaks of; `webhook.test` is the "send test event".
 */
export const webhookEventTypes = [
  'signature.sent',
  'signature.signer_viewed',
  'signature.signer_signed',
  'signature.signer_refused',
  'signature.signer_delegated',
  'signature.signed',
  'signature.completed',
  'signature.refused',
  'signature.expired',
  'signature.canceled',
  'signature.failed',
  'campaign.dispatched',
  'campaign.completed',
  'operation.dispatched',
  'operation.finished',
  'billing.invoice_issued',
  'timestamp.created',
  'stamp.created',
] as const;
export const webhookEventTypeSchema = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;
export const webhookTestEventType = 'webhook.test';

/** The headers of every delivery (Standard Webhooks). */
export const webhookHeaders = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const;

const description = z.string().trim().max(500);
const url = z.string().trim().min(1).max(2000);
const events = z.array(webhookEventTypeSchema).min(1, { message: 'Choose at least one event.' }).max(webhookEventTypes.length);

export const webhookEndpointCreateSchema = z.object({ url, description: description.default(''), events, enabled: z.boolean().default(true) });
export const webhookEndpointUpdateSchema = z.object({
  url: url.optional(),
  description: description.optional(),
  events: events.optional(),
  enabled: z.boolean().optional(),
});
export type WebhookEndpointCreate = z.input<typeof webhookEndpointCreateSchema>;
export type WebhookEndpointUpdate = z.infer<typeof webhookEndpointUpdateSchema>;

export const webhookEndpointSchema = z.object({
  id: uuidSchema,
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why the platform switched it off (`failing`), null when enabled or switched off by a user. */
  disabledReason: z.enum(['failing']).nullable(),
  /** While a rotated secret's grace lasts, deliveries carry a signature with the old secret as well. */
  previousSecretExpiresAt: z.string().nullable(),
  /** First failure since the last success; null when the last attempt succeeded. */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
/** Create and rotate answer the signing secret (`whsec_…`) once: it is never shown again. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;
export const webhookEndpointResponse = itemEnvelope(webhookEndpointSchema);
export const webhookEndpointWithSecretResponse = itemEnvelope(webhookEndpointWithSecretSchema);
export const webhookEndpointListResponse = z.object({ data: z.array(webhookEndpointSchema) });

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export const webhookDeliverySchema = z.object({
  id: uuidSchema,
  endpointId: uuidSchema,
  /** The `webhook-id` header: the same on every attempt and replay (receivers deduplicate on it). */
  messageId: uuidSchema,
  eventType: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  /** The JSON body sent, exactly. */
  requestBody: z.string(),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  /** Why the last attempt failed without an HTTP answer (timeout, refused address…). */
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** Keyset paging, newest first: `cursor` is the previous page's `nextCursor`, opaque. */
export const webhookDeliveryListQuerySchema = z.object({
  ...keysetPageFields,
  status: z.enum(webhookDeliveryStatuses).optional(),
});
export const webhookDeliveryPageSchema = z.object({ data: z.array(webhookDeliverySchema), nextCursor: z.string().nullable() });
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;
export const webhookDeliveryResponse = itemEnvelope(webhookDeliverySchema);
export const webhookDeliveryParamsSchema = z.object({ id: uuidSchema, deliveryId: uuidSchema });
