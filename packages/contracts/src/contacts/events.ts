import { z } from 'zod';
import { uuidSchema } from '../shared/common.ts';

/** Domain events of the address book (emitted in the transaction of the change). */
export const contactEventSchemas = {
  /** An import ended (done or failed): its counters; the importer is told (notification). */
  'contact.import_finished': z.object({
    importId: uuidSchema,
    fileName: z.string(),
    /** Null when the importer's account was deleted meanwhile (nobody to tell). */
    requestedBy: uuidSchema.nullable(),
    status: z.enum(['done', 'failed']),
    imported: z.number().int(),
    updated: z.number().int(),
    skipped: z.number().int(),
    warnings: z.number().int(),
  }),
} as const;
