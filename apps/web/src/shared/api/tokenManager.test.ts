import { describe, expect, it, vi } from 'vitest';
import type { Audience } from '@paraphe/contracts';
import { createTokenManager, tokenRenewMarginMs, type MintedToken } from './tokenManager.ts';
import { CancelledError } from './apiError.ts';

const minute = 60_000;

function setup() {
  let clock = 1_000_000;
  let serial = 0;
  const pending: Array<{ resolve: (t: MintedToken) => void; signal: AbortSignal }> = [];
  const fetchToken = vi.fn((audience: Audience, signal: AbortSignal) => {
    serial += 1;
    const token = `${audience}-${serial}`;
    return new Promise<MintedToken>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason));
      pending.push({ resolve: (t) => resolve(t), signal });
      // Resolve on the next tick with a 5-minute token unless the test holds it.
      queueMicrotask(() => resolve({ accessToken: token, expiresAt: new Date(clock + 5 * minute).toISOString() }));
    });
  });
  const manager = createTokenManager(fetchToken, () => clock);
  return { manager, fetchToken, advance: (ms: number) => void (clock += ms), pending };
}

describe('access-token manager', () => {
  it('shares one request between concurrent callers of the same audience', async () => {
    const { manager, fetchToken } = setup();
    const [a, b] = await Promise.all([manager.get('user'), manager.get('user')]);
    expect(a).toBe('user-1');
    expect(b).toBe('user-1');
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });

  it('caches per audience until 30 s before expiry, then mints a new one', async () => {
    const { manager, fetchToken, advance } = setup();
    expect(await manager.get('user')).toBe('user-1');
    expect(await manager.get('outbox')).toBe('outbox-2');
    advance(5 * minute - tokenRenewMarginMs - 1);
    expect(await manager.get('user')).toBe('user-1');
    advance(2);
    expect(await manager.get('user')).toBe('user-3');
    expect(fetchToken).toHaveBeenCalledTimes(3);
  });

  it('mints again after a refused token is invalidated', async () => {
    const { manager } = setup();
    expect(await manager.get('application')).toBe('application-1');
    manager.invalidate('application');
    expect(await manager.get('application')).toBe('application-2');
  });

  it('aborts requests in flight and refuses new ones while logging out, until reset', async () => {
    const { manager, pending } = setup();
    const inFlight = manager.get('user');
    manager.beginLogout();
    expect(pending[0]?.signal.aborted).toBe(true);
    await expect(inFlight).rejects.toBeInstanceOf(CancelledError);
    await expect(manager.get('user')).rejects.toBeInstanceOf(CancelledError);
    manager.reset();
    expect(await manager.get('user')).toBe('user-2');
  });
});
