import { z } from 'zod';
import { uuidSchema } from '../shared/common.ts';

/** Events of the CRM connector: connected, disconnected, and broken (HubSpot refused the refresh token: the user who connected is told). */
export const crmEventSchemas = {
  'crm.connected': z.object({ provider: z.literal('hubspot'), portalId: z.string(), connectedBy: uuidSchema }),
  'crm.disconnected': z.object({ provider: z.literal('hubspot'), portalId: z.string() }),
  'crm.connection_broken': z.object({ provider: z.literal('hubspot'), portalId: z.string(), connectedBy: uuidSchema.nullable(), reason: z.string() }),
} as const;
