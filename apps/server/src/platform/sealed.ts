import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './secrets.ts';

/**
 * Secrets the server must read back (a provider's password, a CRM's OAuth tokens), sealed at rest with AES-256-GCM
 * under a key of their own, derived from the instance secret with a label per purpose: a copy of the database alone
 * shows nothing, and one purpose's key opens nothing else. Layout: nonce (12) · tag (16) · body, in base64.
 */
export function seal(secret: string, label: string, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secret, label), nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64');
}

/** Throws when the value was sealed under another instance secret or label (or altered). */
export function unseal(secret: string, label: string, sealed: string): string {
  const stored = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(secret, label), stored.subarray(0, 12));
  decipher.setAuthTag(stored.subarray(12, 28));
  return Buffer.concat([decipher.update(stored.subarray(28)), decipher.final()]).toString('utf8');
}
