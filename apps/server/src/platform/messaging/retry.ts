/**
 * When a mail or SMS that could not be delivered is tried again. The schedule is the messaging service's own
 * (each attempt is a new job with its start time), not pg-boss's retries: the outbox row can then say the
 * truth — when the next attempt is, how many were made — and stop at a known point.
 *
 * Defaults: 30 s after the first failure, then doubling (1, 2, 4, 8, 16, 32 min), then every hour, until the
 * message has been undeliverable for 24 h: about 30 attempts over a whole day, so an SMTP outage of a night or a
 * weekend's morning is absorbed. After that the message is `failed` and the Outbox offers to send it again.
 */
export interface RetryPolicy {
  /** Delay after the first failed attempt (MAIL_RETRY_FIRST_DELAY_SECONDS). */
  firstDelaySeconds: number;
  /** Longest delay between two attempts (MAIL_RETRY_MAX_DELAY_SECONDS). */
  maxDelaySeconds: number;
  /** A failed attempt this long after the message was queued (or re-queued) is the last (MAIL_RETRY_HOURS). */
  giveUpAfterHours: number;
}

export const defaultRetryPolicy: RetryPolicy = { firstDelaySeconds: 30, maxDelaySeconds: 3600, giveUpAfterHours: 24 };

/** Seconds to wait after the `failures`-th failed attempt (1-based) before the next one. */
export function retryDelaySeconds(policy: RetryPolicy, failures: number): number {
  return Math.min(policy.maxDelaySeconds, policy.firstDelaySeconds * 2 ** Math.min(Math.max(failures - 1, 0), 30));
}

/**
 * After a failed attempt at `now`: the time of the next attempt, or null when it was the last one (the message
 * has been undeliverable for `giveUpAfterHours` since `since`, its queuing or its last re-queuing).
 */
export function nextAttemptAt(policy: RetryPolicy, opts: { since: Date; now: Date; failures: number }): Date | null {
  if (opts.now.getTime() - opts.since.getTime() >= policy.giveUpAfterHours * 3_600_000) return null;
  return new Date(opts.now.getTime() + retryDelaySeconds(policy, opts.failures) * 1000);
}

/** The attempts of a message that fails every time: seconds after its queuing (instant attempts, for the docs and tests). */
export function retrySchedule(policy: RetryPolicy): number[] {
  const since = new Date(0);
  const times = [0];
  for (let failures = 1; ; failures++) {
    const next = nextAttemptAt(policy, { since, now: new Date(times.at(-1)! * 1000), failures });
    if (!next) return times;
    times.push(next.getTime() / 1000);
  }
}
