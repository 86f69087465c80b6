import { z } from 'zod';
import { itemEnvelope, localeSchema, uuidSchema } from '../shared/common.ts';
import { audienceSchema, permissionSchema } from '../shared/access.ts';
import { emailSchema, passwordSchema, userSchema } from '../users/schemas.ts';
import { applicationSummarySchema } from '../applications/schemas.ts';

export const loginInputSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(200),
  /** The login page's language (the visitor's choice or browser): adopted by an account whose language nobody chose. */
  language: localeSchema.optional(),
});
export const loginResponse = itemEnvelope(z.object({ userId: uuidSchema, appId: uuidSchema, requestDoubleAuth: z.boolean() }));

export const tokenInputSchema = z.object({ audience: audienceSchema });
export const tokenResponse = itemEnvelope(z.object({ accessToken: z.string(), expiresAt: z.string() }));

export const forgotPasswordInputSchema = z.object({ email: emailSchema, language: localeSchema.optional() });
export const resetPasswordInputSchema = z.object({ token: z.string().min(10).max(500), password: passwordSchema });
export const confirmAccountInputSchema = z.object({ token: z.string().min(10).max(500) });
/** The link mailed to a new address (`#/confirm-email?token=…`). */
export const confirmEmailChangeInputSchema = z.object({ token: z.string().min(10).max(500) });

export const commuteInputSchema = z.object({ appId: uuidSchema, userId: uuidSchema });

/** Public sign-up of a new client account (spec §1 consents, §5 password). */
const versionSchema = z.number().int().positive();
export const signUpInputSchema = z.object({
  company: z.string().trim().min(1).max(200),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  email: emailSchema,
  password: passwordSchema,
  language: localeSchema.default('fr'),
  consents: z.object({
    terms: z.literal(true, { message: 'Accepting the terms of service is required.' }),
    personalData: z.literal(true, { message: 'Consent to personal-data processing is required.' }),
    partners: z.boolean().default(false),
    brandPublication: z.boolean().default(false),
  }),
  /**
   * The versions of the texts the page showed (GET /api/public/legal-texts; kinds: consentKinds); absent: the
   * current ones. Written out here rather than imported: the login route's bundle carries this file.
   */
  consentVersions: z
    .object({ terms: versionSchema, personalData: versionSchema, partners: versionSchema, brandPublication: versionSchema })
    .partial()
    .optional(),
});
export type SignUpInput = z.input<typeof signUpInputSchema>;
export const signUpResponse = itemEnvelope(z.object({ appId: uuidSchema, userId: uuidSchema }));

/** What `GET /api/Users/{app}/me` returns once the session is fully authenticated. */
export const meSchema = z.object({
  user: userSchema,
  application: applicationSummarySchema,
  permissions: z.array(permissionSchema),
  /** Set while a GERANT or the product administrator views the app as another user. */
  commutedBy: z.object({ userId: uuidSchema, name: z.string(), appId: uuidSchema }).nullable(),
  /** Whom a suspended account contacts (the platform's support address); absent while the account is enabled. */
  supportEmail: z.string().nullable().optional(),
});
export type Me = z.infer<typeof meSchema>;
export const meResponse = itemEnvelope(meSchema);

/** 206 body: a second factor is required before anything else. */
export const secondFactorRequiredSchema = z.object({
  requestDoubleAuth: z.literal(true),
  userId: uuidSchema,
  appId: uuidSchema,
  channel: z.enum(['email', 'sms']),
  /** Masked destination, e.g. "j***@example.com" or "+33 6** ** ** 12". */
  destination: z.string(),
});
export const secondFactorResponse = itemEnvelope(secondFactorRequiredSchema);
export const secondFactorCodeQuerySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});
