import { ApiError } from './apiError.ts';

/**
 * Whether the service answers (docs/security.md, "The web app says when the service is unavailable"). One store for
 * the whole app: a 503 UNAVAILABLE (database away), a bare 502/503/504 of a proxy or a network failure puts it in
 * `unavailable` until a time to try again (the answer's Retry-After); the banner counts down to it, the queries wait
 * for it before their next try (queryClient.ts), and a probe of /healthz at that time finds out whether the service
 * is back even when no query is active. The first answer of the server that is not "unavailable" ends the state and
 * tells the listeners (the query client refetches every active query at once).
 */

export type Availability = { state: 'available' } | { state: 'unavailable'; since: number; retryAt: number };

/** When the answer says nothing (a network failure, a proxy's bare 502): the server's own Retry-After (faults.ts). */
export const defaultRetryAfterSeconds = 5;
/** A Retry-After longer than this is shortened: the banner must not promise to wait an hour for a blip. */
export const maxRetryAfterSeconds = 60;

/**
 * Seconds to wait from a Retry-After header (delta-seconds or an HTTP date), between 1 and maxRetryAfterSeconds;
 * the default when absent or unreadable.
 */
export function parseRetryAfter(header: string | null | undefined, now: number): number {
  const value = header?.trim();
  if (!value) return defaultRetryAfterSeconds;
  const clamp = (seconds: number) => Math.min(maxRetryAfterSeconds, Math.max(1, Math.ceil(seconds)));
  if (/^\d+$/.test(value)) return clamp(Number(value));
  const date = Date.parse(value);
  return Number.isNaN(date) ? defaultRetryAfterSeconds : clamp((date - now) / 1000);
}

/** An error that means "the service cannot answer now": worth waiting for, not the user's fault. */
export function isServiceUnavailable(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'UNAVAILABLE';
}

/** A fetch that never reached the server (connection refused, reset, DNS): not an abort. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

export interface AvailabilityStore {
  get(): Availability;
  subscribe(listener: () => void): () => void;
  /** The service did not answer; try again in `retryAfterSeconds`. Extends nothing: the latest answer sets the time. */
  markUnavailable(retryAfterSeconds: number): void;
  /** The service answered: ends the unavailable state (and tells the recovery listeners) if it was on. */
  markAvailable(): void;
  /** Called once each time the service answers again after being unavailable. */
  onRecovered(listener: () => void): () => void;
  /** How long a query that found the service unavailable waits before its next try: until retryAt, at least 1 s. */
  retryDelayMs(): number;
  /** Stops the probe timer (tests, logout). */
  reset(): void;
}

/**
 * `probe` asks the service whether it answers again (resolves with the seconds to wait if it does not, or null
 * when it does); it is run at each retryAt while the state is `unavailable`.
 */
export function createAvailabilityStore(
  deps: { now?: () => number; probe?: () => Promise<number | null>; setTimer?: typeof setTimeout; clearTimer?: typeof clearTimeout } = {},
): AvailabilityStore {
  const now = deps.now ?? (() => Date.now());
  const setTimer = deps.setTimer ?? setTimeout;
  const clearTimer = deps.clearTimer ?? clearTimeout;
  let current: Availability = { state: 'available' };
  const listeners = new Set<() => void>();
  const recoveryListeners = new Set<() => void>();
  let probeTimer: ReturnType<typeof setTimeout> | undefined;

  const publish = (next: Availability) => {
    current = next;
    for (const listener of [...listeners]) listener();
  };
  const stopProbe = () => {
    if (probeTimer !== undefined) clearTimer(probeTimer);
    probeTimer = undefined;
  };
  const scheduleProbe = () => {
    stopProbe();
    if (!deps.probe || current.state !== 'unavailable') return;
    const probe = deps.probe;
    probeTimer = setTimer(
      () => {
        probeTimer = undefined;
        probe().then(
          (wait) => (wait === null ? store.markAvailable() : store.markUnavailable(wait)),
          () => store.markUnavailable(defaultRetryAfterSeconds),
        );
      },
      Math.max(1000, current.retryAt - now()),
    );
  };

  const store: AvailabilityStore = {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    markUnavailable(retryAfterSeconds) {
      const at = now();
      const since = current.state === 'unavailable' ? current.since : at;
      publish({ state: 'unavailable', since, retryAt: at + Math.max(1, retryAfterSeconds) * 1000 });
      scheduleProbe();
    },
    markAvailable() {
      if (current.state === 'available') return;
      stopProbe();
      publish({ state: 'available' });
      for (const listener of [...recoveryListeners]) listener();
    },
    onRecovered(listener) {
      recoveryListeners.add(listener);
      return () => recoveryListeners.delete(listener);
    },
    retryDelayMs() {
      if (current.state !== 'unavailable') return 1000;
      return Math.max(1000, current.retryAt - now());
    },
    reset() {
      stopProbe();
      current = { state: 'available' };
    },
  };
  return store;
}

/**
 * The probe of the app's store: /healthz says whether the database answers (its other states, such as the storage,
 * do not make the API unavailable). Null when it does; otherwise the seconds to wait.
 */
export async function probeHealth(): Promise<number | null> {
  try {
    const response = await fetch('/healthz', { headers: { Accept: 'application/json' }, cache: 'no-store' });
    const body = (await response.json().catch(() => null)) as { database?: string } | null;
    if (body?.database === 'ok') return null;
    return parseRetryAfter(response.headers.get('retry-after'), Date.now());
  } catch {
    return defaultRetryAfterSeconds;
  }
}

export const availability: AvailabilityStore = createAvailabilityStore({ probe: probeHealth });
