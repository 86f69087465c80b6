/**
 * The pace of one transport (SMTP, the SMS gateway), shared by every delivery job of the process:
 *
 * - at most `concurrency` messages in flight (SMTP: one per pooled connection, SMTP_MAX_CONNECTIONS);
 * - at most `ratePerSecond` messages started per second (MAIL_RATE_PER_SECOND / SMS_RATE_PER_SECOND, 0 = no limit);
 * - a pause for everyone when the server asks to slow down (SMTP 421/450/451/452, HTTP 429) or cannot be reached:
 *   1 s, doubling while the answers keep coming, up to `maxPauseMs` (30 s; 1 s when the server is unreachable:
 *   its messages follow their own retry schedule, the pause only spares it a storm of connections), easing again
 *   with each success;
 * - urgent messages (login, second-factor and signing codes) take the next free slot before any other waiter.
 *
 * A waiter gives up at its deadline (the delivery job then plans the message again, see service.ts): a job never
 * waits past its claim.
 */
export interface SendGate {
  /** A slot to send one message, or null when it cannot be had before `deadline` (epoch ms). Call the release once. */
  acquire(opts: { urgent: boolean; deadline: number }): Promise<(() => void) | null>;
  /** The server asked to slow down (`throttled`) or could not be reached (`unreachable`): every sender pauses. */
  slowDown(kind: 'throttled' | 'unreachable', retryAfterMs?: number): void;
  /** A message went through: the pause shortens. */
  succeeded(): void;
  /** Milliseconds until the current pause ends (0 when none). */
  pausedFor(): number;
}

export interface PacingOptions {
  concurrency: number;
  /** Messages per second; 0 or undefined: no limit. */
  ratePerSecond?: number;
  /** Longest pause after throttling answers (default 30 s). */
  maxPauseMs?: number;
  /** Pause while the server is unreachable (default 1 s: its messages already wait for their retry schedule). */
  maxUnreachablePauseMs?: number;
  now?: () => number;
}

interface Waiter {
  grant: () => void;
  timer?: NodeJS.Timeout;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createSendGate(options: PacingOptions): SendGate {
  const now = options.now ?? Date.now;
  const concurrency = Math.max(1, options.concurrency);
  const interval = options.ratePerSecond && options.ratePerSecond > 0 ? 1000 / options.ratePerSecond : 0;
  const maxPause = options.maxPauseMs ?? 30_000;
  const maxUnreachablePause = options.maxUnreachablePauseMs ?? 1_000;
  const minPause = 1_000;
  let inFlight = 0;
  const urgent: Waiter[] = [];
  const normal: Waiter[] = [];
  let nextStartAt = 0;
  let pausedUntil = 0;
  let backoff = minPause;

  function release() {
    const next = urgent.shift() ?? normal.shift();
    if (next) {
      clearTimeout(next.timer);
      next.grant(); // the slot passes on: inFlight unchanged
    } else inFlight--;
  }

  function slot(isUrgent: boolean, deadline: number): Promise<boolean> {
    if (inFlight < concurrency) {
      inFlight++;
      return Promise.resolve(true);
    }
    return new Promise<boolean>((resolve) => {
      const queue = isUrgent ? urgent : normal;
      const waiter: Waiter = { grant: () => resolve(true) };
      waiter.timer = setTimeout(
        () => {
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          resolve(false);
        },
        Math.max(0, deadline - now()),
      );
      queue.push(waiter);
    });
  }

  return {
    async acquire({ urgent: isUrgent, deadline }) {
      if (!(await slot(isUrgent, deadline))) return null;
      let released = false;
      const done = () => {
        if (released) return;
        released = true;
        release();
      };
      // Holding the slot, wait for the pause to end and for this message's turn in the rate.
      for (;;) {
        const t = now();
        const start = Math.max(t, pausedUntil, interval ? nextStartAt : 0);
        if (start > deadline) {
          done();
          return null;
        }
        if (start <= t) {
          if (interval) nextStartAt = Math.max(nextStartAt, t) + interval;
          return done;
        }
        // A pause may start or lengthen while this one sleeps: look again after it.
        await sleep(start - t);
      }
    },
    slowDown(kind, retryAfterMs) {
      const t = now();
      const cap = kind === 'throttled' ? maxPause : maxUnreachablePause;
      // Answers of one burst (every connection told at once) count once: the pause grows only once it has ended,
      // and starts again from 1 s after a minute without trouble.
      if (t >= pausedUntil) backoff = pausedUntil && t - pausedUntil < 60_000 ? Math.min(cap, backoff * 2) : minPause;
      pausedUntil = Math.max(pausedUntil, t + Math.min(Math.max(backoff, retryAfterMs ?? 0), kind === 'throttled' ? maxPause : cap));
    },
    succeeded() {
      backoff = Math.max(minPause, backoff / 2);
    },
    pausedFor: () => Math.max(0, pausedUntil - now()),
  };
}
