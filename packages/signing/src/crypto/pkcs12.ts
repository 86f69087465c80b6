/**
 * Bring-your-own certificate: PKCS#12 (.p12/.pfx) import. Supports what OpenSSL 3 writes by default (PBES2:
 * PBKDF2-HMAC-SHA256 + AES-CBC, HMAC-SHA256 MAC) and the PKCS#12 v1 schemes of older tools and Windows
 * (SHA-1 KDF with 3DES or RC2, as `openssl pkcs12 -legacy` and OpenSSL 1.x write).
 */
import { createDecipheriv, createHash, createHmac, createPrivateKey, pbkdf2Sync, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SigningError } from '../errors.ts';
import { hashNameOf } from './algorithms.ts';
import { DerError, children, content, expectTag, fields, parseDer, raw, readOctets, readOid, readSmallInteger, type DerNode } from './der.ts';
import { OID } from './oids.ts';
import { rc2CbcDecrypt } from './rc2.ts';
import type { Der, SignerIdentity } from './types.ts';
import { bytesEqual, parseCertificate, spkiOf } from './x509.ts';

/**
 * The most key-derivation iterations a PKCS#12 may ask for. OpenSSL writes 2,048, Windows 2,000, the most careful
 * tools a few hundred thousand; each iteration is a hash, so a file asking for ten million makes whoever opens it
 * hash for tens of seconds (a wrong password costs the same). Above this the file is refused unread
 * (`details.reason` TOO_MANY_ITERATIONS, with `iterations` and `maxIterations`).
 */
export const maxPkcs12Iterations = 2_000_000;

export function loadPkcs12(bytes: Uint8Array, password: string): SignerIdentity {
  try {
    return readPfx(bytes, password);
  } catch (error) {
    if (error instanceof SigningError) throw error;
    throw new SigningError('PKCS12_INVALID', `not a readable PKCS#12 file: ${error instanceof Error ? error.message : String(error)}`, undefined, {
      cause: error,
    });
  }
}

function readPfx(bytes: Uint8Array, password: string): SignerIdentity {
  const [version, authSafe, macData] = fields(parseDer(bytes), 0x30, 'PFX', 2);
  if (readSmallInteger(version) !== 3) throw new DerError('unsupported PFX version');
  const [contentType, wrapper] = fields(authSafe, 0x30, 'authSafe', 2);
  if (readOid(contentType) !== OID.data) throw new DerError('public-key protected PKCS#12 is not supported');
  const authenticatedSafe = readOctets(children(expectTag(wrapper, 0xa0, 'authSafe content'))[0]);
  if (macData) checkMac(macData, authenticatedSafe, password);

  const keys: KeyObject[] = [];
  const certificates: Der[] = [];
  for (const contentInfo of children(expectTag(parseDer(authenticatedSafe), 0x30, 'AuthenticatedSafe'))) {
    const [type, value] = fields(contentInfo, 0x30, 'ContentInfo', 2);
    const inner = children(expectTag(value, 0xa0, 'ContentInfo content'))[0];
    const typeOid = readOid(type);
    let safeContents: Uint8Array;
    if (typeOid === OID.data) safeContents = readOctets(inner);
    else if (typeOid === OID.encryptedData) safeContents = decryptEncryptedData(inner, password);
    else throw new DerError('unsupported PKCS#12 content type');
    readSafeContents(safeContents, password, keys, certificates);
  }
  return assembleIdentity(keys, certificates);
}

function readSafeContents(der: Uint8Array, password: string, keys: KeyObject[], certificates: Der[]): void {
  for (const bag of children(expectTag(parseDer(der), 0x30, 'SafeContents'))) {
    const [bagId, wrapper] = fields(bag, 0x30, 'SafeBag', 2);
    const value = children(expectTag(wrapper, 0xa0, 'bagValue'))[0]!;
    switch (readOid(bagId)) {
      case OID.keyBag:
        keys.push(privateKey(raw(value)));
        break;
      case OID.pkcs8ShroudedKeyBag: {
        const [algorithm, encrypted] = fields(value, 0x30, 'EncryptedPrivateKeyInfo', 2);
        keys.push(privateKey(decrypt(algorithm!, readOctets(encrypted), password)));
        break;
      }
      case OID.certBag: {
        const [certType, certValue] = fields(value, 0x30, 'CertBag', 2);
        if (readOid(certType) === OID.x509Certificate) {
          certificates.push(new Uint8Array(readOctets(children(expectTag(certValue, 0xa0, 'certValue'))[0])));
        }
        break;
      }
      default: // CRL bags, secret bags, nested safe contents: irrelevant for signing
    }
  }
}

function privateKey(pkcs8: Uint8Array): KeyObject {
  try {
    return createPrivateKey({ key: Buffer.from(pkcs8), format: 'der', type: 'pkcs8' });
  } catch {
    throw new SigningError('PKCS12_INVALID', 'the private key could not be read (wrong password?)', { reason: 'WRONG_PASSWORD' });
  }
}

