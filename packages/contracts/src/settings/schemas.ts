import { z } from 'zod';
import { httpsUrlSchema, itemEnvelope, localeSchema, uuidSchema, type Locale } from '../shared/common.ts';
import { emailSchema } from '../users/schemas.ts';
import { signatureDefaultsLayerSchema } from './defaults.ts';
import { signatureDefaultsSchema } from './effective.ts';
import { embedOriginsSchema } from './embedding.ts';

/**
 * settings/configuration (docs/settings.md): the tenant's General and Parameters tabs, its mail and SMS templates,
 * its logo and its signing-provider credentials.
 */

const hexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, { message: 'Invalid value.' });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

// ---------------------------------------------------------------------------------------------------- logo
/** Spec §5/§9, one rule for the whole product: PNG or JPEG, at least 200×200 px, at most 150 KB (SVG refused). */
export const logoRules = {
  minPixels: 200,
  /** Header dimensions above this are refused before anything decodes the image (a small PNG declaring 20000×20000). */
  maxPixels: 4000,
  maxBytes: 150 * 1024,
  types: ['image/png', 'image/jpeg'],
} as const;
export const logoRuleText = `PNG or JPEG, at least ${logoRules.minPixels}×${logoRules.minPixels} px, at most ${logoRules.maxPixels}×${logoRules.maxPixels} px and ${logoRules.maxBytes / 1024} KB.`;

export const logoSchema = z.object({
  /** Public, cacheable address of this version of the logo (a new upload is a new address). */
  url: z.string(),
  type: z.enum(logoRules.types),
  width: z.number().int(),
  height: z.number().int(),
  sizeBytes: z.number().int(),
});
export type Logo = z.infer<typeof logoSchema>;

// ---------------------------------------------------------------------------------------------------- general
export const generalSettingsInputSchema = z.object({
  company: z.string().trim().min(1).max(200),
  issuingCompany: optionalText(200),
  address: optionalText(500),
  supportEmail: emailSchema.nullish().transform((v) => v || null),
  defaultLanguage: localeSchema,
  themeColor: hexColor,
});
export type GeneralSettingsInput = z.input<typeof generalSettingsInputSchema>;

// ---------------------------------------------------------------------------------------------------- parameters
/** Spec §3: the SMS sender name, 1 to 11 letters or digits. */
export const smsSenderSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,11}$/, { message: '1 to 11 letters or digits.' });

export const parametersInputSchema = z.object({
  signatureDefaults: signatureDefaultsSchema.omit({ expiryDays: true }),
  expiryDays: z.number().int().min(1).max(365),
  successRedirection: httpsUrlSchema.nullish().transform((v) => v || null),
  cancelRedirection: httpsUrlSchema.nullish().transform((v) => v || null),
  failRedirection: httpsUrlSchema.nullish().transform((v) => v || null),
  smsSender: smsSenderSchema
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  providerInheritance: z.boolean(),
  /** The start mail (docs/settings.md): the requester is told when their request is sent to its signers. */
  notifyRequesterOnStart: z.boolean().default(true),
  /**
   * Origins allowed to frame the signing page (docs/embedding.md); omitted: unchanged. https only unless the tenant
   * is in test mode (then http://localhost too): checked by the server, which knows the mode.
   */
  embedOrigins: embedOriginsSchema.optional(),
});
export type ParametersInput = z.input<typeof parametersInputSchema>;

// ---------------------------------------------------------------------------------------------------- templates
/** The mails a tenant may word itself (spec §3: first contact, reminder, START, signed documents). */
export const messageTemplateKinds = ['invitation', 'reminder', 'start', 'signedDocuments'] as const;
export type MessageTemplateKind = (typeof messageTemplateKinds)[number];
export const messageTemplateKindSchema = z.enum(messageTemplateKinds);

