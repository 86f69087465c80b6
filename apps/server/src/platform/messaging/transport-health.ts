/**
 * How a transport (SMTP, the SMS gateway) stands, as /healthz tells it (docs/security.md, "A requester sees
 * undelivered invitations"): `failing` from the first failed attempt until the next success, so an SMTP server that
 * is down shows at once, not after the day of retries that ends with `failed` messages.
 */
export interface TransportHealth {
  /** outbox: no transport configured (messages are captured); idle: nothing attempted by this process yet. */
  state: 'ok' | 'failing' | 'idle' | 'outbox';
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  /** Failed attempts since the last success (throttling and a refused address are not failures of the transport). */
  consecutiveFailures: number;
  /** Seconds the oldest message still waiting (queued or retrying) has waited; null when none waits. */
  oldestWaitingSeconds: number | null;
}

export function createTransportWatch(clock: () => Date) {
  let lastSuccessAt: Date | null = null;
  let lastFailureAt: Date | null = null;
  let consecutiveFailures = 0;
  return {
    succeeded() {
      lastSuccessAt = clock();
      consecutiveFailures = 0;
    },
    failed() {
      lastFailureAt = clock();
      consecutiveFailures++;
    },
    health(opts: { configured: boolean; oldestWaitingSeconds: number | null }): TransportHealth {
      const state = !opts.configured ? 'outbox' : consecutiveFailures > 0 ? 'failing' : lastSuccessAt ? 'ok' : 'idle';
      return {
        state,
        lastSuccessAt: lastSuccessAt?.toISOString() ?? null,
        lastFailureAt: lastFailureAt?.toISOString() ?? null,
        consecutiveFailures,
        oldestWaitingSeconds: opts.oldestWaitingSeconds,
      };
    },
  };
}
