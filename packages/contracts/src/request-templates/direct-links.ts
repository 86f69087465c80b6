import { z } from 'zod';
import { idParamsSchema, itemEnvelope, personLanguageSchema, uuidSchema } from '../shared/common.ts';
import { defineEndpoints } from '../shared/endpoint.ts';
import { emailSchema } from '../users/schemas.ts';

/**
 * Direct links (docs/templates.md, "Direct links"): a template's public link. A visitor gives their name and e-mail,
 * proves the e-mail with a mailed code and becomes the template's first role; the request is then made by the link's
 * publisher and continues as usual. Limits per link: total uses, expiry, claims per client address per hour and per
 * e-mail address per day.
 */
export const directLinkRules = {
  /** Digits of the mailed code. */
  codeLength: 6,
  /** A code is valid this long after it was sent. */
  codeTtlSeconds: 10 * 60,
  /** Wrong entries allowed per claim; the 5th wrong one ends the claim (start again from the form). */
  maxTries: 5,
  defaultPerIpPerHour: 10,
  defaultPerAddressPerDay: 3,
} as const;

/** Publish, change or disable a template's link (PUT: the whole setting each time). */
export const directLinkSettingsInputSchema = z.object({
  enabled: z.boolean(),
  /** Requests the link may make in all; null: no limit. */
  maxUses: z.number().int().min(1).max(1_000_000).nullable().default(null),
  /** ISO date-time after which the link answers 410; null: never. */
  expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
  perIpPerHour: z.number().int().min(1).max(1000).default(directLinkRules.defaultPerIpPerHour),
  perAddressPerDay: z.number().int().min(1).max(100).default(directLinkRules.defaultPerAddressPerDay),
});
export type DirectLinkSettingsInput = z.input<typeof directLinkSettingsInputSchema>;

export const directLinkSchema = z.object({
  id: uuidSchema,
  /** The unguessable part of the public address. */
  slug: z.string(),
  /** The public address: `${PUBLIC_URL}/#/d/<slug>`. */
  url: z.string(),
  enabled: z.boolean(),
  /** Enabled, not expired, uses left, template not archived, publisher still able to send: visitors can use it now. */
  live: z.boolean(),
  disabledAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  /** Requests made through the link. */
  useCount: z.number().int(),
  expiresAt: z.string().nullable(),
  perIpPerHour: z.number().int(),
  perAddressPerDay: z.number().int(),
  /** Who published it: the requests' owner and sender. */
  publishedBy: z.object({ id: uuidSchema, name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DirectLink = z.infer<typeof directLinkSchema>;
/** A template's link as its list and detail show it. */
export const directLinkStateSchema = z.object({ enabled: z.boolean(), live: z.boolean(), useCount: z.number().int() }).nullable();

/** What a visitor sees before giving their name: nothing of the prefilled persons. */
export const directLinkInfoSchema = z.object({
  templateName: z.string(),
  /** The name of the role the visitor takes (the template's first). */
  roleName: z.string(),
  tenant: z.object({ company: z.string(), themeColor: z.string(), logoUrl: z.string().nullable() }),
  documents: z.array(z.object({ title: z.string() })),
});
export type DirectLinkInfo = z.infer<typeof directLinkInfoSchema>;

export const directLinkClaimInputSchema = z.object({
  firstname: z.string().trim().min(1).max(100),
  lastname: z.string().trim().min(1).max(100),
  emailAddress: emailSchema,
  language: personLanguageSchema.nullish(),
});
export type DirectLinkClaimInput = z.input<typeof directLinkClaimInputSchema>;
export const directLinkClaimSchema = z.object({
  claimId: uuidSchema,
  /** The e-mail the code went to, masked. */
  destination: z.string(),
  expiresAt: z.string(),
});

export const directLinkVerifyInputSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'The code has 6 digits.' }),
});
/** Where the visitor signs: the signing page of their signer in the request just made. */
export const directLinkVerifiedSchema = z.object({
  requestId: uuidSchema,
  /** The signing page's token (route `#/sign/<token>`). */
  token: z.string(),
  url: z.string(),
});

const slugParams = z.object({ slug: z.string().min(1).max(200) });
const claimParams = slugParams.extend({ claimId: uuidSchema });
const senders = { audience: 'history', permission: 'signatures.create' } as const;
const open = { public: true } as const;

export const directLinkEndpoints = defineEndpoints(['direct links'], {
  get: {
    method: 'GET',
    path: '/api/request-templates/:id/direct-link',
    summary: "The template's direct link (null when never published)",
    auth: senders,
    params: idParamsSchema,
    responses: { 200: itemEnvelope(directLinkSchema.nullable()) },
  },
  publish: {
    method: 'PUT',
    path: '/api/request-templates/:id/direct-link',
    summary: "Publish, change or disable the template's direct link (its author, or someone above them)",
    auth: senders,
    params: idParamsSchema,
    body: directLinkSettingsInputSchema,
    responses: { 200: itemEnvelope(directLinkSchema) },
  },
  info: {
    method: 'GET',
    path: '/api/public/direct-links/:slug',
    summary: 'What a visitor of a direct link sees: the template, the role they take, the tenant, the documents',
    auth: open,
    params: slugParams,
    responses: { 200: itemEnvelope(directLinkInfoSchema) },
  },
  claim: {
    method: 'POST',
    path: '/api/public/direct-links/:slug/claims',
    summary: "A visitor's name and e-mail: a code is mailed to prove the address",
    auth: open,
    params: slugParams,
    body: directLinkClaimInputSchema,
    responses: { 202: itemEnvelope(directLinkClaimSchema) },
  },
  verify: {
    method: 'POST',
    path: '/api/public/direct-links/:slug/claims/:claimId/verify',
    summary: 'The mailed code: the request is made with the visitor as the first role; answers where they sign',
    auth: open,
    params: claimParams,
    body: directLinkVerifyInputSchema,
    responses: { 200: itemEnvelope(directLinkVerifiedSchema) },
  },
});
