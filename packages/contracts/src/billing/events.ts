import { z } from 'zod';
import { packSchema } from '../shared/access.ts';

/** Domain events of billing (emitted in the transaction of the change). */
export const billingEventSchemas = {
  'billing.profile_saved': z.object({ complete: z.boolean(), paymentMethod: z.enum(['card', 'sepa']) }),
  'billing.prices_changed': z.object({ pack: packSchema, custom: z.boolean() }),
} as const;
