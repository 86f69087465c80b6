import { z } from 'zod';
import { itemEnvelope, listEnvelope, listQuerySchema, uuidSchema } from '../shared/common.ts';

/**
 * In-app notifications (spec §3 Notification). Signature types for now; campaigns, operations and bills add
 * theirs with the same `<object>.<event>` form.
 */
export const notificationTypes = [
  'signature.signed',
  'signature.refused',
  'signature.expired',
  'signature.failed',
  'signature.updated',
  'signature.canceled',
  'signature.archive',
  /** An address-book import ended: `{ importId, fileName }`. */
  'contact.import',
  /** A campaign's archive is ready, its dispatch ended, or every signatory answered: `{ campaignId }`. */
  'campaign.archive',
  'campaign.dispatched',
  /** An automatic payment failed (the tenant's owner, and the product administrator): `{ paymentId, tenantAppId }`. */
  'payment.failed',
  'campaign.completed',
  /** A qualified certificate changed (verified, rejected, activated, expired, renewal due): `{ certificateId }`. */
  'certificate.updated',
  /** An operation was sent, its dispatch ended, it finished, was cancelled, or its archive is ready: `{ operationId }`. */
  'batch.start',
  'batch.dispatched',
  'batch.end',
  'batch.cancel',
  'batch.archive',
  /** A user asked for help (the product administrator): `{ helpRequestId, tenantAppId }`. */
  'help.request',
  /** A webhook endpoint failed for days and was switched off (the tenant's owner): `{ endpointId, url }`. */
  'webhook.disabled',
  /** HubSpot refused the tenant's refresh token: the user who connected must connect again: `{ portalId }`. */
  'crm.reconnect',
] as const;
export const notificationTypeSchema = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const notificationSchema = z.object({
  id: uuidSchema,
  type: notificationTypeSchema,
  message: z.string(),
  /** What the notification is about, e.g. `{ requestId, label }`. */
  data: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = listQuerySchema.extend({
  read: z.enum(['true', 'false']).optional(),
  type: notificationTypeSchema.optional(),
});
/** `additionnalData.unread` carries the caller's unread count (the bell badge). */
export const notificationListResponse = listEnvelope(notificationSchema);
export const notificationResponse = itemEnvelope(notificationSchema);
export const notificationUpdateSchema = z.object({ read: z.boolean() });
export const notificationReadAllResponse = itemEnvelope(z.object({ updated: z.number().int() }));
