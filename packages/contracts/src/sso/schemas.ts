import { z } from 'zod';
import { itemEnvelope, uuidSchema } from '../shared/common.ts';
import { emailSchema } from '../users/schemas.ts';
import { profileSchema } from '../shared/access.ts';

/**
 * Single sign-on (docs/sso.md): one OpenID Connect provider per tenant (authorization code + PKCE). The client
 * secret is write-only: the API says whether one is set, never what it is.
 */

/** A bare e-mail domain (`customer.com`, `mail.customer.co.uk`), lower-cased. */
export const ssoDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a domain such as customer.com');

/** The issuer (discovery) URL: https, or http only where the server allows private networks (a local Keycloak). */
export const ssoIssuerSchema = z.url({ protocol: /^https?$/ }).max(500);

export const ssoConfigInputSchema = z
  .object({
    enabled: z.boolean(),
    /** Shown on the login page: "Log in with <providerName>". */
    providerName: z.string().trim().min(1).max(60),
    issuer: ssoIssuerSchema,
    clientId: z.string().trim().min(1).max(300),
    /** Write-only. Omitted on an update: the stored secret is kept. */
    clientSecret: z.string().min(1).max(2000).optional(),
    allowedDomains: z.array(ssoDomainSchema).min(1).max(20),
    /** The profile and line manager of a user created at their first SSO login (just-in-time). */
    defaultProfile: profileSchema,
    defaultParentId: uuidSchema.nullable(),
    /** Passwords refused for the tenant's users, except `breakGlassUserId` (a GERANT who keeps a password). */
    ssoOnly: z.boolean(),
    breakGlassUserId: uuidSchema.nullable(),
  })
  .refine((v) => !v.ssoOnly || v.breakGlassUserId, { path: ['breakGlassUserId'], message: 'SSO only needs a break-glass administrator.' });
export type SsoConfigInput = z.infer<typeof ssoConfigInputSchema>;

export const ssoConfigSchema = z.object({
  configured: z.boolean(),
  enabled: z.boolean(),
  providerName: z.string().nullable(),
  issuer: z.string().nullable(),
  clientId: z.string().nullable(),
  clientSecretSet: z.boolean(),
  allowedDomains: z.array(z.string()),
  defaultProfile: profileSchema,
  defaultParentId: uuidSchema.nullable(),
  ssoOnly: z.boolean(),
  breakGlassUserId: uuidSchema.nullable(),
  /** The redirect URI to register at the provider (the same for every tenant of this server). */
  redirectUri: z.string(),
  /** The tenant's own start address (a bookmark, an intranet link, the provider's "initiate login URI"). */
  startUrl: z.string(),
  updatedAt: z.string().nullable(),
});
export type SsoConfig = z.infer<typeof ssoConfigSchema>;
export const ssoConfigResponse = itemEnvelope(ssoConfigSchema);

export const ssoDiscoverBodySchema = z.object({ email: emailSchema });
/** The login page's question "does this e-mail's domain sign in elsewhere?": by domain only, never by account. */
export const ssoDiscoverResponse = itemEnvelope(z.object({ provider: z.object({ name: z.string(), startUrl: z.string() }).nullable() }));

export const ssoStartParamsSchema = z.object({ appId: uuidSchema });
export const ssoCallbackQuerySchema = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(500).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

/** Why an SSO login was refused: the login page shows `#/?sso=<code>`. */
export const ssoErrorCodes = ['unavailable', 'state_invalid', 'declined', 'token_invalid', 'email_unverified', 'domain_refused', 'account_refused'] as const;
export type SsoErrorCode = (typeof ssoErrorCodes)[number];
