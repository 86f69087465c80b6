import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from './db/client.ts';
import { instanceSettings } from './db/schema/index.ts';

/** The instance secret: SECRET_KEY when given, otherwise generated once and kept in the database (shared by all nodes). */
export async function ensureSecret(database: DatabaseHandle, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  return database.inSystem(async (tx) => {
    await tx.insert(instanceSettings).values({ key: 'secret', value: randomBytes(48).toString('base64url') }).onConflictDoNothing();
    const [row] = await tx.select().from(instanceSettings).where(eq(instanceSettings.key, 'secret'));
    return String(row!.value);
  });
}

/** A key for one purpose, derived from the instance secret with its own label (HMAC-SHA256): stable across restarts and nodes. */
export function deriveKey(secret: string, label: string): Buffer {
  return createHmac('sha256', secret).update(label).digest();
}

/**
 * A short secret a domain must read back (a provider's password, a connector's token), sealed with AES-256-GCM
 * under a key derived for `label`: base64 of nonce (12 bytes) ‖ tag (16) ‖ ciphertext. A copy of the database
 * alone shows nothing; another label (another purpose) cannot open it.
 */
export function sealWithLabel(secret: string, label: string, text: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secret, label), nonce);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64');
}

/** The text `sealWithLabel` sealed; throws when the instance secret or the label differs (the caller says what it means). */
export function openWithLabel(secret: string, label: string, sealed: string): string {
  const stored = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(secret, label), stored.subarray(0, 12));
  decipher.setAuthTag(stored.subarray(12, 28));
  return Buffer.concat([decipher.update(stored.subarray(28)), decipher.final()]).toString('utf8');
}
