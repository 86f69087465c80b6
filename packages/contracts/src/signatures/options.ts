import { z } from 'zod';
import { httpsUrlSchema, localeSchema } from '../shared/common.ts';
import { emailSchema } from '../users/schemas.ts';
import { certificationLevelSchema, chainingModes, contactChannels, handwrittenModes, reminderScheduleSchema, type ReminderSchedule } from './constants.ts';
import { sepaPreprocessingOutputSchema, sepaPreprocessingSchema } from './sepa.ts';

const noReminder: ReminderSchedule = { firstAfterDays: 0, intervalDays: 0 };
const reminderScheduleInput = z
  .object({
    firstAfterDays: z.number().int().min(0).max(365).default(0),
    intervalDays: z.number().int().min(0).max(365).default(0),
    /** At most this many reminders (peers stop after 5, or never); null = until the request expires. */
    maxCount: z
      .number()
      .int()
      .min(1)
      .max(100)
      .nullish()
      .transform((v) => v ?? null),
  })
  .prefault({});

const signedDocumentsShape = {
  toRequester: z.boolean(),
  toSigners: z.boolean(),
  toObservers: z.boolean(),
  /** Copies to finalDocCCeMails; requires toSigners. */
  sendCopy: z.boolean(),
};

/** Plain shape of the options as stored and returned (no defaults, no transforms). */
export const signatureOptionsSchema = z.object({
  chainingMode: z.enum(chainingModes),
  language: localeSchema,
  handwritten: z.enum(handwrittenModes),
  stampBeforeSigning: z.boolean(),
  stampAccount: z.string().nullable(),
  contactFirstSignerBy: z.enum(contactChannels),
  reminders: z.object({ mail: reminderScheduleSchema, sms: reminderScheduleSchema }),
  /** Days before an unsigned request expires; the tenant's signatureExpiryDays when absent. */
  expiryDays: z.number().int().nullable(),
  signedDocuments: z.object(signedDocumentsShape),
  finalDocCCeMails: z.array(z.string()),
  invitationMessage: z.string().nullable(),
  successRedirection: z.string().nullable(),
  cancelRedirection: z.string().nullable(),
  failRedirection: z.string().nullable(),
  coSignersSignFirst: z.boolean(),
  preprocessing: z.object({ sepa: sepaPreprocessingOutputSchema }).nullable(),
  /**
   * A participant may hand the request over to someone else from the signing page (docs/signing-page.md,
   * "Delegation"). Requests stored before the option existed have none: false.
   */
  allowDelegation: z.boolean().default(false),
});
export type SignatureOptions = z.infer<typeof signatureOptionsSchema>;

/** A single string becomes a list (spec §3 finalDocCCeMails). */
const toList = (v: unknown) => (typeof v === 'string' ? (v.trim() ? [v] : []) : v);

export const signatureOptionsInputSchema = z
  .object({
    chainingMode: z.enum(chainingModes).default('email'),
    language: localeSchema.default('fr'),
    /** Informational: the :level path parameter decides. */
    level: certificationLevelSchema.optional(),
    handwritten: z.enum(handwrittenModes).default('disabled'),
    stampBeforeSigning: z.boolean().default(false),
    stampAccount: z
      .string()
      .trim()
      .max(200)
      .nullish()
      .transform((v) => v || null),
    contactFirstSignerBy: z.enum(contactChannels).default('email'),
    reminders: z.object({ mail: reminderScheduleInput, sms: reminderScheduleInput }).prefault({}),
    expiryDays: z
      .number()
      .int()
      .min(1)
      .max(365)
      .nullish()
      .transform((v) => v ?? null),
    signedDocuments: z
      .object({
        toRequester: z.boolean().default(true),
        toSigners: z.boolean().default(true),
        toObservers: z.boolean().default(false),
        sendCopy: z.boolean().default(false),
      })
      .prefault({}),
    finalDocCCeMails: z.preprocess(toList, z.array(emailSchema).max(20)).default([]),
    invitationMessage: z
      .string()
      .trim()
      .max(2000)
      .nullish()
      .transform((v) => v || null),
    successRedirection: httpsUrlSchema.nullish().transform((v) => v ?? null),
    cancelRedirection: httpsUrlSchema.nullish().transform((v) => v ?? null),
    failRedirection: httpsUrlSchema.nullish().transform((v) => v ?? null),
    coSignersSignFirst: z.boolean().default(false),
    /** Participants may hand the request over to someone else (signing page); off unless the sender allows it. */
    allowDelegation: z.boolean().default(false),
    preprocessing: z
      .object({ sepa: sepaPreprocessingSchema })
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((o, ctx) => {
    if (o.signedDocuments.sendCopy && !o.signedDocuments.toSigners) {
      ctx.addIssue({
        code: 'custom',
        path: ['signedDocuments', 'sendCopy'],
        message: "'Send copy' requires 'send signed documents to signatory'.",
        params: { rule: 'invalid_value' },
      });
    }
    if (o.signedDocuments.sendCopy && o.finalDocCCeMails.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['finalDocCCeMails'], message: "'Send copy' needs at least one address.", params: { rule: 'required' } });
    }
  })
  .transform(({ level: _level, ...options }): SignatureOptions => options);
export type SignatureOptionsInput = z.input<typeof signatureOptionsInputSchema>;
export const defaultReminders = { mail: noReminder, sms: noReminder };
