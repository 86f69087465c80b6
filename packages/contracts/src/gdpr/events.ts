import { z } from 'zod';
import { uuidSchema } from '../shared/common.ts';
import { gdprCountsSchema } from './schemas.ts';

/** Domain events of the GDPR domain (docs/gdpr.md), emitted in the transaction of the change. */
export const gdprEventSchemas = {
  /** The nightly purge removed what a finished request kept past the tenant's retention. */
  'gdpr.request_purged': z.object({
    requestId: uuidSchema,
    /** documents: its files; signerData: its signers pseudonymised; evidence: its evidence file. */
    kinds: z.array(z.enum(['documents', 'signerData', 'evidence'])),
    files: z.number().int(),
    signers: z.number().int(),
  }),
  /** The same for what only a campaign or an operation holds (shared originals, merge PDFs, imports, archive; its people). */
  'gdpr.batch_purged': z.object({
    kind: z.enum(['campaign', 'operation']),
    id: uuidSchema,
    kinds: z.array(z.enum(['documents', 'signerData'])),
    files: z.number().int(),
    people: z.number().int(),
  }),
  'gdpr.contacts_purged': z.object({ contacts: z.number().int() }),
  /** A subject access export is ready (its link mailed to `requestedBy`). */
  'gdpr.export_ready': z.object({ gdprRequestId: uuidSchema, requestedBy: uuidSchema.nullable(), counts: gdprCountsSchema }),
  /** A person's data was erased: what was erased, counted. */
  'gdpr.erased': z.object({ gdprRequestId: uuidSchema, counts: gdprCountsSchema }),
} as const;
