import { z } from 'zod';
import { itemEnvelope, listEnvelope, listQuerySchema, uuidSchema, defaultThemeColor, httpsUrlSchema, localeSchema, defaultLocale } from '../shared/common.ts';
import { featureFlagsSchema, packSchema } from '../shared/access.ts';
import { emailSchema } from '../users/schemas.ts';
import { signatureDefaultsLayerSchema } from '../settings/defaults.ts';
import { storedEmbedOriginsSchema } from '../settings/embedding.ts';

const hexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, { message: 'Invalid value.' });
const httpsUrl = httpsUrlSchema;

/** A verified company identity as the administration screen shows it: what was checked, when and by whom. */
export const companyIdentitySchema = z.object({
  legalName: z.string(),
  registrationNumber: z.string(),
  country: z.string(),
  verifiedAt: z.string(),
  /** The administrator's name (null when that user is gone). */
  verifiedBy: z.string().nullable(),
});
export type CompanyIdentity = z.infer<typeof companyIdentitySchema>;

/** Tenant settings the product administrator and the tenant's GERANT edit (tab Settings). */
export const applicationSettingsSchema = z.object({
  themeColor: hexColor.default(defaultThemeColor),
  smsSender: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,11}$/)
    .nullish(),
  signatureExpiryDays: z.number().int().min(1).max(365).default(30),
  maxFileSizeMb: z.number().int().min(1).max(200).default(50),
  maxArchiveSizeMb: z.number().int().min(1).max(500).default(100),
  successRedirection: httpsUrl.nullish(),
  cancelRedirection: httpsUrl.nullish(),
  failRedirection: httpsUrl.nullish(),
  doubleAuth: z.boolean().default(true),
  /**
   * Users may log in with a passkey alone (no password, no code): the passkey is both factors, user verification
   * (PIN, biometrics) required. Off by default (docs/passkeys.md).
   */
  passwordlessPasskeys: z.boolean().default(false),
  /** The company name printed on mails, the signing page and the evidence file when it differs from `company`. */
  issuingCompany: z.string().trim().max(200).nullish(),
  address: z.string().trim().max(500).nullish(),
  /** Where the account's help requests are copied (docs/help-and-maintenance.md); empty: its director's e-mail. */
  supportEmail: emailSchema.nullish(),
  /** The language of the tenant's screens and mails when a person has none of their own. */
  defaultLanguage: localeSchema.default(defaultLocale),
  /** Spec §6: users without signing-provider credentials of their own use their nearest ancestor's. */
  providerInheritance: z.boolean().default(false),
  /** The start mail: the requester of a single request is told when it is sent to its signers (docs/settings.md). */
  notifyRequesterOnStart: z.boolean().default(true),
  /** The tenant's layer of a new request's defaults (settings → Parameters); its expiry is signatureExpiryDays. */
  signatureDefaults: signatureDefaultsLayerSchema.omit({ expiryDays: true }).default({}),
  /** Origins allowed to frame the tenant's signing page (settings → Parameters, docs/embedding.md). */
  embedOrigins: storedEmbedOriginsSchema.default([]),
});
export type ApplicationSettings = z.infer<typeof applicationSettingsSchema>;

export const applicationSchema = z.object({
  id: uuidSchema,
  company: z.string(),
  ownerUserId: uuidSchema.nullable(),
  ownerName: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  pack: packSchema,
  enabled: z.boolean(),
  testMode: z.boolean(),
  isPlatform: z.boolean(),
  features: featureFlagsSchema,
  settings: applicationSettingsSchema,
  consents: z.object({
    personalDataAt: z.string().nullable(),
    partnersAt: z.string().nullable(),
    brandPublicationAt: z.string().nullable(),
  }),
  termsAcceptedAt: z.string().nullable(),
  lastConnectionAt: z.string().nullable(),
  createdAt: z.string(),
  userCount: z.number().int(),
  /** The company identity the product administrator verified; null until then, and again after a change of name or number. */
  companyIdentity: companyIdentitySchema.nullable(),
});
export type Application = z.infer<typeof applicationSchema>;

export const applicationCreateSchema = z.object({
  company: z.string().trim().min(1).max(200),
  owner: z.object({
    firstName: z.string().trim().min(1).max(100),
    lastName: z.string().trim().min(1).max(100),
    email: emailSchema,
  }),
  pack: packSchema.default('free'),
  testMode: z.boolean().default(true),
});
export type ApplicationCreateInput = z.input<typeof applicationCreateSchema>;

export const applicationUpdateSchema = z.object({
  company: z.string().trim().min(1).max(200).optional(),
  pack: packSchema.optional(),
  enabled: z.boolean().optional(),
  testMode: z.boolean().optional(),
  features: featureFlagsSchema.partial().optional(),
  settings: applicationSettingsSchema.partial().optional(),
});
export type ApplicationUpdateInput = z.input<typeof applicationUpdateSchema>;

export const applicationListQuerySchema = listQuerySchema.extend({
  enabled: z.enum(['true', 'false']).optional(),
  pack: packSchema.optional(),
});
export const applicationResponse = itemEnvelope(applicationSchema);
export const applicationListResponse = listEnvelope(applicationSchema);

export const applicationSummarySchema = z.object({
  id: uuidSchema,
  company: z.string(),
  pack: packSchema,
  enabled: z.boolean(),
  testMode: z.boolean(),
  features: featureFlagsSchema,
  themeColor: z.string(),
  isPlatform: z.boolean(),
});
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>;