/** The certificate matching the key, then its issuers in order (issuer first), from what the file carries. */
function assembleIdentity(keys: KeyObject[], certificates: Der[]): SignerIdentity {
  if (keys.length === 0) throw new SigningError('PKCS12_INVALID', 'the PKCS#12 file holds no private key', { reason: 'NO_PRIVATE_KEY' });
  const parsed = certificates.map((der) => parseCertificate(der));
  for (const key of keys) {
    const spki = spkiOf(key);
    const leaf = parsed.find((certificate) => bytesEqual(certificate.spki, spki));
    if (!leaf) continue;
    const chain: Der[] = [];
    for (let current = leaf; chain.length < parsed.length;) {
      const issuer = parsed.find((candidate) => candidate !== current && bytesEqual(candidate.subject, current.issuer) && !chain.includes(candidate.der));
      if (!issuer || bytesEqual(issuer.der, leaf.der)) break;
      chain.push(issuer.der);
      current = issuer;
    }
    return { privateKey: key, certificate: leaf.der, chain };
  }
  throw new SigningError('PKCS12_INVALID', 'no certificate in the file matches its private key', { reason: 'KEY_MISMATCH' });
}

// ---------------------------------------------------------------- integrity and decryption

function checkMac(macData: DerNode, authenticatedSafe: Uint8Array, password: string): void {
  const [digestInfo, saltNode, iterationsNode] = fields(macData, 0x30, 'MacData', 2);
  const [algorithm, expected] = fields(digestInfo, 0x30, 'DigestInfo', 2);
  const hash = hashNameOf(algorithm);
  if (!hash) throw new DerError('unsupported MAC algorithm');
  const iterations = iterationsNode ? readSmallInteger(iterationsNode) : 1;
  checkIterations(iterations);
  const length = createHash(hash).digest().length;
  const key = pkcs12Kdf(hash, password, readOctets(saltNode), iterations, 3, length);
  const actual = createHmac(hash, key).update(authenticatedSafe).digest();
  const expectedMac = readOctets(expected);
  if (actual.length !== expectedMac.length || !timingSafeEqual(actual, expectedMac)) {
    throw new SigningError('PKCS12_INVALID', 'wrong password (PKCS#12 integrity check failed)', { reason: 'WRONG_PASSWORD' });
  }
}

function decryptEncryptedData(node: DerNode | undefined, password: string): Uint8Array {
  const [, encryptedContentInfo] = fields(node, 0x30, 'EncryptedData', 2);
  const [, algorithm, encrypted] = fields(encryptedContentInfo, 0x30, 'EncryptedContentInfo', 3);
  // [0] IMPLICIT OCTET STRING: primitive (0x80) or BER constructed (0xa0) made of OCTET STRING parts
  const ciphertext = encrypted!.tag === 0x80 ? content(encrypted!) : Buffer.concat(children(encrypted!).map((part) => readOctets(part)));
  return decrypt(algorithm!, ciphertext, password);
}

const aesCiphers: Record<string, { name: string; keyLength: number }> = {
  [OID.aes128Cbc]: { name: 'aes-128-cbc', keyLength: 16 },
  [OID.aes192Cbc]: { name: 'aes-192-cbc', keyLength: 24 },
  [OID.aes256Cbc]: { name: 'aes-256-cbc', keyLength: 32 },
};
const prfHashes: Record<string, string> = {
  [OID.hmacWithSha1]: 'sha1',
  [OID.hmacWithSha256]: 'sha256',
  [OID.hmacWithSha384]: 'sha384',
  [OID.hmacWithSha512]: 'sha512',
};

function decrypt(algorithmIdentifier: DerNode, ciphertext: Uint8Array, password: string): Uint8Array {
  const [algorithmNode, parameters] = fields(algorithmIdentifier, 0x30, 'AlgorithmIdentifier', 1);
  const algorithm = readOid(algorithmNode);
  if (algorithm === OID.pbes2) return decryptPbes2(parameters, ciphertext, password);
  const scheme = pkcs12PbeCiphers[algorithm];
  if (scheme) return decryptPkcs12Pbe(scheme, parameters, ciphertext, password);
  throw new SigningError('PKCS12_INVALID', 'unsupported PKCS#12 encryption algorithm');
}

