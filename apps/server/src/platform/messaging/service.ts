import { sql } from 'drizzle-orm';
import { languageTag } from '@paraphe/contracts';
import type { DatabaseHandle, Executor, Tx } from '../db/client.ts';
import type { Jobs } from '../jobs/boss.ts';
import type { Logger } from '../logger.ts';
import { TemplateRegistry, type Branding } from './templates/render.ts';
import type { TemplateName, TemplateParams } from './templates/types.ts';
import { classifyFailure, type MailTransport, type SmsProvider } from './transports.ts';
import { createSendGate, type SendGate } from './pacing.ts';
import { isDatabaseUnavailable, throttledReporter } from '../faults.ts';
import { randomUUID } from 'node:crypto';
import type { OutboxAttachment } from '../db/schema/index.ts';
import type { Storage } from '../storage.ts';
import { audit } from '../audit.ts';
import { deliverableStatuses, findMessage, findMessages, insertMessage, insertMessages, latestByAbout, recordAttempt, redactMessages, recordSent, requeueCandidates, type DeliveryState, type OutboxRow } from './repository.ts';
import { figuresOf, oldestWaiting, type DeliveryFigures } from './repository.ts';
import { createTransportWatch, type TransportHealth } from './transport-health.ts';

export type { DeliveryState } from './repository.ts';
export type { DeliveryFigures } from './repository.ts';
export type { TransportHealth } from './transport-health.ts';
import { defaultRetryPolicy, nextAttemptAt, type RetryPolicy } from './retry.ts';

export const sendEmailQueue = 'send-email';
export const sendSmsQueue = 'send-sms';

/**
 * A delivery job. `version` is the number of history entries the message had when the job was planned: a job
 * that finds another number (an attempt or a re-queuing happened since) is stale and does nothing. Jobs queued
 * before versions existed have none and deliver while the message is deliverable.
 */
export interface DeliveryJob {
  messageId: string;
  version?: number;
  /** The job's pg-boss priority (messagePriority), kept by the attempts planned after it. */
  priority?: number;
}

/**
 * Who waits for a message. `urgent`: a person is waiting for it on a screen (login and second-factor codes,
 * signing codes): taken before anything else, by a worker of its own (send-email's priority lane) so a campaign
 * of 100,000 mails queued before it never delays it. `normal` (default): one-off mails. `bulk`: mass sending
 * (campaign invitations, the sweep's reminders), after any normal mail queued meanwhile.
 */
export const messagePriority = { urgent: 10, normal: 0, bulk: -10 } as const;
export type MessagePriority = keyof typeof messagePriority;
export interface SmsDeliveryJob extends DeliveryJob {
  sender: string;
}

interface QueueMessage<K extends TemplateName> {
  appId: string | null;
  to: string;
  template: K;
  language: string;
  params: TemplateParams[K];
  branding: Branding;
  /** What it is about, for the sender domain's own lookups (deliveryStatus): e.g. `signer:<id>`. */
  about?: string;
  /**
   * The group whose delivery figures count it (deliveryFigures): e.g. `campaign:<id>` for a campaign copy's
   * invitation. Kept by the database with each status change, so a view of 100,000 messages reads one row.
   */
  tally?: string;
  /** Default `normal`; `urgent` for codes a person waits for, `bulk` for mass sending (see messagePriority). */
  priority?: MessagePriority;
}

/** One message of a batch (queueBatch): a mail, or an SMS with its sender. */
export type BatchMessage<K extends TemplateName = TemplateName> =
  | (QueueMessage<K> & { channel: 'email'; attachments?: OutboxAttachment[] })
  | (QueueMessage<K> & { channel: 'sms'; sender?: string | null });

