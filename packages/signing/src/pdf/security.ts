import { createCipheriv, createHash } from 'node:crypto';
import { SigningError } from '../errors.ts';
import { PdfString, asNumber, type PdfDict, type PdfValue } from './objects.ts';

/**
 * Tells an encrypted PDF that needs a password to be opened from one that only carries permissions (an empty
 * user password: every viewer opens it without asking). Standard security handler, revisions 2–6 (ISO 32000-2
 * §7.6.4): the empty password is tried against /U. Nothing is decrypted.
 */
export type EncryptionKind = 'password' | 'restrictions';

const PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[k] = data[k]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}

const bytesOf = (v: PdfValue | undefined): Buffer | undefined => (v instanceof PdfString ? Buffer.from(v.bytes) : undefined);

/** Algorithms 2, 4 and 5 (RC4 / AES-128, revisions 2–4) with the empty user password. */
function emptyPasswordOpensLegacy(encrypt: PdfDict, r: number, id: Buffer): boolean | undefined {
  const o = bytesOf(encrypt.get('O'));
  const u = bytesOf(encrypt.get('U'));
  const p = asNumber(encrypt.get('P'));
  if (!o || !u || p === undefined || o.length < 32 || u.length < 16) return undefined;
  const length = r === 2 ? 5 : Math.min(16, Math.max(5, (asNumber(encrypt.get('Length')) ?? 40) / 8));
  const pBytes = Buffer.alloc(4);
  pBytes.writeInt32LE(p | 0);
  const md5 = createHash('md5').update(PADDING).update(o.subarray(0, 32)).update(pBytes).update(id);
  if (r >= 4 && encrypt.get('EncryptMetadata') === false) md5.update(Buffer.from([0xff, 0xff, 0xff, 0xff]));
  let key = md5.digest().subarray(0, length);
  if (r >= 3) for (let i = 0; i < 50; i++) key = createHash('md5').update(key).digest().subarray(0, length);
  if (r === 2) return rc4(key, PADDING).equals(u.subarray(0, 32));
  let x = rc4(key, createHash('md5').update(PADDING).update(id).digest());
  for (let i = 1; i <= 19; i++)
    x = rc4(
      key.map((b) => b ^ i),
      x,
    );
  return x.equals(u.subarray(0, 16));
}

/** Algorithm 2.B (revision 6) for the empty password and no user key. */
function hash2B(salt: Buffer): Buffer {
  let k: Buffer = createHash('sha256').update(salt).digest();
  for (let round = 0; ; round++) {
    const k1 = Buffer.concat(Array.from({ length: 64 }, () => k));
    const cipher = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32));
    cipher.setAutoPadding(false);
    const e = Buffer.concat([cipher.update(k1), cipher.final()]);
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i]!;
    k = createHash(['sha256', 'sha384', 'sha512'][sum % 3]!)
      .update(e)
      .digest();
    // ISO 32000-2 §7.6.4.3.4: at least 64 rounds, then stop once the last byte of E is at most (rounds done − 32).
    const roundsDone = round + 1;
    if (roundsDone >= 64 && e[e.length - 1]! <= roundsDone - 32) break;
    if (roundsDone > 1000) break;
  }
  return k.subarray(0, 32);
}

/** Revisions 5 and 6 (AES-256): SHA-256 / hash 2.B of the empty password with the validation salt. */
function emptyPasswordOpensAes256(encrypt: PdfDict, r: number): boolean | undefined {
  const u = bytesOf(encrypt.get('U'));
  if (!u || u.length < 48) return undefined;
  const salt = u.subarray(32, 40);
  const hash = r === 5 ? createHash('sha256').update(salt).digest() : hash2B(salt);
  return hash.equals(u.subarray(0, 32));
}

/** 'restrictions' when the empty user password opens the file, 'password' otherwise (or when it cannot be told). */
export function encryptionKind(encrypt: PdfDict | undefined, idValue: PdfValue | undefined): { kind: EncryptionKind; filter?: string; revision?: number } {
  if (!encrypt) return { kind: 'password' };
  const filter = encrypt.nameOf('Filter');
  const r = asNumber(encrypt.get('R'));
  if (filter !== 'Standard' || r === undefined) return { kind: 'password', filter, revision: r };
  const id = Array.isArray(idValue) ? (bytesOf(idValue[0]) ?? Buffer.alloc(0)) : Buffer.alloc(0);
  let opens: boolean | undefined;
  try {
    opens = r >= 5 ? emptyPasswordOpensAes256(encrypt, r) : emptyPasswordOpensLegacy(encrypt, r, id);
  } catch {
    opens = undefined;
  }
  return { kind: opens ? 'restrictions' : 'password', filter, revision: r };
}

export const RESTRICTIONS_ADVICE =
  'remove the restrictions first: open it and print it to a new PDF, or save a copy without security (e.g. `qpdf --decrypt in.pdf out.pdf`)';

/** The PDF_ENCRYPTED error for a file with /Encrypt: details.openPassword says whether a password is needed to open it. */
export function encryptionError(encrypt: PdfDict | undefined, id: PdfValue | undefined): SigningError {
  let info: ReturnType<typeof encryptionKind>;
  try {
    info = encryptionKind(encrypt ?? undefined, id);
  } catch {
    info = { kind: 'password' };
  }
  const message =
    info.kind === 'password'
      ? 'The PDF is encrypted with an opening password: it cannot be read, signed or verified'
      : `The PDF is encrypted with permission restrictions (no opening password): it cannot be signed as it is; ${RESTRICTIONS_ADVICE}`;
  return new SigningError('PDF_ENCRYPTED', message, { openPassword: info.kind === 'password', filter: info.filter, revision: info.revision });
}
