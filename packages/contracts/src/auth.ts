import { z } from 'zod';
import { itemEnvelope, localeSchema, uuidSchema } from './common.ts';
import { emailSchema, passwordSchema } from './users.ts';

/** Access tokens are minted per API audience; each route declares the audience it accepts. */
export const audiences = ['user', 'application', 'notification', 'history', 'outbox'] as const;
export const audienceSchema = z.enum(audiences);
export type Audience = z.infer<typeof audienceSchema>;

export const loginInputSchema = z.object({ email: emailSchema, password: z.string().min(1).max(200) });
export const loginResponse = itemEnvelope(
  z.object({ userId: uuidSchema, appId: uuidSchema, requestDoubleAuth: z.boolean() }),
);

export const tokenInputSchema = z.object({ audience: audienceSchema });
export const tokenResponse = itemEnvelope(z.object({ accessToken: z.string(), expiresAt: z.string() }));

export const forgotPasswordInputSchema = z.object({ email: emailSchema, language: localeSchema.optional() });
export const resetPasswordInputSchema = z.object({ token: z.string().min(10).max(500), password: passwordSchema });
export const confirmAccountInputSchema = z.object({ token: z.string().min(10).max(500) });

export const commuteInputSchema = z.object({ appId: uuidSchema, userId: uuidSchema });

/** Public sign-up of a new client account (spec §1 consents, §5 password). */
export const signUpInputSchema = z.object({
  company: z.string().trim().min(1).max(200),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  email: emailSchema,
  password: passwordSchema,
  language: localeSchema.default('fr'),
  consents: z.object({
    personalData: z.literal(true, { message: 'Consent to personal-data processing is required.' }),
    partners: z.boolean().default(false),
    brandPublication: z.boolean().default(false),
  }),
});
export type SignUpInput = z.input<typeof signUpInputSchema>;
export const signUpResponse = itemEnvelope(z.object({ appId: uuidSchema, userId: uuidSchema }));
