import type { DatabaseHandle } from '../db/client.ts';
import type { Jobs } from '../jobs/boss.ts';
import type { Logger } from '../logger.ts';
import { isDatabaseUnavailable, throttledReporter } from '../faults.ts';
import { perTurn } from '../event-loop.ts';
import { classifyFailure } from './transports.ts';
import type { SendGate } from './pacing.ts';
import { deliverableStatuses, findMessage, findMessages, recordAttempt, recordSent, type OutboxRow } from './repository.ts';
import type { createTransportWatch } from './transport-health.ts';
import { nextAttemptAt, type RetryPolicy } from './retry.ts';
import { messagePriority, sentRecordRetry, type DeliveryJob } from './queues.ts';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** How one message goes through its transport: `send` (undefined without a transport: captured in the outbox). */
export type Send = ((message: OutboxRow) => Promise<void>) | undefined;

/**
 * The delivery runs of this process, by message. pg-boss may hand a job to a second run while the first still
 * waits on SMTP or on the record of `sent` (its claim lapsed: expiry, or a heartbeat lost with the database
 * connection); the second waits for the first to end, then reads the message again (sent: nothing to do).
 */
function exclusiveRuns(): (messageId: string, run: () => Promise<void>) => Promise<void> {
  const runs = new Map<string, Promise<void>>();
  return async (messageId, run) => {
    for (let running = runs.get(messageId); running; running = runs.get(messageId)) await running.catch(() => undefined);
    const current = run();
    runs.set(messageId, current);
    try {
      await current;
    } finally {
      if (runs.get(messageId) === current) runs.delete(messageId);
    }
  };
}

/**
 * The delivery attempts of this process (the send-email and send-sms jobs): one message at a time per job, at the
 * transport's pace, its outcome recorded durably before the transport slot is given back (docs/security.md,
 * "Exactly once, as promised"), a failure planned again by the retry policy.
 */
