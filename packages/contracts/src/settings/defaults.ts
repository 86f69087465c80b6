import { z } from 'zod';
import { localeSchema } from '../shared/common.ts';
import { certificationLevelSchema, chainingModes, contactChannels, handwrittenModes, reminderScheduleSchema } from '../signatures/constants.ts';

/**
 * The defaults of a new signature request (spec §3 "Signature settings"), in three layers: the user's own
 * (settings → User, in their additional data), the tenant's (settings → Parameters), the product's
 * (effective.ts). A new request starts from the nearest layer that sets each value.
 *
 * Only the layer lives here: the user's identity carries it, so it is on the web app's first load; the rest
 * (effective.ts) is loaded with the screens that use it.
 */
export const signatureDefaultsFields = {
  handwritten: z.enum(handwrittenModes),
  chainingMode: z.enum(chainingModes),
  level: certificationLevelSchema,
  language: localeSchema,
  contactFirstSignerBy: z.enum(contactChannels),
  /** Days before an unsigned request expires. */
  expiryDays: z.number().int().min(1).max(365),
};
/** Who receives the signed documents at completion (copies need addresses: chosen per request). */
export const signedDocumentsRecipients = ['toRequester', 'toSigners', 'toObservers'] as const;

/** One layer: any value may be absent (the next layer gives it). */
export const signatureDefaultsLayerSchema = z
  .object({
    ...signatureDefaultsFields,
    reminders: z.object({ mail: reminderScheduleSchema.optional(), sms: reminderScheduleSchema.optional() }),
    signedDocuments: z.object({ toRequester: z.boolean().optional(), toSigners: z.boolean().optional(), toObservers: z.boolean().optional() }),
  })
  .partial();
export type SignatureDefaultsLayer = z.infer<typeof signatureDefaultsLayerSchema>;
