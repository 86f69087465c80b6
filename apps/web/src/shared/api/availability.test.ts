import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { userEndpoints } from '@paraphe/contracts';
import { availability, createAvailabilityStore, defaultRetryAfterSeconds, maxRetryAfterSeconds, parseRetryAfter } from './availability.ts';
import { tokenManager } from './client.ts';
import { callEndpoint } from './endpoints.ts';
import { ApiError } from './apiError.ts';
import { queryClient, queryRetryDelayMs, shouldRetryQuery, unavailableRetryLimit } from './queryClient.ts';

const userId = '0b6f6f0e-8a43-4c55-9a0a-6b1b2c3d4e5f';
const isUsed = userEndpoints.isUsed;
const unavailableBody = {
  error: { code: 'UNAVAILABLE', message: 'The service is temporarily unavailable, try again in a moment.', detail: 'UNAVAILABLE : x' },
};
const okBody = { data: { isUsed: false, subordinates: 0 } };

/** The server of these tests: answers each API call with the next reply (a function: a network failure). */
function scriptServer(replies: Array<{ status: number; body?: unknown; headers?: Record<string, string> } | 'network'>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/auth/token') || url.endsWith('/token'))
        return new Response(JSON.stringify({ data: { accessToken: 't', expiresAt: new Date(Date.now() + 300_000).toISOString() } }), { status: 200 });
      // The store's own probe: the database stays away for it; recovery is found by the queries' retries here.
      if (url === '/healthz') return new Response(JSON.stringify({ status: 'degraded', database: 'unreachable' }), { status: 503 });
      calls.push(url);
      const reply = replies.shift() ?? { status: 200, body: okBody };
      if (reply === 'network') throw new TypeError('Failed to fetch');
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status, headers: reply.headers });
    }),
  );
  return calls;
}

describe('Retry-After', () => {
  const now = Date.parse('2026-12-02T10:00:00Z');
  it('reads delta-seconds and HTTP dates, clamps them, and falls back to the server default', () => {
    expect(parseRetryAfter('5', now)).toBe(5);
    expect(parseRetryAfter(' 12 ', now)).toBe(12);
    expect(parseRetryAfter('0', now)).toBe(1);
    expect(parseRetryAfter('86400', now)).toBe(maxRetryAfterSeconds);
    expect(parseRetryAfter('Wed, 02 Dec 2026 10:00:20 GMT', now)).toBe(20);
    expect(parseRetryAfter('Wed, 02 Dec 2026 09:00:00 GMT', now)).toBe(1);
    expect(parseRetryAfter(null, now)).toBe(defaultRetryAfterSeconds);
    expect(parseRetryAfter('soon', now)).toBe(defaultRetryAfterSeconds);
  });
});

describe('availability store', () => {
  it('waits until the Retry-After, probes then, and tells the recovery once', async () => {
    let clock = 1_000_000;
    const timers: Array<{ fn: () => void; ms: number }> = [];
    const probe = vi.fn<() => Promise<number | null>>().mockResolvedValueOnce(3).mockResolvedValueOnce(null);
    const store = createAvailabilityStore({
      now: () => clock,
      probe,
      setTimer: ((fn: () => void, ms: number) => timers.push({ fn, ms })) as unknown as typeof setTimeout,
      clearTimer: (() => undefined) as unknown as typeof clearTimeout,
    });
    const recovered = vi.fn();
    store.onRecovered(recovered);
    store.markUnavailable(7);
    expect(store.get()).toEqual({ state: 'unavailable', since: 1_000_000, retryAt: 1_007_000 });
    expect(store.retryDelayMs()).toBe(7000);
    clock += 2000;
    expect(store.retryDelayMs()).toBe(5000);
    // The probe runs at the retry time; still unavailable (3 s more), then back.
    expect(timers.at(-1)!.ms).toBe(7000);
    timers.at(-1)!.fn();
    await vi.waitFor(() => expect(probe).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(store.get()).toMatchObject({ state: 'unavailable', since: 1_000_000, retryAt: clock + 3000 }));
    expect(recovered).not.toHaveBeenCalled();
    timers.at(-1)!.fn();
    await vi.waitFor(() => expect(store.get()).toEqual({ state: 'available' }));
    expect(recovered).toHaveBeenCalledTimes(1);
    store.markAvailable();
    expect(recovered).toHaveBeenCalledTimes(1);
  });
});

