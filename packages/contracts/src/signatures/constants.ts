import { z } from 'zod';

/** Constants of a signature request shared by its parts (spec §3, §5). */

/** Upload limits that do not come from the tenant settings (maxFileSizeMb / maxArchiveSizeMb do). */
export const maxFilesPerRequest = 50;
export const maxSignersPerRequest = 50;

export const signerRoles = ['signer', 'observer', 'validator'] as const;
export const signerRoleSchema = z.enum(signerRoles);
export type SignerRole = z.infer<typeof signerRoleSchema>;

export const certificationLevels = [1, 2, 3] as const;
export const certificationLevelSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type CertificationLevel = z.infer<typeof certificationLevelSchema>;
/** The `:level` path parameter of POST /api/transactions/:level. */
export const certificationLevelParamSchema = z.coerce.number().pipe(certificationLevelSchema);

export const chainingModes = ['direct', 'email', 'faceToFace'] as const;
export type ChainingMode = (typeof chainingModes)[number];
export const handwrittenModes = ['disabled', 'enabled', 'touchOnly'] as const;
export const contactChannels = ['email', 'sms'] as const;
export type ContactChannel = (typeof contactChannels)[number];

/** pdf = to sign; pdf-for-presentation = no signature; pdf-optional = may be signed. */
export const documentTypes = ['pdf', 'pdf-for-presentation', 'pdf-optional'] as const;
export type DocumentType = (typeof documentTypes)[number];
export const documentFileTypes = ['classic', 'zip', 'publi'] as const;
/** Mime types that make a zip-type document (spec §5). */
export const zipMimeTypes = ['application/zip', 'application/x-zip', 'application/x-zip-compressed'] as const;
export const pdfMimeType = 'application/pdf';

/** A reminder schedule (spec §5 "Reminders"). Here rather than in options.ts: the settings' defaults use it too. */
export const reminderScheduleSchema = z.object({
  /** Days after the invitation before the first reminder; 0 = no reminder. */
  firstAfterDays: z.number().int().min(0).max(365),
  /** Days between the following reminders; 0 = no more reminders after the first. */
  intervalDays: z.number().int().min(0).max(365),
  /** At most this many reminders on the channel; absent or null = until the request expires. */
  maxCount: z.number().int().min(1).max(100).nullish(),
});
export type ReminderSchedule = z.infer<typeof reminderScheduleSchema>;