export interface Messaging {
  /** Every module's mail/SMS texts (registered at assembly). */
  templates: TemplateRegistry;
  /** Renders the mail, records it in the outbox and enqueues its delivery, all in the caller's transaction. */
  /** `attachments` are storage references: the outbox keeps the reference, delivery reads the bytes. */
  queueEmail<K extends TemplateName>(tx: Tx, message: QueueMessage<K> & { attachments?: OutboxAttachment[] }): Promise<string>;
  queueSms<K extends TemplateName>(tx: Tx, message: QueueMessage<K> & { sender?: string | null }): Promise<string>;
  /**
   * Many mails and SMS at once, in the caller's transaction: one insert for the rows, one per queue for the jobs
   * (mass sending: a campaign's invitations, the sweep's reminders). Returns the message ids in order.
   */
  queueBatch(tx: Tx, messages: readonly BatchMessage[]): Promise<string[]>;
  /**
   * The send-email job: one attempt to deliver a queued (or retrying) mail, at the transport's pace (pacing.ts).
   * A failed attempt plans the next one (retry.ts) or, at the end of the schedule, marks the mail failed; a
   * throttling answer plans it again without counting a failure; a permanent refusal (5xx) fails it at once. It
   * never throws for a transport error. `signal`: the job's claim lapsed, another attempt owns it.
   */
  deliverEmail(job: DeliveryJob, opts?: { signal?: AbortSignal }): Promise<void>;
  /** The send-sms job, likewise. */
  deliverSms(job: SmsDeliveryJob, opts?: { signal?: AbortSignal }): Promise<void>;
  /**
   * Sends again, now, undelivered messages — the given ones (failed or retrying), or every failed one (at most
   * 1,000 per call) — as a product administrator asked (audited in the same transaction). Returns the messages
   * re-queued.
   */
  requeue(opts: { ids?: string[]; by: { userId: string; appId: string } }): Promise<OutboxRow[]>;
  /**
   * The delivery state of the newest message about each subject (`about` given when queued), in the caller's
   * transaction: what a domain shows its users ("the invitation could not be delivered").
   */
  deliveryStatus(db: Executor, abouts: readonly string[]): Promise<Map<string, DeliveryState>>;
  /** Delivered / waiting / failed messages of each group (`tally` given when queued), in the caller's transaction. */
  deliveryFigures(db: Executor, tallies: readonly string[]): Promise<Map<string, DeliveryFigures>>;
  /** How each transport stands (/healthz): last success, consecutive failures, the oldest message waiting. */
  transportHealth(): Promise<{ mail: TransportHealth; sms: TransportHealth }>;
  /** GDPR: the tenant's delivered messages about these subjects, or to this address, lose recipient and content. */
  redact(tx: Tx, appId: string, match: { abouts?: readonly string[]; to?: string }): Promise<number>;
}

/** Retrying the record of `sent` (recordSentDurably): 100 ms, doubling up to 5 s, until it is committed. */
export const sentRecordRetry = { firstDelayMs: 100, maxDelayMs: 5_000 };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

