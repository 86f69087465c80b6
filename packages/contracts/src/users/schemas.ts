import { z } from 'zod';
import { localeSchema, uuidSchema, itemEnvelope, listEnvelope, listQuerySchema } from '../shared/common.ts';
import { profileSchema } from '../shared/access.ts';
import { signatureDefaultsLayerSchema } from '../settings/defaults.ts';

/**
 * Spec §5: at least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character.
 * Letters are Unicode letters (É, ß, Ж count as upper/lower case, not as special characters); a special
 * character is anything that is neither a letter nor a decimal digit.
 */
export const passwordMinLength = 8;
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < passwordMinLength) problems.push('length');
  if (!/\p{Lu}/u.test(password)) problems.push('uppercase');
  if (!/\p{Ll}/u.test(password)) problems.push('lowercase');
  if (!/\p{Nd}/u.test(password)) problems.push('digit');
  if (!/[^\p{L}\p{Nd}]/u.test(password)) problems.push('special');
  return problems;
}
export const passwordSchema = z
  .string()
  .max(200)
  .refine((p) => passwordProblems(p).length === 0, {
    message: 'At least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character.',
    params: { rule: 'password_policy' },
  });

/** International format: + then 8 to 15 digits (spaces, dots and dashes tolerated on input). */
export const phoneSchema = z
  .string()
  .transform((s) => s.replace(/[\s.-]/g, ''))
  .refine((s) => /^\+[1-9]\d{7,14}$/.test(s), { message: 'Invalid phone number.', params: { rule: 'invalid_phone' } });

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Invalid email.' }));

export const civilitySchema = z.enum(['M', 'MME', 'OTHER']);
const nameSchema = z.string().trim().min(1).max(100);

export const userAdditionalDataSchema = z.object({
  theme: z.object({ lang: localeSchema.optional() }).partial().optional(),
  plateforme: z.record(z.string(), z.unknown()).optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  /** The user's own defaults for a new request (settings → User); the tenant's, then the product's, fill the rest. */
  signatureDefaults: signatureDefaultsLayerSchema.optional(),
});

export const userSchema = z.object({
  id: uuidSchema,
  appId: uuidSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** A new address waiting for its owner to confirm it from the mailed link; login stays on `email` until then. */
  pendingEmail: z.string().nullable(),
  mobile: z.string().nullable(),
  phone: z.string().nullable(),
  language: localeSchema,
  civility: civilitySchema.nullable(),
  company: z.string().nullable(),
  address: z.string().nullable(),
  profile: profileSchema,
  parentId: uuidSchema.nullable(),
  active: z.boolean(),
  isProductAdmin: z.boolean(),
  lastConnectionAt: z.string().nullable(),
  createdAt: z.string(),
  additionnalData: userAdditionalDataSchema,
});
export type User = z.infer<typeof userSchema>;

export const userInputSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  email: emailSchema,
  mobile: phoneSchema.nullish(),
  phone: phoneSchema.nullish(),
  language: localeSchema.default('fr'),
  civility: civilitySchema.nullish(),
  company: z.string().trim().max(200).nullish(),
  address: z.string().trim().max(500).nullish(),
  profile: profileSchema,
  parentId: uuidSchema.nullish(),
  active: z.boolean().default(true),
});
export type UserInput = z.input<typeof userInputSchema>;

/** Editing one's own profile cannot change profile, line manager or active flag. */
export const profileInputSchema = userInputSchema.pick({
  firstName: true,
  lastName: true,
  mobile: true,
  phone: true,
  language: true,
  civility: true,
  company: true,
  address: true,
});
export type ProfileInput = z.input<typeof profileInputSchema>;

export const userListQuerySchema = listQuerySchema.extend({
  profile: profileSchema.optional(),
  active: z.enum(['true', 'false']).optional(),
});

export const userResponse = itemEnvelope(userSchema);
export const userListResponse = listEnvelope(userSchema);
export const childrenQuerySchema = z.object({ recursif: z.enum(['0', '1']).default('0') });
export const isUsedResponse = itemEnvelope(z.object({ isUsed: z.boolean(), subordinates: z.number().int() }));
export const isExistResponse = itemEnvelope(z.object({ exists: z.boolean() }));
