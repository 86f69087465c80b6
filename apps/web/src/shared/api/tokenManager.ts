import type { Audience } from '@paraphe/contracts';
import { CancelledError } from './apiError.ts';

export type MintedToken = { accessToken: string; expiresAt: string };
export type TokenFetcher = (audience: Audience, signal: AbortSignal) => Promise<MintedToken>;

/** A token is renewed this long before it expires, so a call never leaves with an almost-dead token. */
export const tokenRenewMarginMs = 30_000;

type CachedToken = { accessToken: string; renewAtMs: number };

/**
 * Access tokens are minted per audience from the session cookie (docs/api.md). One manager caches them
 * until 30 s before expiry and shares one request between concurrent callers. During logout every pending
 * request is aborted and new ones are refused, so nothing races the session revocation.
 */
export function createTokenManager(fetchToken: TokenFetcher, now: () => number = Date.now) {
  const cache = new Map<Audience, CachedToken>();
  const inflight = new Map<Audience, Promise<string>>();
  let controller = new AbortController();
  let loggingOut = false;

  async function mint(audience: Audience): Promise<string> {
    const minted = await fetchToken(audience, controller.signal);
    const expiresAtMs = Date.parse(minted.expiresAt);
    if (!loggingOut) cache.set(audience, { accessToken: minted.accessToken, renewAtMs: expiresAtMs - tokenRenewMarginMs });
    return minted.accessToken;
  }

  return {
    get(audience: Audience): Promise<string> {
      if (loggingOut) return Promise.reject(new CancelledError('logout in progress'));
      const cached = cache.get(audience);
      if (cached && cached.renewAtMs > now()) return Promise.resolve(cached.accessToken);
      const pending = inflight.get(audience);
      if (pending) return pending;
      const request = mint(audience).finally(() => inflight.delete(audience));
      inflight.set(audience, request);
      return request;
    },
    /** Forget a token the server refused (401 TOKEN_INVALID) or every token (commute, logout). */
    invalidate(audience?: Audience): void {
      if (audience) cache.delete(audience);
      else cache.clear();
    },
    /** Logout starts: abort token requests in flight and refuse new ones until `reset`. */
    beginLogout(): void {
      loggingOut = true;
      controller.abort(new CancelledError('logout in progress'));
      cache.clear();
    },
    isLoggingOut(): boolean {
      return loggingOut;
    },
    reset(): void {
      loggingOut = false;
      cache.clear();
      controller = new AbortController();
    },
  };
}
export type TokenManager = ReturnType<typeof createTokenManager>;