export function createMessaging(deps: {
  database: DatabaseHandle;
  jobs: Jobs;
  logger: Logger;
  mailFrom: string;
  /** The server's public address (the tenant's logo in mails). */
  publicUrl?: string;
  mailTransport?: MailTransport;
  smsProvider?: SmsProvider;
  /** Where attachments are read from at delivery. */
  storage?: Storage;
  /** The platform clock (tests move it to make a day of retries pass). */
  clock?: () => Date;
  retryPolicy?: RetryPolicy;
  /** Sending pace (config.mailPacing): concurrent SMTP connections, messages per second per transport. */
  pacing?: { maxConnections?: number; ratePerSecond?: number; smsRatePerSecond?: number };
}): Messaging {
  const { database, jobs, logger, mailTransport, smsProvider } = deps;
  const clock = deps.clock ?? (() => new Date());
  const policy = deps.retryPolicy ?? defaultRetryPolicy;
  const templates = new TemplateRegistry(deps.publicUrl);
  // One pace per transport, shared by every delivery job of the process.
  const mailGate = createSendGate({ concurrency: mailTransport?.maxConnections ?? deps.pacing?.maxConnections ?? 5, ratePerSecond: deps.pacing?.ratePerSecond });
  const smsGate = createSendGate({ concurrency: 5, ratePerSecond: deps.pacing?.smsRatePerSecond });
  // What /healthz says of each transport: the outcomes of this process's attempts (none in an api-only process).
  const watch = { email: createTransportWatch(clock), sms: createTransportWatch(clock) };
  const reportThrottled = throttledReporter((error, repeats) =>
    logger.warn({ err: error, repeats }, 'the server asks to slow down: sending pauses, the messages are planned again (none is dropped)'),
  );

  /**
   * A delivery job waits at most this long for its turn (pool slot, rate, pause), then plans the message again
   * (a `deferred` history entry and a job at the end of the pause): a batch stays well within its 120 s claim.
   */
  const waitBudgetMs = 40_000;

  /** Plans the message again after `delayMs` without counting a failure (throttled, or paced past the budget). */
  async function defer(message: OutboxRow, version: number, job: DeliveryJob, queue: string, reason: string, delayMs: number) {
    const at = clock();
    const next = new Date(at.getTime() + Math.max(1000, delayMs));
    await database.inSystem(async (tx) => {
      const entry = { at: at.toISOString(), deferred: reason, nextAttemptAt: next.toISOString() };
      if (await recordAttempt(tx, message.id, version, message.status, entry, message.error)) {
        await jobs.enqueue(tx, queue, { ...job, version: version + 1 }, { startAfterSeconds: Math.ceil(Math.max(1000, delayMs) / 1000), priority: job.priority });
      }
    });
  }

  /**
   * Rows asked for in the same turn of the event loop are read in one query: the jobs of a batch start together,
   * so a batch of 50 reads its 50 messages at once.
   */
  let pending: { ids: Set<string>; rows: Promise<Map<string, OutboxRow>> } | undefined;
  function loadMessage(id: string): Promise<OutboxRow | undefined> {
    if (!pending) {
      const ids = new Set<string>();
      const rows = new Promise<Map<string, OutboxRow>>((resolve, reject) =>
        setImmediate(() => {
          pending = undefined;
          findMessages(database.db, [...ids]).then((found) => resolve(new Map(found.map((r) => [r.id, r]))), reject);
        }),
      );
      pending = { ids, rows };
    }
    pending.ids.add(id);
    return pending.rows.then((rows) => rows.get(id));
  }

  /**
   * `sent` is recorded right after the server's answer; answers that arrive in the same turn of the event loop
   * share one statement. The sender keeps its transport slot until the record is committed (recordSentDurably).
   */
  let sentBatch: { items: { id: string; version: number; at: string }[]; done: Promise<void> } | undefined;
  function markSent(id: string, version: number, at: string): Promise<void> {
    if (!sentBatch) {
      const items: { id: string; version: number; at: string }[] = [];
      const done = new Promise<void>((resolve, reject) =>
        setImmediate(() => {
          sentBatch = undefined;
          recordSent(database.db, items).then(() => resolve(), reject);
        }),
      );
      sentBatch = { items, done };
    }
    sentBatch.items.push({ id, version, at });
    return sentBatch.done;
  }

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

  /**
   * The delivery runs of this process, by message. pg-boss may hand a job to a second run while the first still
   * waits on SMTP or on the record of `sent` (its claim lapsed: expiry, or a heartbeat lost with the database
   * connection); the second waits for the first to end, then reads the message again (sent: nothing to do).
   */
  const runs = new Map<string, Promise<void>>();
  async function exclusive(messageId: string, run: () => Promise<void>): Promise<void> {
    for (let running = runs.get(messageId); running; running = runs.get(messageId)) await running.catch(() => undefined);
    const current = run();
    runs.set(messageId, current);
    try {
      await current;
    } finally {
      if (runs.get(messageId) === current) runs.delete(messageId);
    }
  }

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
    await database.inSystem(async (tx) => {
      const entry = { at: at.toISOString(), error: text, ...(next ? { nextAttemptAt: next.toISOString() } : {}) };
      const recorded = await recordAttempt(tx, message.id, version, next ? 'retrying' : 'failed', entry, text);
      if (recorded && next) {
        await jobs.enqueue(tx, queue, { ...job, version: version + 1 }, { startAfterSeconds: Math.max(1, Math.ceil((next.getTime() - at.getTime()) / 1000)), priority: job.priority });
      }
    });
    const log = { err: failure, messageId: message.id, channel: message.channel, failures, nextAttemptAt: next?.toISOString() ?? null };
    if (next) logger.warn(log, `${what} delivery failed, will retry`);
    else if (kind === 'permanent') logger.error(log, `${what} refused by the server: failed (the Outbox shows why and can send it again)`);
    else logger.error(log, `${what} delivery failed for good: the Outbox can send it again`);
  }

  const sendMail = mailTransport
    ? async (message: OutboxRow) => {
        const attachments = await Promise.all(
          message.attachments.map(async (a) => ({ filename: a.fileName, contentType: a.contentType, content: await deps.storage!.get(a.storageKey) })),
        );
        await mailTransport.send({
          from: deps.mailFrom,
          to: message.to,
          subject: message.subject ?? '',
          text: message.text,
          html: message.html ?? message.text,
          // The language the text is written in (the recipient's, or English when its catalogue lacks the text).
          headers: { 'Content-Language': languageTag(message.language) },
          ...(attachments.length ? { attachments } : {}),
        });
      }
    : undefined;

  /** The sender an SMS was queued with (kept in its jobs only), for a re-queued one. */
  async function smsSenderOf(tx: Tx, messageId: string): Promise<string> {
    const result = (await tx.execute(
      sql`select data->>'sender' as sender from pgboss.job where name = ${sendSmsQueue} and data->>'messageId' = ${messageId} order by created_on desc limit 1`,
    )) as unknown as { rows: { sender: string | null }[] };
    return result.rows[0]?.sender ?? 'Paraphe';
  }

  return {
    templates,
    deliverEmail: (job, opts) => exclusive(job.messageId, () => attempt(job, sendEmailQueue, sendMail, mailGate, opts?.signal)),
    deliverSms: (job, opts) =>
      exclusive(job.messageId, () =>
        attempt(job, sendSmsQueue, smsProvider ? (message) => smsProvider.send({ to: message.to, text: message.text, sender: job.sender }) : undefined, smsGate, opts?.signal),
      ),
    async requeue({ ids, by }) {
      return database.inSystem(async (tx) => {
        const rows = (await requeueCandidates(tx, ids ? { ids } : { status: 'failed' })).slice(0, 1000);
        const at = clock().toISOString();
        const requeued: OutboxRow[] = [];
        for (const row of rows) {
          const version = row.attempts.length;
          if (!(await recordAttempt(tx, row.id, version, 'queued', { at, requeuedBy: by.userId }, row.error))) continue;
          const job = { messageId: row.id, version: version + 1 };
          if (row.channel === 'email') await jobs.enqueue(tx, sendEmailQueue, job satisfies DeliveryJob);
          else await jobs.enqueue(tx, sendSmsQueue, { ...job, sender: await smsSenderOf(tx, row.id) } satisfies SmsDeliveryJob);
          requeued.push((await findMessage(tx, row.id))!);
        }
        if (requeued.length) {
          const ids = requeued.map((m) => m.id);
          await audit(tx, { appId: by.appId, actorUserId: by.userId, action: 'outbox.resent', targetType: 'outbox_message', targetId: ids.length === 1 ? ids[0] : null, data: { count: ids.length, ids: ids.slice(0, 100) } });
        }
        return requeued;
      });
    },
    deliveryStatus: (db, abouts) => latestByAbout(db, abouts),
    deliveryFigures: (db, tallies) => figuresOf(db, tallies),
    async transportHealth() {
      const oldest = await oldestWaiting(database.db, clock());
      return {
        mail: watch.email.health({ configured: !!mailTransport, oldestWaitingSeconds: oldest.email }),
        sms: watch.sms.health({ configured: !!smsProvider, oldestWaitingSeconds: oldest.sms }),
      };
    },
    redact: (tx, appId, match) => redactMessages(tx, appId, match),
    async queueEmail(tx, m) {
      const rendered = templates.render(m.template, m.language, m.params, m.branding);
      const messageId = await insertMessage(tx, {
        appId: m.appId,
        channel: 'email',
        to: m.to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        template: m.template,
        language: rendered.language,
        attachments: m.attachments ?? [],
        about: m.about ?? null,
        tally: m.tally ?? null,
      });
      const priority = messagePriority[m.priority ?? 'normal'];
      await jobs.enqueue(tx, sendEmailQueue, { messageId, version: 0, ...(priority ? { priority } : {}) } satisfies DeliveryJob, { priority });
      return messageId;
    },
    async queueSms(tx, m) {
      const rendered = templates.render(m.template, m.language, m.params, m.branding);
      const messageId = await insertMessage(tx, {
        appId: m.appId,
        channel: 'sms',
        to: m.to,
        subject: null,
        text: rendered.sms,
        html: null,
        template: m.template,
        language: rendered.language,
        about: m.about ?? null,
        tally: m.tally ?? null,
      });
      const priority = messagePriority[m.priority ?? 'normal'];
      await jobs.enqueue(tx, sendSmsQueue, { messageId, version: 0, sender: m.sender ?? 'Paraphe', ...(priority ? { priority } : {}) } satisfies SmsDeliveryJob, { priority });
      return messageId;
    },
    async queueBatch(tx, messages) {
      if (!messages.length) return [];
      const rows = messages.map((m) => {
        const rendered = templates.render(m.template, m.language, m.params as never, m.branding);
        const email = m.channel === 'email';
        return {
          id: randomUUID(),
          appId: m.appId,
          channel: m.channel,
          to: m.to,
          subject: email ? rendered.subject : null,
          text: email ? rendered.text : rendered.sms,
          html: email ? rendered.html : null,
          template: m.template,
          language: rendered.language,
          attachments: email ? (m.attachments ?? []) : [],
          about: m.about ?? null,
          tally: m.tally ?? null,
        };
      });
      await insertMessages(tx, rows);
      const jobsOf = (channel: 'email' | 'sms') =>
        messages.flatMap((m, i) => {
          if (m.channel !== channel) return [];
          const priority = messagePriority[m.priority ?? 'normal'];
          const data = { messageId: rows[i]!.id, version: 0, ...(priority ? { priority } : {}), ...(m.channel === 'sms' ? { sender: m.sender ?? 'Paraphe' } : {}) };
          return [{ data, priority }];
        });
      for (const [queue, channel] of [[sendEmailQueue, 'email'], [sendSmsQueue, 'sms']] as const) {
        const batch = jobsOf(channel);
        for (let i = 0; i < batch.length; i += 1000) await jobs.enqueueMany(tx, queue, batch.slice(i, i + 1000));
      }
      return rows.map((r) => r.id);
    },
  };
}