/** PBES2 (RFC 8018): PBKDF2 over the UTF-8 password, then AES-CBC. */
function decryptPbes2(parameters: DerNode | undefined, ciphertext: Uint8Array, password: string): Uint8Array {
  const [kdf, scheme] = fields(parameters, 0x30, 'PBES2-params', 2);
  const [kdfOid, kdfParameters] = fields(kdf, 0x30, 'keyDerivationFunc', 2);
  if (readOid(kdfOid) !== OID.pbkdf2) throw new DerError('unsupported PBES2 key derivation');
  const [schemeOid, ivNode] = fields(scheme, 0x30, 'encryptionScheme', 2);
  const cipher = aesCiphers[readOid(schemeOid)];
  if (!cipher) throw new SigningError('PKCS12_INVALID', 'unsupported PKCS#12 cipher (AES-CBC expected)');
  const [salt, iterationsNode, ...rest] = fields(kdfParameters, 0x30, 'PBKDF2-params', 2);
  const prfNode = rest.find((node) => node.tag === 0x30);
  const prf = prfNode ? prfHashes[readOid(children(prfNode)[0])] : 'sha1';
  if (!prf) throw new DerError('unsupported PBKDF2 PRF');
  const iterations = readSmallInteger(iterationsNode);
  checkIterations(iterations);
  const key = pbkdf2Sync(Buffer.from(password, 'utf8'), readOctets(salt), iterations, cipher.keyLength, prf);
  try {
    const decipher = createDecipheriv(cipher.name, key, readOctets(ivNode));
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    throw new SigningError('PKCS12_INVALID', 'decryption failed (wrong password?)', { reason: 'WRONG_PASSWORD' });
  }
}

/** PKCS#12 v1 password-based schemes (RFC 7292 appendix C): SHA-1 KDF, then 3DES or RC2. */
interface Pkcs12PbeCipher {
  keyLength: number;
  rc2Bits?: number;
}
const pkcs12PbeCiphers: Record<string, Pkcs12PbeCipher> = {
  [OID.pbeSha1And3DesCbc]: { keyLength: 24 },
  [OID.pbeSha1And2DesCbc]: { keyLength: 16 },
  [OID.pbeSha1And128BitRc2Cbc]: { keyLength: 16, rc2Bits: 128 },
  [OID.pbeSha1And40BitRc2Cbc]: { keyLength: 5, rc2Bits: 40 },
};

function decryptPkcs12Pbe(scheme: Pkcs12PbeCipher, parameters: DerNode | undefined, ciphertext: Uint8Array, password: string): Uint8Array {
  const [salt, iterationsNode] = fields(parameters, 0x30, 'pkcs-12PbeParams', 2);
  const iterations = readSmallInteger(iterationsNode);
  checkIterations(iterations);
  const saltBytes = readOctets(salt);
  const key = pkcs12Kdf('sha1', password, saltBytes, iterations, 1, scheme.keyLength);
  const iv = pkcs12Kdf('sha1', password, saltBytes, iterations, 2, 8);
  try {
    if (scheme.rc2Bits) return rc2CbcDecrypt(key, scheme.rc2Bits, iv, ciphertext);
    const desKey = scheme.keyLength === 16 ? Buffer.concat([key, key.subarray(0, 8)]) : key; // two-key 3DES: K3 = K1
    const decipher = createDecipheriv('des-ede3-cbc', desKey, iv);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    throw new SigningError('PKCS12_INVALID', 'decryption failed (wrong password?)', { reason: 'WRONG_PASSWORD' });
  }
}

function checkIterations(iterations: number): void {
  if (!(iterations >= 1)) throw new DerError('unreasonable iteration count');
  if (iterations > maxPkcs12Iterations) {
    throw new SigningError('PKCS12_INVALID', `the PKCS#12 file asks for ${iterations} key-derivation iterations (at most ${maxPkcs12Iterations} accepted)`, {
      reason: 'TOO_MANY_ITERATIONS',
      iterations,
      maxIterations: maxPkcs12Iterations,
    });
  }
}

/** RFC 7292 appendix B.2 key derivation (password as BMPString with a terminating NUL). */
function pkcs12Kdf(hash: string, password: string, salt: Uint8Array, iterations: number, id: number, length: number): Buffer {
  const u = createHash(hash).digest().length;
  const v = hash === 'sha384' || hash === 'sha512' ? 128 : 64;
  const passwordBytes = Buffer.from(password + '\0', 'utf16le').swap16();
  const fill = (source: Uint8Array): Buffer => {
    const out = Buffer.alloc(source.length ? v * Math.ceil(source.length / v) : 0);
    for (let i = 0; i < out.length; i++) out[i] = source[i % source.length]!;
    return out;
  };
  const input = Buffer.concat([fill(salt), fill(passwordBytes)]);
  const diversifier = Buffer.alloc(v, id);
  const output: Buffer[] = [];
  for (let produced = 0; produced < length; produced += u) {
    let a = createHash(hash).update(diversifier).update(input).digest();
    for (let i = 1; i < iterations; i++) a = createHash(hash).update(a).digest();
    output.push(a);
    const b = fill(a);
    for (let block = 0; block < input.length; block += v) {
      let carry = 1;
      for (let k = v - 1; k >= 0; k--) {
        const sum = input[block + k]! + b[k]! + carry;
        input[block + k] = sum & 0xff;
        carry = sum >> 8;
      }
    }
  }
  return Buffer.concat(output).subarray(0, length);
}
