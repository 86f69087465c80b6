import type { WebhookDelivery, WebhookEndpoint } from '@paraphe/contracts';
import { iso } from '../../platform/http/envelope.ts';
import type { DeliveryRow, EndpointRow } from './repository.ts';

export const presentEndpoint = (row: EndpointRow, now: Date): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  disabledReason: row.enabled ? null : (row.disabledReason ?? null),
  previousSecretExpiresAt: row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt.toISOString() : null,
  failingSince: iso(row.failingSince),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const presentDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  endpointId: row.endpointId,
  messageId: row.messageId,
  eventType: row.eventType,
  status: row.status,
  requestBody: row.requestBody,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  error: row.error,
  durationMs: row.durationMs,
  nextAttemptAt: iso(row.nextAttemptAt),
  deliveredAt: iso(row.deliveredAt),
  createdAt: row.createdAt.toISOString(),
});
