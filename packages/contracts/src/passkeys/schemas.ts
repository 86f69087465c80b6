import { z } from 'zod';
import { itemEnvelope, uuidSchema } from '../shared/common.ts';

/** A passkey as its owner's profile lists it (never the key itself). */
export const passkeySchema = z.object({
  id: uuidSchema,
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** `multiDevice`: synced by a password manager or the platform's keychain; `singleDevice`: bound to one key. */
  deviceType: z.enum(['singleDevice', 'multiDevice']),
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyResponse = itemEnvelope(passkeySchema);
export const passkeyListResponse = itemEnvelope(z.array(passkeySchema));

export const passkeyNameSchema = z.string().trim().min(1).max(100);
export const renamePasskeyInputSchema = z.object({ name: passkeyNameSchema });

/** The options the browser passes to `navigator.credentials.create/get` (WebAuthn JSON form), as the server made them. */
export const passkeyOptionsResponse = itemEnvelope(z.object({ options: z.record(z.string(), z.unknown()) }));

const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*={0,2}$/)
  .max(16_384);
const common = {
  id: base64url.min(1).max(1_024),
  rawId: base64url.min(1).max(1_024),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** What `navigator.credentials.create` answered (RegistrationResponseJSON). */
export const registrationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
});
/** What `navigator.credentials.get` answered (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

export const registerPasskeyInputSchema = z.object({ name: passkeyNameSchema, response: registrationResponseSchema });
export const passkeyAssertionInputSchema = z.object({ response: authenticationResponseSchema });

/** Whether the session's user has a passkey to offer at the second-factor step. */
export const passkeyAvailabilityResponse = itemEnvelope(z.object({ available: z.boolean() }));
