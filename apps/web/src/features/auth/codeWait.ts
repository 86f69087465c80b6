import { ApiError } from '../../shared/api/apiError.ts';

/** The refusals of a code check or a new code that end at a known time: the server gives the wait (Retry-After). */
const waitingCodes = ['RATE_LIMITED', 'ACCOUNT_LOCKED'] as const;

/**
 * When a refused code check or "Send a new code" will work again (issue 25 item 16): the seconds to wait and the
 * moment, from the server's `retryAfterSeconds`; null when the error says no wait.
 */
export function codeWaitOf(error: unknown, now: number = Date.now()): { seconds: number; at: string } | null {
  if (!(error instanceof ApiError) || !(waitingCodes as readonly string[]).includes(error.code)) return null;
  const seconds = error.details.retryAfterSeconds;
  if (typeof seconds !== 'number' || seconds <= 0) return null;
  return { seconds, at: new Date(now + seconds * 1000).toISOString() };
}

/** Above this wait, the resend button says the time rather than counting the seconds. */
export const countdownLimitSeconds = 90;
