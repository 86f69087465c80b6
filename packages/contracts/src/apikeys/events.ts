import { z } from 'zod';
import { uuidSchema } from '../shared/common.ts';
import { apiKeyScopeSchema } from './schemas.ts';

/**
 * Domain events of API keys. `apikey.used` is one successful create through the public API (a request, a
 * campaign or an operation): billing meters `api_call` from it.
 */
export const apiKeyEventSchemas = {
  'apikey.created': z.object({ keyId: uuidSchema, label: z.string(), scopes: z.array(apiKeyScopeSchema) }),
  'apikey.revoked': z.object({ keyId: uuidSchema, label: z.string() }),
  'apikey.used': z.object({
    keyId: uuidSchema,
    /** The technical user the key acts as. */
    ownerUserId: uuidSchema,
    operation: z.enum(['request.created', 'campaign.created', 'operation.created']),
    requestId: uuidSchema.optional(),
    campaignId: uuidSchema.optional(),
    operationId: uuidSchema.optional(),
    testMode: z.boolean(),
  }),
} as const;