/** The `${…}` placeholders each kind may use (the values the product fills in). */
export const templatePlaceholders: Record<MessageTemplateKind, readonly string[]> = {
  invitation: ['signerName', 'requesterName', 'company', 'label', 'message', 'expiresOn', 'link'],
  reminder: ['signerName', 'requesterName', 'company', 'label', 'expiresOn', 'link'],
  /** The start mail, to the requester when their request is sent to its signers. */
  start: ['label', 'requesterName', 'signerCount', 'company', 'link'],
  signedDocuments: ['name', 'company', 'label'],
};
/** Kinds also sent by SMS; their SMS text must carry the link (the SMS wildcard, docs/settings.md). */
export const smsTemplateKinds: readonly MessageTemplateKind[] = ['invitation', 'reminder'];
export const smsWildcard = '${link}';
/** An SMS is at most two parts of 160 characters once filled (with the longest link of the instance). */
export const smsMaxLength = 320;

export const placeholdersOf = (text: string) => [...text.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]!);

/** A tenant's wording of one kind in one language; an empty text keeps the product's. */
export const tenantTemplateSchema = z.object({
  subject: z.string().trim().max(200).default(''),
  /** Paragraphs separated by a blank line; the button with the link stays the product's. */
  body: z.string().trim().max(5000).default(''),
  sms: z.string().trim().max(smsMaxLength).default(''),
});
export type TenantTemplate = z.infer<typeof tenantTemplateSchema>;
export type TenantTemplates = Partial<Record<MessageTemplateKind, Partial<Record<Locale, TenantTemplate>>>>;

/** Unknown placeholders, an SMS of a kind never sent by SMS, an SMS without its link: a field error each. */
function checkTemplate(kind: MessageTemplateKind, template: TenantTemplate, path: (string | number)[], ctx: z.RefinementCtx) {
  for (const part of ['subject', 'body', 'sms'] as const) {
    const unknown = [...new Set(placeholdersOf(template[part]).filter((p) => !templatePlaceholders[kind].includes(p)))];
    if (unknown.length) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, part],
        message: `Unknown placeholders: ${unknown.map((p) => `\${${p}}`).join(', ')}. Allowed: ${templatePlaceholders[kind].map((p) => `\${${p}}`).join(', ')}.`,
        params: { rule: 'invalid_value', unknown: unknown.join(',') },
      });
    }
  }
  if (!template.sms) return;
  if (!smsTemplateKinds.includes(kind))
    ctx.addIssue({ code: 'custom', path: [...path, 'sms'], message: 'This mail is never sent by SMS.', params: { rule: 'invalid_value' } });
  else if (!template.sms.includes(smsWildcard))
    ctx.addIssue({ code: 'custom', path: [...path, 'sms'], message: `The SMS must contain ${smsWildcard}.`, params: { rule: 'required' } });
}

const byLanguage = z.partialRecord(localeSchema, tenantTemplateSchema).optional();
export const tenantTemplatesSchema = z
  .object({ invitation: byLanguage, reminder: byLanguage, start: byLanguage, signedDocuments: byLanguage } satisfies Record<MessageTemplateKind, unknown>)
  .superRefine((templates, ctx) => {
    for (const kind of messageTemplateKinds) {
      for (const [language, template] of Object.entries(templates[kind] ?? {})) if (template) checkTemplate(kind, template, [kind, language], ctx);
    }
  });

export const templatesInputSchema = z.object({ templates: tenantTemplatesSchema });

export const templatePreviewInputSchema = z
  .object({ kind: messageTemplateKindSchema, language: localeSchema, template: tenantTemplateSchema })
  .superRefine((input, ctx) => checkTemplate(input.kind, input.template, ['template'], ctx));
export const templatePreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  sms: z.string().nullable(),
  smsLength: z.number().int().nullable(),
});
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;

export const templateTestInputSchema = z.object({
  kind: messageTemplateKindSchema,
  /** Default: the caller's language. */ language: localeSchema.optional(),
  channel: z.enum(['email', 'sms']).default('email'),
});
export const templateTestResultSchema = z.object({ messageId: uuidSchema, to: z.string() });

