import { z } from 'zod';
import { uuidSchema } from '../shared/common.ts';
import { helpCategorySchema } from './schemas.ts';

/** Emitted in the platform application, for its administrator (in-app notice). */
export const helpEventSchemas = {
  'help.requested': z.object({
    helpRequestId: uuidSchema,
    tenantAppId: uuidSchema,
    company: z.string(),
    subject: z.string(),
    category: helpCategorySchema,
    userId: uuidSchema,
  }),
} as const;
