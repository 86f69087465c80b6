import { z } from 'zod';
import { uuidSchema } from '../shared/common.ts';

/** Events of the webhooks domain itself: an endpoint that kept failing was switched off (its owner is told). */
export const webhookEventSchemas = {
  'webhook.endpoint_disabled': z.object({ endpointId: uuidSchema, url: z.string(), ownerUserId: uuidSchema.nullable(), failingSince: z.string() }),
} as const;
