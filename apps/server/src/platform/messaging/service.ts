import { sql } from 'drizzle-orm';
import { languageTag } from '@paraphe/contracts';
import type { DatabaseHandle, Executor, Tx } from '../db/client.ts';
import type { Jobs } from '../jobs/boss.ts';
import type { Logger } from '../logger.ts';
import { TemplateRegistry } from './templates/render.ts';
import type { MailTransport, SmsProvider } from './transports.ts';
import { createSendGate } from './pacing.ts';
import type { Storage } from '../storage.ts';
import { audit } from '../audit.ts';
import { findMessage, latestByAbout, recordAttempt, redactMessages, requeueCandidates, type DeliveryState, type OutboxRow } from './repository.ts';
import { figuresOf, oldestWaiting, type DeliveryFigures } from './repository.ts';
import { createTransportWatch, type TransportHealth } from './transport-health.ts';
import { createDelivery } from './delivery.ts';
import { createQueueing, type Queueing } from './queueing.ts';
import { addressing, createSenderDirectory, type SenderDirectory } from './senders.ts';
import { sendEmailQueue, sendSmsQueue, type DeliveryJob, type SmsDeliveryJob } from './queues.ts';

export type { DeliveryState } from './repository.ts';
export type { DeliveryFigures } from './repository.ts';
export type { TransportHealth } from './transport-health.ts';
export { messagePriority, sendEmailQueue, sendSmsQueue, sentRecordRetry, type DeliveryJob, type MessagePriority, type SmsDeliveryJob } from './queues.ts';
export type { BatchMessage } from './queueing.ts';
export type { SenderDirectory, SenderResolver, TenantSender } from './senders.ts';
import { defaultRetryPolicy, type RetryPolicy } from './retry.ts';

export interface Messaging extends Queueing {
  /** Every module's mail/SMS texts (registered at assembly). */
  templates: TemplateRegistry;
  /** Tenants' own mail senders (senders.ts): the domain that owns them registers its resolver at start. */
  senders: SenderDirectory;
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
  const mailGate = createSendGate({
    concurrency: mailTransport?.maxConnections ?? deps.pacing?.maxConnections ?? 5,
    ratePerSecond: deps.pacing?.ratePerSecond,
  });
  const smsGate = createSendGate({ concurrency: 5, ratePerSecond: deps.pacing?.smsRatePerSecond });
  // What /healthz says of each transport: the outcomes of this process's attempts (none in an api-only process).
  const watch = { email: createTransportWatch(clock), sms: createTransportWatch(clock) };
  const delivery = createDelivery({ database, jobs, logger, clock, policy, watch });
  const senders = createSenderDirectory(logger);

  const sendMail = mailTransport
    ? async (message: OutboxRow) => {
        const attachments = await Promise.all(
          message.attachments.map(async (a) => ({ filename: a.fileName, contentType: a.contentType, content: await deps.storage!.get(a.storageKey) })),
        );
        // A tenant's mail: from its own verified address (DKIM-signed), or from ours with Reply-To its address.
        const sender = await senders.of(message.appId, message.template);
        await mailTransport.send({
          ...addressing(deps.mailFrom, message.to, sender),
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
    senders,
    deliverEmail: (job, opts) => delivery.attempt(job, sendEmailQueue, sendMail, mailGate, opts?.signal),
    deliverSms: (job, opts) =>
      delivery.attempt(
        job,
        sendSmsQueue,
        smsProvider ? (message) => smsProvider.send({ to: message.to, text: message.text, sender: job.sender }) : undefined,
        smsGate,
        opts?.signal,
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
          await audit(tx, {
            appId: by.appId,
            actorUserId: by.userId,
            action: 'outbox.resent',
            targetType: 'outbox_message',
            targetId: ids.length === 1 ? ids[0] : null,
            data: { count: ids.length, ids: ids.slice(0, 100) },
          });
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
    ...createQueueing(templates, jobs),
  };
}
