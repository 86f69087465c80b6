import { z } from 'zod';
import { packSchema } from '../shared/access.ts';

/** Domain events of client accounts (tenants). */
export const applicationEventSchemas = {
  'application.created': z.object({ company: z.string(), pack: packSchema, testMode: z.boolean(), source: z.enum(['signup', 'admin']) }),
  'application.updated': z.object({ changed: z.array(z.string()), enabled: z.boolean(), testMode: z.boolean(), pack: packSchema }),
} as const;
