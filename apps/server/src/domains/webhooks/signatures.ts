import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Platform } from '../../platform/context.ts';
import { deriveKey } from '../../platform/secrets.ts';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_<base64 key>`; a delivery
 * carries `webhook-signature: v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>`, one such entry per secret
 * in use (two during a rotation's grace), separated by spaces. Secrets are stored sealed with AES-256-GCM under a
 * key derived from the instance secret (they must be read back to sign).
 */
const SEAL_LABEL = 'paraphe:webhooks:secret:v1';
const PREFIX = 'whsec_';

export const newWebhookSecret = () => `${PREFIX}${randomBytes(24).toString('base64')}`;

export function signatureOf(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The `webhook-signature` header value for every secret given (current first). */
export const signatureHeader = (secrets: readonly string[], messageId: string, timestampSeconds: number, body: string) =>
  secrets.map((secret) => signatureOf(secret, messageId, timestampSeconds, body)).join(' ');

const sealKey = (platform: Platform) => deriveKey(platform.secret, SEAL_LABEL);

export function sealSecret(platform: Platform, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(platform), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

export function openSecret(platform: Platform, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(platform), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