export function createDelivery(deps: {
  database: DatabaseHandle;
  jobs: Jobs;
  logger: Logger;
  clock: () => Date;
  policy: RetryPolicy;
  watch: Record<'email' | 'sms', ReturnType<typeof createTransportWatch>>;
}) {
  const { database, jobs, logger, clock, policy, watch } = deps;
  const reportThrottled = throttledReporter((error, repeats) =>
    logger.warn({ err: error, repeats }, 'the server asks to slow down: sending pauses, the messages are planned again (none is dropped)'),
  );

  /**
   * A delivery job waits at most this long for its turn (pool slot, rate, pause), then plans the message again
   * (a `deferred` history entry and a job at the end of the pause): a batch stays well within its 120 s claim.
   */
  const waitBudgetMs = 40_000;

  /**
   * Records an attempt's outcome (or a deferral) in history entry `version` and, if it was recorded (no other run got
   * there first) and a next attempt is planned, queues the job for it — in one transaction.
   */
  async function recordAndPlan(
    message: OutboxRow,
    version: number,
    job: DeliveryJob,
    queue: string,
    outcome: { status: OutboxRow['status']; entry: Parameters<typeof recordAttempt>[4]; error: string | null; next: Date | null },
  ) {
    await database.inSystem(async (tx) => {
      const recorded = await recordAttempt(tx, message.id, version, outcome.status, outcome.entry, outcome.error);
      if (recorded && outcome.next) {
        const startAfterSeconds = Math.max(1, Math.ceil((outcome.next.getTime() - clock().getTime()) / 1000));
        await jobs.enqueue(tx, queue, { ...job, version: version + 1 }, { startAfterSeconds, priority: job.priority });
      }
    });
  }

  /** Plans the message again after `delayMs` without counting a failure (throttled, or paced past the budget). */
  async function defer(message: OutboxRow, version: number, job: DeliveryJob, queue: string, reason: string, delayMs: number) {
    const at = clock();
    const next = new Date(at.getTime() + Math.max(1000, delayMs));
    const entry = { at: at.toISOString(), deferred: reason, nextAttemptAt: next.toISOString() };
    await recordAndPlan(message, version, job, queue, { status: message.status, entry, error: message.error, next });
  }

  /**
   * Rows asked for in the same turn of the event loop are read in one query: the jobs of a batch start together,
   * so a batch of 50 reads its 50 messages at once.
   */
  const readInTurn = perTurn(async (ids: string[]) => new Map((await findMessages(database.db, [...new Set(ids)])).map((r) => [r.id, r])));
  const loadMessage = async (id: string): Promise<OutboxRow | undefined> => (await readInTurn(id)).get(id);

  /**
   * `sent` is recorded right after the server's answer; answers that arrive in the same turn of the event loop
   * share one statement. The sender keeps its transport slot until the record is committed (recordSentDurably).
   */
  const recordSentInTurn = perTurn((items: { id: string; version: number; at: string }[]) => recordSent(database.db, items));
  const markSent = async (id: string, version: number, at: string): Promise<void> => void (await recordSentInTurn({ id, version, at }));

  const reportUnrecorded = throttledReporter((error, repeats) =>
    logger.warn({ err: error, repeats }, 'a sent message could not be recorded as sent yet: retrying; no other message starts on its connection meanwhile'),
  );
  /**
   * Records `sent` for a message the server accepted, retrying until the write is committed (a dropped connection,
   * the database away): the caller holds its transport slot meanwhile, so no other message starts on that connection
   * while this one's outcome is not durable. Giving up here would let the job's retry send the message again, for
   * every message sent during the outage; retrying bounds the mails that can go twice to the slots in flight when
   * the process itself dies (docs/security.md, "Exactly once, as promised"). The job's claim is not needed for the
   * write (its run in this process waits for this one, see `exclusive`).
   */
  async function recordSentDurably(id: string, version: number): Promise<void> {
    const at = clock().toISOString();
    for (let delayMs = sentRecordRetry.firstDelayMs; ; delayMs = Math.min(delayMs * 2, sentRecordRetry.maxDelayMs)) {
      try {
        await markSent(id, version, at);
        return;
      } catch (error) {
        if (isDatabaseUnavailable(error)) reportUnrecorded('sent', error);
        else logger.error({ err: error, messageId: id }, 'recording a sent message failed: retrying');
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  }

  const exclusive = exclusiveRuns();

  const stale = (message: OutboxRow | undefined, job: DeliveryJob): message is undefined =>
    !message || !deliverableStatuses.includes(message.status) || (job.version !== undefined && job.version !== message.attempts.length);

  /** One delivery attempt of a message through `send`; records the outcome and plans what follows. */
  async function attempt(job: DeliveryJob, queue: string, send: ((message: OutboxRow) => Promise<void>) | undefined, gate: SendGate, signal?: AbortSignal) {
    let message = await loadMessage(job.messageId);
    // Done already, or planned before what happened since (an attempt, a re-queuing): nothing to do.
    if (stale(message, job)) return;
    const release = send ? await gate.acquire({ urgent: (job.priority ?? 0) >= messagePriority.urgent, deadline: Date.now() + waitBudgetMs }) : undefined;
    // Only an undelivered message (retrying) can be re-queued by an administrator while this job waited for its
    // turn: read it again, so a re-queued one is sent by its new job only. A queued one has this job alone.
    if (release && message.status !== 'queued') {
      message = await findMessage(database.db, job.messageId);
      if (stale(message, job)) {
        release();
        return;
      }
    }
    const version = message.attempts.length;
    if (!send) {
      // Without SMTP (or an SMS gateway) the operator reads messages in the Outbox. Never log a subject or body:
      // they carry codes.
      logger.info({ messageId: message.id, template: message.template }, `${message.channel === 'email' ? 'mail' : 'SMS'} captured in the outbox`);
      await recordAttempt(database.db, message.id, version, 'captured', { at: clock().toISOString() }, null);
      return;
    }
    if (!release) {
      await defer(message, version, job, queue, 'Waiting for its turn (sending pace).', gate.pausedFor());
      return;
    }
    // The job's claim lapsed while it waited: the attempt that owns the job now sends the message, not this one.
    if (signal?.aborted) {
      release();
      return;
    }
    let failure: unknown;
    let failed = false;
    try {
      await send(message);
    } catch (error) {
      failure = error;
      failed = true;
    }
    if (!failed) {
      gate.succeeded();
      watch[message.channel].succeeded();
      // The slot is released only once `sent` is committed: at any moment at most the transport's slots
      // (SMTP_MAX_CONNECTIONS) hold a message accepted by the server and not yet recorded — all a kill -9 can
      // make the restarted jobs send again. A lost database connection is retried, never resent.
      try {
        await recordSentDurably(message.id, version);
      } finally {
        release();
      }
      return;
    }
    release();
    await afterFailure(message, version, job, queue, gate, failure);
  }

  /** A failed attempt: throttling defers, a permanent refusal fails the message, anything else retries on schedule. */
  async function afterFailure(message: OutboxRow, version: number, job: DeliveryJob, queue: string, gate: SendGate, failure: unknown) {
    const kind = classifyFailure(failure);
    const text = errorText(failure);
    // Throttling is the server's pace, not a failure of the transport; a refusal of one address (5xx) neither.
    if (kind !== 'throttled' && kind !== 'permanent') watch[message.channel].failed();
    const what = message.channel === 'email' ? 'mail' : 'SMS';
    if (kind === 'throttled') {
      gate.slowDown('throttled', (failure as { retryAfterMs?: number }).retryAfterMs);
      reportThrottled(queue, failure);
      await defer(message, version, job, queue, `Throttled by the server: ${text}`, gate.pausedFor());
      return;
    }
    if (kind === 'unreachable') gate.slowDown('unreachable');
    const at = clock();
    // A permanent refusal is the last attempt; otherwise the schedule restarts when an administrator re-queues it.
    const requeued = message.attempts.findLastIndex((a) => a.requeuedBy);
    const failures = message.attempts.slice(requeued + 1).filter((a) => a.error).length + 1;
    const since = requeued >= 0 ? new Date(message.attempts[requeued]!.at) : message.createdAt;
    const next = kind === 'permanent' ? null : nextAttemptAt(policy, { since, now: at, failures });
    const entry = { at: at.toISOString(), error: text, ...(next ? { nextAttemptAt: next.toISOString() } : {}) };
    await recordAndPlan(message, version, job, queue, { status: next ? 'retrying' : 'failed', entry, error: text, next });
    const log = { err: failure, messageId: message.id, channel: message.channel, failures, nextAttemptAt: next?.toISOString() ?? null };
    if (next) logger.warn(log, `${what} delivery failed, will retry`);
    else if (kind === 'permanent') logger.error(log, `${what} refused by the server: failed (the Outbox shows why and can send it again)`);
    else logger.error(log, `${what} delivery failed for good: the Outbox can send it again`);
  }

  return {
    attempt: (job: DeliveryJob, queue: string, send: Send, gate: SendGate, signal?: AbortSignal) =>
      exclusive(job.messageId, () => attempt(job, queue, send, gate, signal)),
  };
}
