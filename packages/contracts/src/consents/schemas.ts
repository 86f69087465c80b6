import { z } from 'zod';
import { itemEnvelope, localeSchema, uuidSchema } from '../shared/common.ts';

/**
 * The platform's terms of service and the three sign-up consents of spec §1 (docs/gdpr.md "Consents and terms"):
 * each a versioned text per language; sign-up records the version each person accepted or declined.
 */
export const consentKinds = ['terms', 'personalData', 'partners', 'brandPublication'] as const;
export const consentKindSchema = z.enum(consentKinds);
export type ConsentKind = z.infer<typeof consentKindSchema>;
/** Sign-up is refused without these (the others are optional). */
export const requiredConsentKinds: readonly ConsentKind[] = ['terms', 'personalData'];

export const legalTextContentSchema = z.object({ title: z.string().trim().min(1).max(200), body: z.string().trim().min(1).max(100_000) });
export type LegalTextContent = z.infer<typeof legalTextContentSchema>;

/** One text as a reader sees it: in one language (the asked one, else English, else French). */
export const legalTextSchema = z.object({
  kind: consentKindSchema,
  version: z.number().int().positive(),
  language: localeSchema,
  title: z.string(),
  body: z.string(),
  required: z.boolean(),
  publishedAt: z.string().nullable(),
});
export type LegalText = z.infer<typeof legalTextSchema>;
export const currentLegalTextsQuerySchema = z.object({ language: localeSchema.default('fr') });
export const currentLegalTextsResponse = itemEnvelope(z.array(legalTextSchema));

/** A version with all its languages (the product administrator's screen). Version 1 is the template shipped with the product. */
export const legalTextVersionSchema = z.object({
  kind: consentKindSchema,
  version: z.number().int().positive(),
  texts: z.record(z.string(), legalTextContentSchema),
  builtIn: z.boolean(),
  publishedAt: z.string().nullable(),
  publishedBy: z.object({ id: uuidSchema, name: z.string() }).nullable(),
});
export type LegalTextVersion = z.infer<typeof legalTextVersionSchema>;
export const legalTextVersionsResponse = itemEnvelope(z.array(legalTextVersionSchema));
export const legalTextVersionResponse = itemEnvelope(legalTextVersionSchema);

/** A new version: French and English required, other languages optional (they fall back to English). */
export const legalTextPublishSchema = z.object({
  kind: consentKindSchema,
  texts: z.object({ fr: legalTextContentSchema, en: legalTextContentSchema }).and(z.partialRecord(localeSchema, legalTextContentSchema)),
});
export type LegalTextPublishInput = z.infer<typeof legalTextPublishSchema>;

export const consentAcceptanceSchema = z.object({
  user: z.object({ id: uuidSchema, name: z.string(), email: z.string() }).nullable(),
  kind: consentKindSchema,
  version: z.number().int(),
  accepted: z.boolean(),
  at: z.string(),
  ip: z.string().nullable(),
});
export type ConsentAcceptance = z.infer<typeof consentAcceptanceSchema>;
export const consentAcceptancesResponse = itemEnvelope(z.array(consentAcceptanceSchema));

/** Terms published after the user's last acceptance: the shell asks again (blocking) before anything else. */
export const pendingTermsResponse = itemEnvelope(z.object({ terms: legalTextSchema.nullable() }));
export const acceptTermsInputSchema = z.object({ version: z.number().int().positive() });