describe('API client and queries while the service is unavailable', () => {
  beforeEach(() => {
    tokenManager.reset();
    availability.reset();
    queryClient.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    availability.reset();
  });

  it('a 503 UNAVAILABLE sets the unavailable state until its Retry-After; the next answer ends it', async () => {
    scriptServer([
      { status: 503, body: unavailableBody, headers: { 'retry-after': '9' } },
      { status: 200, body: okBody },
    ]);
    const before = Date.now();
    await expect(callEndpoint(isUsed, { params: { id: userId } })).rejects.toMatchObject({ code: 'UNAVAILABLE', status: 503 });
    const state = availability.get();
    expect(state.state).toBe('unavailable');
    if (state.state === 'unavailable') expect(state.retryAt - before).toBeGreaterThanOrEqual(9000);
    await callEndpoint(isUsed, { params: { id: userId } });
    expect(availability.get()).toEqual({ state: 'available' });
  });

  it('a network failure or a proxy’s bare 502 is UNAVAILABLE too, not a generic failure', async () => {
    scriptServer(['network', { status: 502, body: '<html>Bad gateway</html>' }]);
    const network = await callEndpoint(isUsed, { params: { id: userId } }).catch((e: unknown) => e);
    expect(network).toBeInstanceOf(ApiError);
    expect(network).toMatchObject({ code: 'UNAVAILABLE', status: 0 });
    await expect(callEndpoint(isUsed, { params: { id: userId } })).rejects.toMatchObject({ code: 'UNAVAILABLE', status: 502 });
    expect(availability.get().state).toBe('unavailable');
  });

  it('queries retry an unavailable service at its Retry-After (bounded), others once, client errors never', () => {
    const unavailable = new ApiError({ code: 'UNAVAILABLE', status: 503, message: 'x' });
    expect(shouldRetryQuery(1, unavailable)).toBe(true);
    expect(shouldRetryQuery(50, unavailable)).toBe(true);
    expect(shouldRetryQuery(unavailableRetryLimit, unavailable)).toBe(false);
    expect(shouldRetryQuery(0, new ApiError({ code: 'INTERNAL', status: 500, message: 'x' }))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError({ code: 'INTERNAL', status: 500, message: 'x' }))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError({ code: 'NOT_FOUND', status: 404, message: 'x' }))).toBe(false);
    const store = createAvailabilityStore({ now: () => 0 });
    store.markUnavailable(12);
    expect(queryRetryDelayMs(3, unavailable, store)).toBe(12_000);
    expect(queryRetryDelayMs(1, new ApiError({ code: 'INTERNAL', status: 500, message: 'x' }), store)).toBe(2000);
  });

  it('a list keeps its rows while the service is away, and refetches at once when it answers again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const calls = scriptServer([
      { status: 200, body: { data: { isUsed: true, subordinates: 3 } } },
      { status: 503, body: unavailableBody, headers: { 'retry-after': '5' } },
      { status: 503, body: unavailableBody, headers: { 'retry-after': '5' } },
      { status: 200, body: { data: { isUsed: true, subordinates: 4 } } },
      // The refetch of every active query at the recovery (this one included).
      { status: 200, body: { data: { isUsed: true, subordinates: 4 } } },
    ]);
    const observer = new QueryObserver(queryClient, { queryKey: ['isUsed', userId], queryFn: () => callEndpoint(isUsed, { params: { id: userId } }) });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.data.subordinates).toBe(3));
    void observer.refetch();
    await vi.waitFor(() => expect(availability.get().state).toBe('unavailable'));
    // During the outage: the rows stay, the query neither fails nor empties.
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: { data: { subordinates: 3 } } });
    await vi.advanceTimersByTimeAsync(4000);
    expect(calls).toHaveLength(2); // no try before the Retry-After
    await vi.advanceTimersByTimeAsync(1500);
    expect(calls).toHaveLength(3); // the retry at 5 s: still unavailable
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: { data: { subordinates: 3 } } });
    await vi.advanceTimersByTimeAsync(5500);
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.data.subordinates).toBe(4));
    expect(availability.get()).toEqual({ state: 'available' });
    unsubscribe();
    expect(calls.length).toBeLessThanOrEqual(5);
  });
});
