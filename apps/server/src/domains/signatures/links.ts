import { createHmac, timingSafeEqual } from 'node:crypto';
import { embedSigningPathPrefix, pathOf, signingPageEndpoints } from '@paraphe/contracts';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { deriveKey } from '../../platform/secrets.ts';
import { publicBaseUrl } from '../custom-domains/index.ts';

/**
 * Public signing links: `${PUBLIC_URL}/#/sign/<token>`, token = base64url(payload) + '.' + base64url(HMAC-SHA256).
 * The key is derived from the instance secret (SECRET_KEY, or the one generated at first start) with its own
 * label, so it is stable across restarts and processes and distinct from the access-token key. Nothing is stored:
 * the link carries the ids and the request's expiry; issue 5 re-reads the statuses anyway.
 */
export function deriveSigningLinkKey(secret: string): Buffer {
  return deriveKey(secret, 'paraphe:signing-link:v1');
}

/**
 * The key of the copies' download links (signed documents too large to mail to a finalDocCCeMails address): its
 * own label, so a copy link never opens the signing page and a signing link never downloads as a copy.
 */
export function deriveCopyLinkKey(secret: string): Buffer {
  return deriveKey(secret, 'paraphe:signed-copy-link:v1');
}

const keys = new WeakMap<object, Map<string, Buffer>>();
/** A link key of this platform, derived once. */
function keyOf(platform: Pick<Platform, 'secret'>, derive: (secret: string) => Buffer): Buffer {
  let byLabel = keys.get(platform);
  if (!byLabel) keys.set(platform, (byLabel = new Map()));
  let key = byLabel.get(derive.name);
  if (!key) byLabel.set(derive.name, (key = derive(platform.secret)));
  return key;
}
const linkKeyOf = (platform: Pick<Platform, 'secret'>) => keyOf(platform, deriveSigningLinkKey);

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

/** A signer's link, on the tenant's verified signing domain when it has one (custom-domains' publicBaseUrl). */
export function signingLink(platform: Platform, ids: { appId: string; requestId: string; signerId: string; expiresAt: Date }): string {
  return `${publicBaseUrl(platform, ids.appId)}/#/sign/${signingLinkToken(platform, ids)}`;
}

/** The embeddable signing page of a link (docs/embedding.md): framed by the tenant's allowed origins only. */
export function embedSigningLink(platform: Platform, ids: { appId: string; requestId: string; signerId: string; expiresAt: Date }): string {
  return `${publicBaseUrl(platform, ids.appId)}${embedSigningPathPrefix}${signingLinkToken(platform, ids)}`;
}

/** The token alone (the signing page's own route `/sign/<token>`), e.g. to hand over to the next signer on one device. */
export function signingLinkToken(platform: Platform, ids: { requestId: string; signerId: string; expiresAt: Date }): string {
  return signingToken(linkKeyOf(platform), ids);
}

/**
 * The ids of a valid link; TOKEN_INVALID when tampered, TOKEN_EXPIRED past the request's expiry (unless
 * `allowExpired`: the signing page still lets signers and observers download a completed request's documents).
 */
export function verifySigningLink(
  platform: Platform,
  token: string,
  opts: { allowExpired?: boolean } = {},
): { requestId: string; signerId: string; expiresAt: Date } {
  const payload = readToken(linkKeyOf(platform), token, () => new AppError('TOKEN_INVALID', 'This signing link is not valid.'));
  const expiresAt = new Date(payload.e * 1000);
  if (!opts.allowExpired && expiresAt.getTime() <= platform.clock().getTime()) throw new AppError('TOKEN_EXPIRED', 'This signing link has expired.');
  return { requestId: payload.r, signerId: payload.s, expiresAt };
}

/** The payload of a token signed with `key`; `invalid()` when tampered or malformed. */
function readToken(key: Buffer, token: string, invalid: () => AppError): LinkPayload {
  const [encoded, mac, extra] = token.split('.');
  if (!encoded || !mac || extra !== undefined || !isCanonicalBase64Url(encoded) || !isCanonicalBase64Url(mac)) throw invalid();
  const expected = sign(key, encoded);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let payload: LinkPayload;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as LinkPayload;
  } catch {
    throw invalid();
  }
  if (typeof payload.r !== 'string' || typeof payload.s !== 'string' || typeof payload.e !== 'number') throw invalid();
  return payload;
}

/** What a copy link opens: every document of the request, not one signer's page. */
const copiesSubject = 'copies';

/**
 * The download link of a completed request's signed documents (a ZIP), for the copies too large to attach:
 * `${PUBLIC_URL}/api/public/copies/<token>`, valid until `expiresAt`.
 */
export function signedCopiesLink(platform: Platform, ids: { appId: string; requestId: string; expiresAt: Date }): string {
  const token = signingToken(keyOf(platform, deriveCopyLinkKey), { requestId: ids.requestId, signerId: copiesSubject, expiresAt: ids.expiresAt });
  return `${publicBaseUrl(platform, ids.appId)}${pathOf(signingPageEndpoints.signedCopies, { token })}`;
}

/** The request of a copy link; LINK_INVALID when forged (or a signing link), LINK_UNAVAILABLE `expired` past its date. */
export function verifySignedCopiesLink(platform: Platform, token: string): { requestId: string } {
  const invalid = () => new AppError('LINK_INVALID', 'This download link is not valid.');
  const payload = readToken(keyOf(platform, deriveCopyLinkKey), token, invalid);
  if (payload.s !== copiesSubject) throw invalid();
  if (payload.e * 1000 <= platform.clock().getTime()) {
    throw new AppError('LINK_UNAVAILABLE', 'This download link has expired: ask the sender for the signed documents.', { details: { reason: 'expired' } });
  }
  return { requestId: payload.r };
}
