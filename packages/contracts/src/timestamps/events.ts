import { z } from 'zod';
import { uuidSchema } from '../shared/common.ts';
import { fileTimestampKindSchema } from './schemas.ts';

/** Domain events of time-stamping (emitted in the transaction of the change). Billing meters `option_timestamp` on it. */
export const timestampEventSchemas = {
  'timestamp.created': z.object({
    timestampId: uuidSchema,
    kind: fileTimestampKindSchema,
    /** Who asked (the consumption's user). */
    ownerUserId: uuidSchema.nullable(),
    /** The tenant was in test mode: recorded, never billed. */
    testMode: z.boolean(),
  }),
} as const;
