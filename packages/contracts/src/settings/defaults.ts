import { z } from 'zod';
import { defaultLocale, localeSchema } from '../shared/common.ts';
import { certificationLevelSchema, chainingModes, contactChannels, handwrittenModes, reminderScheduleSchema } from '../signatures/constants.ts';

/**
 * The defaults of a new signature request (spec §3 "Signature settings"), in three layers: the user's own
 * (settings → User, in their additional data), the tenant's (settings → Parameters), the product's (below). A new
 * request starts from the nearest layer that sets each value (`effectiveSignatureDefaults`).
 */
export const signatureDefaultsSchema = z.object({
  handwritten: z.enum(handwrittenModes),
  chainingMode: z.enum(chainingModes),
  level: certificationLevelSchema,
  language: localeSchema,
  contactFirstSignerBy: z.enum(contactChannels),
  reminders: z.object({ mail: reminderScheduleSchema, sms: reminderScheduleSchema }),
  /** Days before an unsigned request expires. */
  expiryDays: z.number().int().min(1).max(365),
  /** Who receives the signed documents at completion (copies need addresses: chosen per request). */
  signedDocuments: z.object({ toRequester: z.boolean(), toSigners: z.boolean(), toObservers: z.boolean() }),
});
export type SignatureDefaults = z.infer<typeof signatureDefaultsSchema>;

/** One layer: any value may be absent (the next layer gives it). */
export const signatureDefaultsLayerSchema = signatureDefaultsSchema.extend({
  reminders: z.object({ mail: reminderScheduleSchema.optional(), sms: reminderScheduleSchema.optional() }),
  signedDocuments: signatureDefaultsSchema.shape.signedDocuments.partial(),
}).partial();
export type SignatureDefaultsLayer = z.infer<typeof signatureDefaultsLayerSchema>;

export const productSignatureDefaults: SignatureDefaults = {
  handwritten: 'disabled',
  chainingMode: 'email',
  level: 1,
  language: defaultLocale,
  contactFirstSignerBy: 'email',
  reminders: { mail: { firstAfterDays: 0, intervalDays: 0 }, sms: { firstAfterDays: 0, intervalDays: 0 } },
  expiryDays: 30,
  signedDocuments: { toRequester: true, toSigners: true, toObservers: false },
};

/** The defaults of a new request: each value from the first layer that sets it (user, then tenant), else the product's. */
export function effectiveSignatureDefaults(...layers: (SignatureDefaultsLayer | undefined | null)[]): SignatureDefaults {
  const result = structuredClone(productSignatureDefaults);
  for (const layer of [...layers].reverse()) {
    if (!layer) continue;
    const { reminders, signedDocuments, ...plain } = layer;
    for (const [key, value] of Object.entries(plain)) if (value !== undefined) (result as Record<string, unknown>)[key] = value;
    if (reminders?.mail) result.reminders.mail = reminders.mail;
    if (reminders?.sms) result.reminders.sms = reminders.sms;
    for (const [key, value] of Object.entries(signedDocuments ?? {})) if (value !== undefined) result.signedDocuments[key as keyof SignatureDefaults['signedDocuments']] = value;
  }
  return result;
}
