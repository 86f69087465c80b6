import { z } from 'zod';
import { uuidSchema } from './shared/common.ts';
import { applicationEventSchemas } from './applications/events.ts';
import { settingsEventSchemas } from './settings/events.ts';
import { billingEventSchemas } from './billing/events.ts';
import { campaignEventSchemas } from './campaigns/events.ts';
import { operationEventSchemas } from './operations/events.ts';
import { contactEventSchemas } from './contacts/events.ts';
import { paymentEventSchemas } from './payments/events.ts';
import { signatureEventSchemas } from './signatures/events.ts';
import { timestampEventSchemas } from './timestamps/events.ts';
import { stampEventSchemas } from './stamps/events.ts';
import { certificateEventSchemas } from './certificates/events.ts';
import { userEventSchemas } from './users/events.ts';
import { apiKeyEventSchemas } from './apikeys/events.ts';
import { helpEventSchemas } from './help/events.ts';
import { gdprEventSchemas } from './gdpr/events.ts';
import { webhookEventSchemas } from './webhooks/events.ts';
import { crmEventSchemas } from './crm/events.ts';

/**
 * The typed catalogue of domain events. A state change writes its event in its own transaction (a
 * transactional outbox, apps/server/src/platform/events); subscribers (notifications, completion, and later
 * billing consumption, webhooks, dashboards, connectors) receive them through the job system. A domain adds
 * its events with its own `<domain>/events.ts` and one line here.
 */
export const domainEventSchemas = {
  ...applicationEventSchemas,
  ...settingsEventSchemas,
  ...userEventSchemas,
  ...signatureEventSchemas,
  ...contactEventSchemas,
  ...campaignEventSchemas,
  ...operationEventSchemas,
  ...billingEventSchemas,
  ...paymentEventSchemas,
  ...timestampEventSchemas,
  ...stampEventSchemas,
  ...certificateEventSchemas,
  ...apiKeyEventSchemas,
  ...helpEventSchemas,
  ...gdprEventSchemas,
  ...webhookEventSchemas,
  ...crmEventSchemas,
} as const;

export type DomainEventType = keyof typeof domainEventSchemas;
export const domainEventTypes = Object.keys(domainEventSchemas) as DomainEventType[];
export type DomainEventData<T extends DomainEventType> = z.infer<(typeof domainEventSchemas)[T]>;

/** An event as emitted: its type, its tenant, who caused it (null: the platform, a job, a signer) and its data. */
export type DomainEventInput = { [T in DomainEventType]: { type: T; appId: string; actorUserId?: string | null; data: DomainEventData<T> } }[DomainEventType];
/** An event as stored and delivered. */
export type DomainEvent = DomainEventInput & { id: string; occurredAt: string };
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

export const domainEventEnvelopeSchema = z.object({
  id: uuidSchema,
  type: z.enum(domainEventTypes as [DomainEventType, ...DomainEventType[]]),
  appId: uuidSchema,
  actorUserId: uuidSchema.nullable(),
  occurredAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
