import { openIdentity, sealIdentity, SigningError, type SealedIdentity, type SignerIdentity } from '@paraphe/signing';
import type { Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { deriveKey } from '../../platform/secrets.ts';

/**
 * Stamp accounts' private keys at rest: the signing engine's keystore (AES-256-GCM, scrypt per identity, as the pki
 * domain's seals) under a key derived from the instance secret with the stamps' own label — never the PKI's key, so
 * neither can open the other's. Opening costs one scrypt (≈50–100 ms): opened identities are kept per process
 * (bounded), keyed by the account id, which never changes its key.
 */
const KEY_LABEL = 'paraphe:stamps:key-encryption:v1';
const CACHE_LIMIT = 500;

const opened = new WeakMap<Platform, Map<string, Promise<SignerIdentity>>>();

function encryptionKey(platform: Platform): Uint8Array {
  return new Uint8Array(deriveKey(platform.secret, KEY_LABEL));
}

export function sealAccountIdentity(platform: Platform, identity: SignerIdentity): Promise<SealedIdentity> {
  return sealIdentity(identity, encryptionKey(platform));
}

/** The account's identity, opened once per process. A key that does not open (SECRET_KEY changed) is the operator's. */
export function openAccountIdentity(platform: Platform, account: { id: string; sealed: SealedIdentity }): Promise<SignerIdentity> {
  let cache = opened.get(platform);
  if (!cache) opened.set(platform, (cache = new Map()));
  const known = cache.get(account.id);
  if (known) return known;
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  const opening = openIdentity(account.sealed, encryptionKey(platform)).catch((error: unknown) => {
    cache.delete(account.id);
    if (error instanceof SigningError && error.code === 'KEY_DECRYPTION_FAILED') {
      platform.logger.error(
        { err: error, accountId: account.id },
        'stamps: a stamp account key cannot be decrypted: SECRET_KEY differs from the one that stored it',
      );
      throw new AppError('UNAVAILABLE', 'The sealing service is unavailable.', { cause: error });
    }
    throw error;
  });
  cache.set(account.id, opening);
  return opening;
}

/** A deleted account's key leaves the process memory too. */
export function forgetAccountIdentity(platform: Platform, accountId: string): void {
  opened.get(platform)?.delete(accountId);
}
