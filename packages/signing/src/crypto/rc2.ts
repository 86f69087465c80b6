/**
 * RC2-CBC decryption (RFC 2268), only to read PKCS#12 files whose certificates are encrypted with
 * pbeWithSHAAnd40BitRC2-CBC — the default of OpenSSL 1.x and of `openssl pkcs12 -legacy`, still common for
 * "bring your own certificate" files. Node's OpenSSL 3 does not load the legacy provider, hence this small
 * implementation. Never used to encrypt anything.
 */

/** PITABLE of RFC 2268 §2 (a permutation of 0..255 derived from the digits of pi). */
const PITABLE = Uint8Array.from(
  Buffer.from(
    'd978f9c419ddb5ed28e9fd794aa0d89dc67e37832b76538e624c6488448bfba2179a59f587b34f1361456d8d09817d32' +
      'bd8f40eb86b77b0bf09521225c6b4e8254d66593ce60b21c7356c014a78cf1dc1275ca1f3bbee4d1423dd430a33cb626' +
      '6fbf0eda4669075727f21d9bbc944303f811c7f690ef3ee706c3d52fc8661ed708e8eade8052eef784aa72ac354d6a2a' +
      '961ad2715a1549744b9fd05e0418a4ecc2e0416e0f51cbcc2491af50a1f47039997c3a8523b8b47afc02365b25559731' +
      '2d5dfa98e38a92ae05df2910676cbac9d300e6cfe19ea82c6316013f58e289a90d38341bab33ffb0bb480c5fb9b1cd2e' +
      'c5f3db47e5a59c770aa62068fe7fc1ad',
    'hex',
  ),
);

/** Key expansion (RFC 2268 §2): 64 16-bit subkeys for a key of `effectiveBits` effective bits. */
export function rc2ExpandKey(key: Uint8Array, effectiveBits: number): Uint16Array {
  if (key.length < 1 || key.length > 128 || effectiveBits < 1 || effectiveBits > 1024) throw new RangeError('bad RC2 key');
  const bytes = new Uint8Array(128);
  bytes.set(key);
  for (let i = key.length; i < 128; i++) bytes[i] = PITABLE[(bytes[i - 1]! + bytes[i - key.length]!) & 0xff]!;
  const t8 = Math.ceil(effectiveBits / 8);
  const mask = 0xff >> (8 * t8 - effectiveBits);
  bytes[128 - t8] = PITABLE[bytes[128 - t8]! & mask]!;
  for (let i = 127 - t8; i >= 0; i--) bytes[i] = PITABLE[bytes[i + 1]! ^ bytes[i + t8]!]!;
  const subkeys = new Uint16Array(64);
  for (let i = 0; i < 64; i++) subkeys[i] = bytes[2 * i]! | (bytes[2 * i + 1]! << 8);
  return subkeys;
}

const ROTATIONS = [1, 2, 3, 5];

/** Decrypts one 8-byte block in place (RFC 2268 §4: reverse mixing and mashing rounds). */
export function rc2DecryptBlock(subkeys: Uint16Array, block: Uint8Array): void {
  const r = [0, 1, 2, 3].map((i) => block[2 * i]! | (block[2 * i + 1]! << 8));
  let j = 63;
  const reverseMix = (): void => {
    for (let i = 3; i >= 0; i--) {
      const s = ROTATIONS[i]!;
      const rotated = ((r[i]! >>> s) | (r[i]! << (16 - s))) & 0xffff;
      const a = r[(i + 3) % 4]!;
      const b = r[(i + 2) % 4]!;
      const c = r[(i + 1) % 4]!;
      r[i] = (rotated - subkeys[j--]! - (a & b) - (~a & c)) & 0xffff;
    }
  };
  const reverseMash = (): void => {
    for (let i = 3; i >= 0; i--) r[i] = (r[i]! - subkeys[r[(i + 3) % 4]! & 63]!) & 0xffff;
  };
  // encryption is 5 mixing, mash, 6 mixing, mash, 5 mixing: undo it backwards
  const schedule = [5, 6, 5];
  schedule.forEach((rounds, index) => {
    for (let k = 0; k < rounds; k++) reverseMix();
    if (index < schedule.length - 1) reverseMash();
  });
  for (let i = 0; i < 4; i++) {
    block[2 * i] = r[i]! & 0xff;
    block[2 * i + 1] = r[i]! >> 8;
  }
}

/** RC2-CBC with PKCS#7 padding removal. Throws on a bad length or padding (wrong key). */
export function rc2CbcDecrypt(key: Uint8Array, effectiveBits: number, iv: Uint8Array, data: Uint8Array): Uint8Array {
  if (data.length === 0 || data.length % 8 !== 0 || iv.length !== 8) throw new RangeError('bad RC2-CBC input');
  const subkeys = rc2ExpandKey(key, effectiveBits);
  const out = new Uint8Array(data.length);
  let previous = iv;
  for (let offset = 0; offset < data.length; offset += 8) {
    const cipherBlock = data.subarray(offset, offset + 8);
    const block = Uint8Array.from(cipherBlock);
    rc2DecryptBlock(subkeys, block);
    for (let i = 0; i < 8; i++) out[offset + i] = block[i]! ^ previous[i]!;
    previous = cipherBlock;
  }
  const padding = out[out.length - 1]!;
  if (padding < 1 || padding > 8) throw new RangeError('bad padding');
  for (let i = out.length - padding; i < out.length; i++) if (out[i] !== padding) throw new RangeError('bad padding');
  return out.subarray(0, out.length - padding);
}
