import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor, Tx } from '../db/client.ts';
import type { Jobs } from '../jobs/boss.ts';
import type { Logger } from '../logger.ts';
import { TemplateRegistry, type Branding } from './templates/render.ts';
import type { TemplateName, TemplateParams } from './templates/types.ts';
import type { MailTransport, SmsProvider } from './transports.ts';
import type { OutboxAttachment } from '../db/schema/index.ts';
import type { Storage } from '../storage.ts';
import { audit } from '../audit.ts';
import { deliverableStatuses, findMessage, insertMessage, latestByAbout, recordAttempt, requeueCandidates, type DeliveryState, type OutboxRow } from './repository.ts';

export type { DeliveryState } from './repository.ts';
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
}
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
}

export interface Messaging {
  /** Every module's mail/SMS texts (registered at assembly). */
  templates: TemplateRegistry;
  /** Renders the mail, records it in the outbox and enqueues its delivery, all in the caller's transaction. */
  /** `attachments` are storage references: the outbox keeps the reference, delivery reads the bytes. */
  queueEmail<K extends TemplateName>(tx: Tx, message: QueueMessage<K> & { attachments?: OutboxAttachment[] }): Promise<string>;
  queueSms<K extends TemplateName>(tx: Tx, message: QueueMessage<K> & { sender?: string | null }): Promise<string>;
  /**
   * The send-email job: one attempt to deliver a queued (or retrying) mail. A failed attempt plans the next one
   * (retry.ts) or, at the end of the schedule, marks the mail failed; it never throws for a transport error.
   */
  deliverEmail(job: DeliveryJob): Promise<void>;
  /** The send-sms job, likewise. */
  deliverSms(job: SmsDeliveryJob): Promise<void>;
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
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

export function createMessaging(deps: {
  database: DatabaseHandle;
  jobs: Jobs;
  logger: Logger;
  mailFrom: string;
  mailTransport?: MailTransport;
  smsProvider?: SmsProvider;
  /** Where attachments are read from at delivery. */
  storage?: Storage;
  /** The platform clock (tests move it to make a day of retries pass). */
  clock?: () => Date;
  retryPolicy?: RetryPolicy;
}): Messaging {
  const { database, jobs, logger, mailTransport, smsProvider } = deps;
  const clock = deps.clock ?? (() => new Date());
  const policy = deps.retryPolicy ?? defaultRetryPolicy;
  const templates = new TemplateRegistry();

  /** One delivery attempt of a message through `send`; records the outcome and plans what follows. */
  async function attempt(job: DeliveryJob, queue: string, send: ((message: OutboxRow) => Promise<void>) | undefined) {
    const message = await findMessage(database.db, job.messageId);
    if (!message || !deliverableStatuses.includes(message.status)) return;
    const version = message.attempts.length;
    if (job.version !== undefined && job.version !== version) return; // planned before what happened since
    if (!send) {
      // Without SMTP (or an SMS gateway) the operator reads messages in the Outbox. Never log a subject or body:
      // they carry codes.
      logger.info({ messageId: message.id, template: message.template }, `${message.channel === 'email' ? 'mail' : 'SMS'} captured in the outbox`);
      await recordAttempt(database.db, message.id, version, 'captured', { at: clock().toISOString() }, null);
      return;
    }
    try {
      await send(message);
    } catch (error) {
      const at = clock();
      // The schedule restarts when an administrator re-queues the message.
      const requeued = message.attempts.findLastIndex((a) => a.requeuedBy);
      const failures = message.attempts.slice(requeued + 1).filter((a) => a.error).length + 1;
      const since = requeued >= 0 ? new Date(message.attempts[requeued]!.at) : message.createdAt;
      const next = nextAttemptAt(policy, { since, now: at, failures });
      const text = errorText(error);
      await database.inSystem(async (tx) => {
        const entry = { at: at.toISOString(), error: text, ...(next ? { nextAttemptAt: next.toISOString() } : {}) };
        const recorded = await recordAttempt(tx, message.id, version, next ? 'retrying' : 'failed', entry, text);
        if (recorded && next) {
          await jobs.enqueue(tx, queue, { ...job, version: version + 1 }, { startAfterSeconds: Math.max(1, Math.ceil((next.getTime() - at.getTime()) / 1000)) });
        }
      });
      const log = { err: error, messageId: message.id, channel: message.channel, failures, nextAttemptAt: next?.toISOString() ?? null };
      if (next) logger.warn(log, `${message.channel === 'email' ? 'mail' : 'SMS'} delivery failed, will retry`);
      else logger.error(log, `${message.channel === 'email' ? 'mail' : 'SMS'} delivery failed for good: the Outbox can send it again`);
      return;
    }
    // Sent: if recording it fails (the database went away), the job retries and the message may go twice.
    await recordAttempt(database.db, message.id, version, 'sent', { at: clock().toISOString() }, null);
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
    deliverEmail: (job) => attempt(job, sendEmailQueue, sendMail),
    deliverSms: (job) =>
      attempt(job, sendSmsQueue, smsProvider ? (message) => smsProvider.send({ to: message.to, text: message.text, sender: job.sender }) : undefined),
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
        language: m.language,
        attachments: m.attachments ?? [],
        about: m.about ?? null,
      });
      await jobs.enqueue(tx, sendEmailQueue, { messageId, version: 0 } satisfies DeliveryJob);
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
        language: m.language,
        about: m.about ?? null,
      });
      await jobs.enqueue(tx, sendSmsQueue, { messageId, version: 0, sender: m.sender ?? 'Paraphe' } satisfies SmsDeliveryJob);
      return messageId;
    },
  };
}
