import { z } from 'zod';
import { itemEnvelope, uuidSchema } from '../shared/common.ts';
import type { Permission } from '../shared/access.ts';

/**
 * API keys (docs/api-v1.md): a tenant's keys for the public REST API `/api/v1`. The secret is shown once, at
 * creation; only its SHA-256 is stored, with a visible prefix (`pk_live_AbCd…`) to tell keys apart.
 */
export const apiKeyScopes = ['read', 'create', 'send', 'manage'] as const;
export const apiKeyScopeSchema = z.enum(apiKeyScopes);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** What a key's call may do: the technical user acts with exactly these permissions. */
export const apiKeyScopePermissions: Record<ApiKeyScope, Permission[]> = {
  read: ['signatures.read', 'campaigns.read', 'operations.read'],
  create: ['signatures.create'],
  send: ['signatures.create', 'campaigns.manage', 'operations.manage'],
  manage: ['signatures.manage', 'campaigns.manage', 'operations.manage'],
};

/** `pk_live_` for a tenant in live mode, `pk_test_` in test mode; then 32 random bytes, base64url. */
export const apiKeySecretPattern = /^pk_(live|test)_[A-Za-z0-9_-]{43}$/;
/** How many characters of the secret stay visible (the `pk_live_` part and the first random ones). */
export const apiKeyPrefixLength = 12;

export const apiKeySchema = z.object({
  id: uuidSchema,
  label: z.string(),
  /** The first characters of the secret, e.g. `pk_live_AbCd`. */
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  expiresAt: z.string().nullable(),
  /** Updated at most once a minute. */
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.object({ id: uuidSchema, name: z.string() }).nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeyInputSchema = z.object({
  label: z.string().trim().min(1).max(100),
  scopes: z
    .array(apiKeyScopeSchema)
    .min(1)
    .max(apiKeyScopes.length)
    .transform((scopes) => [...new Set(scopes)]),
  /** ISO date or date-time in the future; absent: the key does not expire. */
  expiresAt: z.iso.datetime({ offset: true }).or(z.iso.date()).nullish(),
});
export type CreateApiKeyInput = z.input<typeof createApiKeyInputSchema>;

export const apiKeyResponse = itemEnvelope(apiKeySchema);
export const apiKeyListResponse = itemEnvelope(z.array(apiKeySchema));
/** The creation answer: the key and its secret, shown this once. */
export const createdApiKeyResponse = itemEnvelope(apiKeySchema.extend({ secret: z.string() }));
