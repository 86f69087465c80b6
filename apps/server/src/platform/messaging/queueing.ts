import { randomUUID } from 'node:crypto';
import type { Jobs } from '../jobs/boss.ts';
import type { TemplateRegistry } from './templates/render.ts';
import { insertMessage, insertMessages } from './repository.ts';
import type { Tx } from '../db/client.ts';
import type { OutboxAttachment } from '../db/schema/index.ts';
import type { Branding } from './templates/render.ts';
import type { TemplateName, TemplateParams } from './templates/types.ts';
import { messagePriority, sendEmailQueue, sendSmsQueue, type DeliveryJob, type MessagePriority, type SmsDeliveryJob } from './queues.ts';

export interface QueueMessage<K extends TemplateName> {
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
  (QueueMessage<K> & { channel: 'email'; attachments?: OutboxAttachment[] }) | (QueueMessage<K> & { channel: 'sms'; sender?: string | null });

export interface Queueing {
  /** Renders the mail, records it in the outbox and enqueues its delivery, all in the caller's transaction. */
  /** `attachments` are storage references: the outbox keeps the reference, delivery reads the bytes. */
  queueEmail<K extends TemplateName>(tx: Tx, message: QueueMessage<K> & { attachments?: OutboxAttachment[] }): Promise<string>;
  queueSms<K extends TemplateName>(tx: Tx, message: QueueMessage<K> & { sender?: string | null }): Promise<string>;
  /**
   * Many mails and SMS at once, in the caller's transaction: one insert for the rows, one per queue for the jobs
   * (mass sending: a campaign's invitations, the sweep's reminders). Returns the message ids in order.
   */
  queueBatch(tx: Tx, messages: readonly BatchMessage[]): Promise<string[]>;
}

/** Rendering a message, its outbox row and its delivery job, all in the caller's transaction. */
export function createQueueing(templates: TemplateRegistry, jobs: Jobs): Queueing {
  return {
    async queueEmail(tx, m) {
      const rendered = templates.render(m.template, m.language, m.params, m.branding, m.appId);
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
      const rendered = templates.render(m.template, m.language, m.params, m.branding, m.appId);
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
      await jobs.enqueue(
        tx,
        sendSmsQueue,
        { messageId, version: 0, sender: m.sender ?? 'Paraphe', ...(priority ? { priority } : {}) } satisfies SmsDeliveryJob,
        { priority },
      );
      return messageId;
    },
    async queueBatch(tx, messages) {
      if (!messages.length) return [];
      const rows = messages.map((m) => {
        const rendered = templates.render(m.template, m.language, m.params as never, m.branding, m.appId);
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
          const data = {
            messageId: rows[i]!.id,
            version: 0,
            ...(priority ? { priority } : {}),
            ...(m.channel === 'sms' ? { sender: m.sender ?? 'Paraphe' } : {}),
          };
          return [{ data, priority }];
        });
      for (const [queue, channel] of [
        [sendEmailQueue, 'email'],
        [sendSmsQueue, 'sms'],
      ] as const) {
        const batch = jobsOf(channel);
        for (let i = 0; i < batch.length; i += 1000) await jobs.enqueueMany(tx, queue, batch.slice(i, i + 1000));
      }
      return rows.map((r) => r.id);
    },
  };
}
