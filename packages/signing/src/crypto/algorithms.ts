import { constants, createHash, generateKeyPair, privateEncrypt, sign, verify, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { DerError, children, nullValue, oid, readOid, readSmallInteger, sequence, type DerNode } from './der.ts';
import { OID, hashNames } from './oids.ts';
import type { KeyAlgorithm } from './types.ts';
import { SigningError } from '../errors.ts';

const generateKeyPairAsync = promisify(generateKeyPair);

export async function generateKey(algorithm: KeyAlgorithm): Promise<KeyObject> {
  switch (algorithm) {
    case 'RSA-2048':
    case 'RSA-3072': {
      const pair = await generateKeyPairAsync('rsa', { modulusLength: algorithm === 'RSA-2048' ? 2048 : 3072 });
      return pair.privateKey;
    }
    case 'P-256':
      return (await generateKeyPairAsync('ec', { namedCurve: 'P-256' })).privateKey;
    default:
      throw new SigningError('UNSUPPORTED', `unsupported key algorithm ${String(algorithm)}`);
  }
}

export const keyAlgorithms: readonly KeyAlgorithm[] = ['RSA-2048', 'RSA-3072', 'P-256'];

const sha256WithRsa = sequence(oid(OID.sha256WithRsa), nullValue());
const ecdsaWithSha256 = sequence(oid(OID.ecdsaWithSha256));
export const sha256AlgorithmIdentifier = sequence(oid(OID.sha256));

/** The AlgorithmIdentifier (DER) we sign with for this key: always SHA-256. */
export function signatureAlgorithmFor(key: KeyObject): Uint8Array {
  switch (key.asymmetricKeyType) {
    case 'rsa':
      return sha256WithRsa;
    case 'ec':
      return ecdsaWithSha256;
    default:
      throw new DerError(`unsupported key type ${key.asymmetricKeyType}`);
  }
}

/** Synchronous SHA-256 signature (node:crypto; ~0.4 ms for RSA-2048, far cheaper than WebCrypto's async path). */
export function signSha256(key: KeyObject, data: Uint8Array): Uint8Array {
  return sign('sha256', data, key);
}

/** DigestInfo prefix of SHA-256 (RFC 8017 §9.2 note 1): what PKCS#1 v1.5 signs around the 32-byte hash. */
const SHA256_DIGEST_INFO_PREFIX = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/**
 * The signature of an already computed SHA-256 digest (what a remote signing service's signHash does):
 * RSA PKCS#1 v1.5 over DigestInfo: the same bytes as signSha256(key, data). RSA keys only (see below).
 */
export function signSha256Digest(key: KeyObject, digest: Uint8Array): Uint8Array {
  if (digest.length !== 32) throw new SigningError('CMS_INVALID', 'a SHA-256 digest is 32 bytes');
  switch (key.asymmetricKeyType) {
    case 'rsa':
      return privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.concat([SHA256_DIGEST_INFO_PREFIX, digest]));
    default:
      // node:crypto has no ECDSA over a given hash (sign(null, …) hashes again): EC keys sign through their provider.
      throw new SigningError('UNSUPPORTED', `signing a precomputed digest needs an RSA key (got ${key.asymmetricKeyType})`);
  }
}

export function digest(algorithm: string, data: Uint8Array): Uint8Array {
  return createHash(algorithm).update(data).digest();
}

export const sha256 = (data: Uint8Array): Uint8Array => digest('sha256', data);

/** node:crypto hash name for a digest AlgorithmIdentifier node, or undefined when not accepted. */
export function hashNameOf(algorithmIdentifier: DerNode | undefined): 'sha1' | 'sha256' | 'sha384' | 'sha512' | undefined {
  if (!algorithmIdentifier) return undefined;
  return hashNames[readOid(children(algorithmIdentifier)[0])];
}

const signatureHashes: Record<string, string> = {
  [OID.sha1WithRsa]: 'sha1',
  [OID.sha256WithRsa]: 'sha256',
  [OID.sha384WithRsa]: 'sha384',
  [OID.sha512WithRsa]: 'sha512',
  [OID.ecdsaWithSha256]: 'sha256',
  [OID.ecdsaWithSha384]: 'sha384',
  [OID.ecdsaWithSha512]: 'sha512',
};

/**
 * Verifies `signature` over `data` with the algorithm named by a signature AlgorithmIdentifier.
 * `digestHash` is the digest algorithm of a CMS SignerInfo, used when the signature algorithm is bare
 * rsaEncryption / ecPublicKey (allowed by RFC 5652 and common in the wild).
 */
export function verifyWithAlgorithm(algorithmIdentifier: DerNode, data: Uint8Array, signature: Uint8Array, publicKey: KeyObject, digestHash?: string): boolean {
  const [algorithmNode, parameters] = children(algorithmIdentifier);
  const algorithm = readOid(algorithmNode);
  try {
    if (algorithm === OID.ed25519) return verify(null, data, publicKey, signature);
    if (algorithm === OID.rsaPss) return verifyRsaPss(parameters, data, signature, publicKey);
    const hash = signatureHashes[algorithm] ?? (algorithm === OID.rsaEncryption || algorithm === OID.ecPublicKey ? digestHash : undefined);
    if (!hash) throw new DerError(`unsupported signature algorithm ${algorithm}`);
    return verify(hash, data, publicKey, signature);
  } catch (error) {
    if (error instanceof DerError) throw error;
    return false; // key/algorithm mismatch or malformed signature: simply not valid
  }
}

function verifyRsaPss(parameters: DerNode | undefined, data: Uint8Array, signature: Uint8Array, publicKey: KeyObject): boolean {
  // RSASSA-PSS-params: [0] hashAlgorithm (default sha1), [1] maskGen, [2] saltLength (default 20).
  let hash = 'sha1';
  let saltLength = 20;
  for (const field of parameters && parameters.tag === 0x30 ? children(parameters) : []) {
    const [inner] = children(field);
    if (field.tag === 0xa0) hash = hashNameOf(inner) ?? 'unsupported';
    if (field.tag === 0xa2) saltLength = readSmallInteger(inner);
  }
  if (hash === 'unsupported') throw new DerError('unsupported RSA-PSS hash');
  return verify(hash, data, { key: publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength }, signature);
}
