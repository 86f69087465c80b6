import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { deriveKey } from '../../platform/secrets.ts';

/**
 * Public signing links: `${PUBLIC_URL}/#/sign/<token>`, token = base64url(payload) + '.' + base64url(HMAC-SHA256).
 * The key is derived from the instance secret (SECRET_KEY, or the one generated at first start) with its own
 * label, so it is stable across restarts and processes and distinct from the access-token key. Nothing is stored:
 * the link carries the ids and the request's expiry; issue 5 re-reads the statuses anyway.
 */
export function deriveSigningLinkKey(secret: string): Buffer {
  return deriveKey(secret, 'paraphe:signing-link:v1');
}

const keys = new WeakMap<object, Buffer>();
/** The link key of this platform, derived once. */
function linkKeyOf(platform: Pick<Platform, 'secret'>): Buffer {
  let key = keys.get(platform);
  if (!key) keys.set(platform, (key = deriveSigningLinkKey(platform.secret)));
  return key;
}

interface LinkPayload {
  r: string;
  s: string;
  /** Expiry, epoch seconds. */
  e: number;
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

/**
 * Only the one spelling we issue is accepted: Node's decoder ignores padding, a trailing junk character and the
 * unused low bits of the last character, so several strings decode to the same bytes. Re-encoding must give the
 * string back.
 */
function isCanonicalBase64Url(text: string): boolean {
  return /^[A-Za-z0-9_-]+$/.test(text) && Buffer.from(text, 'base64url').toString('base64url') === text;
}

export function signingToken(key: Buffer, ids: { requestId: string; signerId: string; expiresAt: Date }): string {
  const payload: LinkPayload = { r: ids.requestId, s: ids.signerId, e: Math.floor(ids.expiresAt.getTime() / 1000) };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${sign(key, encoded).toString('base64url')}`;
}

export function signingLink(platform: Platform, ids: { requestId: string; signerId: string; expiresAt: Date }): string {
  return `${platform.config.publicUrl}/#/sign/${signingToken(linkKeyOf(platform), ids)}`;
}

/**
 * The ids of a valid link; TOKEN_INVALID when tampered, TOKEN_EXPIRED past the request's expiry (unless
 * `allowExpired`: the signing page still lets signers and observers download a completed request's documents).
 */
export function verifySigningLink(platform: Platform, token: string, opts: { allowExpired?: boolean } = {}): { requestId: string; signerId: string; expiresAt: Date } {
  const [encoded, mac, extra] = token.split('.');
  const invalid = () => new AppError('TOKEN_INVALID', 'This signing link is not valid.');
  if (!encoded || !mac || extra !== undefined || !isCanonicalBase64Url(encoded) || !isCanonicalBase64Url(mac)) throw invalid();
  const expected = sign(linkKeyOf(platform), encoded);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let payload: LinkPayload;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as LinkPayload;
  } catch {
    throw invalid();
  }
  if (typeof payload.r !== 'string' || typeof payload.s !== 'string' || typeof payload.e !== 'number') throw invalid();
  const expiresAt = new Date(payload.e * 1000);
  if (!opts.allowExpired && expiresAt.getTime() <= platform.clock().getTime()) throw new AppError('TOKEN_EXPIRED', 'This signing link has expired.');
  return { requestId: payload.r, signerId: payload.s, expiresAt };
}
