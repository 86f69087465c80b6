import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { openIdentity, sealIdentity, SigningError, type SealedIdentity, type SignerIdentity } from '@paraphe/signing';
import type { Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * Protection of what the certificates domain keeps (docs/qualified.md, "Key protection"):
 * - a certificate's private key: the engine's keystore (AES-256-GCM, scrypt with a random salt) under a key
 *   encryption key of its own, HKDF-SHA256(instance secret, salt = the certificate's random `keySalt`), so a key
 *   encryption key opens one certificate only and none is ever stored;
 * - identity documents: AES-256-GCM under HKDF(instance secret, label of the documents), nonce and tag beside
 *   the ciphertext in storage — a copy of the storage folder alone shows nothing.
 */
const KEY_INFO = 'paraphe:qualified:key-encryption:v1';
const DOCUMENT_INFO = 'paraphe:qualified:documents:v1';

const hkdf = (platform: Platform, salt: Buffer | string, info: string) => new Uint8Array(hkdfSync('sha256', platform.secret, salt, info, 32));

export const newKeySalt = () => randomBytes(16).toString('base64');

export function sealCertificateKey(platform: Platform, identity: SignerIdentity, keySalt: string): Promise<SealedIdentity> {
  return sealIdentity(identity, hkdf(platform, Buffer.from(keySalt, 'base64'), KEY_INFO));
}

/** Opened only inside the signing call, never cached: the key lives as long as the signature takes. */
export async function openCertificateKey(platform: Platform, sealed: SealedIdentity, keySalt: string): Promise<SignerIdentity> {
  try {
    return await openIdentity(sealed, hkdf(platform, Buffer.from(keySalt, 'base64'), KEY_INFO));
  } catch (error) {
    if (error instanceof SigningError && error.code === 'KEY_DECRYPTION_FAILED') {
      platform.logger.error({ err: error }, 'certificates: a qualified certificate key cannot be decrypted: SECRET_KEY differs from the one that sealed it');
      throw new AppError('UNAVAILABLE', 'The signing service is unavailable.', { cause: error });
    }
    throw error;
  }
}

export function encryptDocument(platform: Platform, plain: Uint8Array): Buffer {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', hkdf(platform, 'paraphe-qualified', DOCUMENT_INFO), nonce);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), body]);
}

export function decryptDocument(platform: Platform, stored: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', hkdf(platform, 'paraphe-qualified', DOCUMENT_INFO), stored.subarray(0, 12));
  decipher.setAuthTag(stored.subarray(12, 28));
  return Buffer.concat([decipher.update(stored.subarray(28)), decipher.final()]);
}
