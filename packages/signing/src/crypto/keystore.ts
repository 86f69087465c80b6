import { createCipheriv, createDecipheriv, createPrivateKey, randomBytes, scrypt, type KeyObject } from 'node:crypto';
import { SigningError } from '../errors.ts';
import type { Der, SignerIdentity } from './types.ts';

/**
 * Private keys at rest: PKCS#8 DER encrypted with AES-256-GCM under a key derived from the caller's secret with
 * scrypt (N=2^15, r=8, p=1, a fresh 16-byte salt per sealed object). The label (e.g. "root") is the GCM
 * additional data, so a ciphertext cannot be swapped for another role's.
 */
export type EncryptionSecret = string | Uint8Array;

export interface KeyDerivation {
  algorithm: 'scrypt';
  salt: string; // base64
  N: number;
  r: number;
  p: number;
}

export interface SealedKey {
  iv: string; // base64, 12 bytes
  ciphertext: string; // base64
  tag: string; // base64, 16 bytes
}

const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;

export function newKeyDerivation(): KeyDerivation {
  return { algorithm: 'scrypt', salt: randomBytes(16).toString('base64'), ...SCRYPT };
}

export function deriveKey(secret: EncryptionSecret, kdf: KeyDerivation): Promise<Buffer> {
  if (kdf.algorithm !== 'scrypt' || !(kdf.N >= 2 ** 14 && kdf.N <= 2 ** 20) || kdf.r < 1 || kdf.r > 32 || kdf.p < 1 || kdf.p > 16) {
    return Promise.reject(new SigningError('KEY_DECRYPTION_FAILED', 'unsupported key derivation parameters'));
  }
  if (typeof secret === 'string' ? secret.length === 0 : secret.byteLength === 0) {
    return Promise.reject(new SigningError('KEY_DECRYPTION_FAILED', 'the encryption key is empty'));
  }
  return new Promise((resolve, reject) => {
    scrypt(secret, Buffer.from(kdf.salt, 'base64'), 32, { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r }, (error, key) =>
      error ? reject(new SigningError('KEY_DECRYPTION_FAILED', 'key derivation failed', undefined, { cause: error })) : resolve(key),
    );
  });
}

export function sealKey(privateKey: KeyObject, key: Buffer, label: string): SealedKey {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(label));
  const plain = privateKey.export({ type: 'pkcs8', format: 'der' });
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { iv: iv.toString('base64'), ciphertext: ciphertext.toString('base64'), tag: cipher.getAuthTag().toString('base64') };
}

export function openKey(sealed: SealedKey, key: Buffer, label: string): KeyObject {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(Buffer.from(label));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]);
    return createPrivateKey({ key: plain, format: 'der', type: 'pkcs8' });
  } catch (error) {
    throw new SigningError('KEY_DECRYPTION_FAILED', `the ${label} key could not be decrypted (wrong encryption key?)`, undefined, { cause: error });
  }
}

// ---------------------------------------------------------------- single identities (seal, TSA, imported)

/** A SignerIdentity at rest (JSON-serialisable), e.g. a tenant's seal or the TSA identity. */
export interface SealedIdentity {
  format: 'paraphe-identity/1';
  certificate: string; // base64 DER
  chain: string[]; // base64 DER, issuer first
  kdf: KeyDerivation;
  privateKey: SealedKey;
}

const toBase64 = (der: Der): string => Buffer.from(der).toString('base64');
const fromBase64 = (text: string): Der => new Uint8Array(Buffer.from(text, 'base64'));

export async function sealIdentity(identity: SignerIdentity, secret: EncryptionSecret): Promise<SealedIdentity> {
  const kdf = newKeyDerivation();
  const key = await deriveKey(secret, kdf);
  return {
    format: 'paraphe-identity/1',
    certificate: toBase64(identity.certificate),
    chain: identity.chain.map(toBase64),
    kdf,
    privateKey: sealKey(identity.privateKey, key, 'identity'),
  };
}

export async function openIdentity(sealed: SealedIdentity, secret: EncryptionSecret): Promise<SignerIdentity> {
  if (sealed?.format !== 'paraphe-identity/1') throw new SigningError('KEY_DECRYPTION_FAILED', 'not a sealed identity');
  const key = await deriveKey(secret, sealed.kdf);
  return {
    privateKey: openKey(sealed.privateKey, key, 'identity'),
    certificate: fromBase64(sealed.certificate),
    chain: sealed.chain.map(fromBase64),
  };
}

export { toBase64, fromBase64 };
