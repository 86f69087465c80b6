import { z } from 'zod';
import { defaultLocale } from '../shared/common.ts';
import { reminderScheduleSchema } from '../signatures/constants.ts';
import { signatureDefaultsFields, signedDocumentsRecipients, type SignatureDefaultsLayer } from './defaults.ts';

/** Every default of a new request, as the product's layer and the effective result give them. */
export const signatureDefaultsSchema = z.object({
  ...signatureDefaultsFields,
  reminders: z.object({ mail: reminderScheduleSchema, sms: reminderScheduleSchema }),
  signedDocuments: z.object({ toRequester: z.boolean(), toSigners: z.boolean(), toObservers: z.boolean() }),
});
export type SignatureDefaults = z.infer<typeof signatureDefaultsSchema>;

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
    for (const who of signedDocumentsRecipients) if (signedDocuments?.[who] !== undefined) result.signedDocuments[who] = signedDocuments[who];
  }
  return result;
}

/**
 * A new request's options drawn from the effective defaults, in the shape the options input takes (the server's own
 * drafts — a new operation — start from them as the web's forms do). The level is the path's, not an option.
 */
export function optionsFromDefaults(defaults: SignatureDefaults, signersLanguage: string | null) {
  const { handwritten, chainingMode, contactFirstSignerBy, expiryDays, reminders, signedDocuments } = defaults;
  return {
    handwritten,
    chainingMode,
    contactFirstSignerBy,
    expiryDays,
    language: signersLanguage ?? defaults.language,
    reminders: { mail: { ...reminders.mail }, sms: { ...reminders.sms } },
    signedDocuments: { ...signedDocuments, sendCopy: false },
  };
}
