import { z } from 'zod';
import { uuidSchema } from '../shared/common.ts';
import { stampFormatSchema } from './schemas.ts';

/**
 * Domain events of the company seal (emitted in the transaction of the change). `stamp.created` is one seal
 * applied (a multi-stamp upload emits one per seal): billing meters `option_stamp` from it.
 */
export const stampEventSchemas = {
  'stamp.created': z.object({
    stampId: uuidSchema,
    accountId: uuidSchema,
    format: stampFormatSchema,
    /** Position of the seal in the upload (0 for the first). */
    sealIndex: z.number().int(),
    /** Who sealed: the user of the seal screen, or the requester of a request sealed before signing (null: gone). */
    ownerUserId: uuidSchema.nullable(),
    /** The signature request whose document was sealed before signing (Options.stampBeforeSigning). */
    requestId: uuidSchema.optional(),
    /** The campaign whose shared document was sealed once for all its copies. */
    campaignId: uuidSchema.optional(),
    /** The operation one of whose orders had its document sealed before signing. */
    operationId: uuidSchema.optional(),
    testMode: z.boolean(),
  }),
  'stamp.account_created': z.object({ accountId: uuidSchema, source: z.enum(['imported', 'builtin']), label: z.string() }),
  'stamp.account_deleted': z.object({ accountId: uuidSchema, label: z.string() }),
} as const;