// ---------------------------------------------------------------------------------------------------- provider
/** Spec §3: the provider is one of three (a first provider, a second, and a second version of the first). */
export const signingProviders = ['provider1', 'provider2', 'provider1v2'] as const;

const providerFields = {
  provider: z.enum(signingProviders),
  login: optionalText(200),
  offerCode: optionalText(100),
  distributorCode: optionalText(100),
  folderId: optionalText(100),
  entityId: optionalText(100),
  profile: optionalText(100),
};
export const providerCredentialsInputSchema = z.object({
  ...providerFields,
  /** Absent or empty: the saved password stays. */
  password: z.string().max(200).optional(),
  /** Credentials of one user (spec §6 inheritance) instead of the tenant's. */
  userId: uuidSchema.nullish().transform((v) => v ?? null),
});
export type ProviderCredentialsInput = z.input<typeof providerCredentialsInputSchema>;

/** Credentials as shown: never the password. */
export const providerCredentialsSchema = z.object({
  provider: z.enum(signingProviders),
  login: z.string().nullable(),
  offerCode: z.string().nullable(),
  distributorCode: z.string().nullable(),
  folderId: z.string().nullable(),
  entityId: z.string().nullable(),
  profile: z.string().nullable(),
  hasPassword: z.boolean(),
  userId: uuidSchema.nullable(),
});
export type ProviderCredentials = z.infer<typeof providerCredentialsSchema>;

export const providerScopeQuerySchema = z.object({ userId: uuidSchema.optional() });
/** Whose credentials a user signs with: their own, the nearest ancestor's (inheritance on), the tenant's, or none. */
export const effectiveProviderSchema = z.object({
  source: z.enum(['user', 'ancestor', 'tenant', 'none']),
  credentials: providerCredentialsSchema.nullable(),
});
export const providerTestResultSchema = z.object({ ok: z.literal(true), source: effectiveProviderSchema.shape.source });

// ---------------------------------------------------------------------------------------------------- the whole
export const tenantSettingsSchema = z.object({
  appId: uuidSchema,
  general: z.object({
    company: z.string(),
    issuingCompany: z.string().nullable(),
    address: z.string().nullable(),
    supportEmail: z.string().nullable(),
    defaultLanguage: localeSchema,
    themeColor: z.string(),
    logo: logoSchema.nullable(),
  }),
  parameters: z.object({
    signatureDefaults: signatureDefaultsSchema,
    expiryDays: z.number().int(),
    successRedirection: z.string().nullable(),
    cancelRedirection: z.string().nullable(),
    failRedirection: z.string().nullable(),
    smsSender: z.string().nullable(),
    providerInheritance: z.boolean(),
    notifyRequesterOnStart: z.boolean(),
    embedOrigins: z.array(z.string()),
  }),
  templates: tenantTemplatesSchema,
  provider: providerCredentialsSchema.nullable(),
});
export type TenantSettings = z.infer<typeof tenantSettingsSchema>;

export const appIdParamsSchema = z.object({ appId: uuidSchema });
export const logoParamsSchema = z.object({ appId: uuidSchema, version: z.string().regex(/^[A-Za-z0-9-]{8,64}$/) });

/** The caller's new-request defaults, and each layer they come from. */
export const mySignatureDefaultsSchema = z.object({
  defaults: signatureDefaultsSchema,
  layers: z.object({ user: signatureDefaultsLayerSchema, tenant: signatureDefaultsLayerSchema }),
});

export const tenantSettingsResponse = itemEnvelope(tenantSettingsSchema);
export const templatePreviewResponse = itemEnvelope(templatePreviewSchema);
export const templateTestResponse = itemEnvelope(templateTestResultSchema);
export const providerCredentialsResponse = itemEnvelope(providerCredentialsSchema);
export const effectiveProviderResponse = itemEnvelope(effectiveProviderSchema);
export const providerTestResponse = itemEnvelope(providerTestResultSchema);
export const mySignatureDefaultsResponse = itemEnvelope(mySignatureDefaultsSchema);
