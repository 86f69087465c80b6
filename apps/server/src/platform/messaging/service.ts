import type { Tx, DatabaseHandle } from '../db/client.ts';
import type { Jobs } from '../jobs/boss.ts';
import type { Logger } from '../logger.ts';
import { renderTemplate, type Branding } from './templates/render.ts';
import type { TemplateName, TemplateParams } from './templates/types.ts';
import type { MailTransport, SmsProvider } from './transports.ts';
import type { OutboxAttachment } from '../db/schema/index.ts';
import type { Storage } from '../storage.ts';
import { findMessage, insertMessage, markMessage } from './repository.ts';

export const sendEmailQueue = 'send-email';
export const sendSmsQueue = 'send-sms';

interface QueueMessage<K extends TemplateName> {
  appId: string | null;
  to: string;
  template: K;
  language: string;
  params: TemplateParams[K];
  branding: Branding;
}

export interface Messaging {
  /** Renders the mail, records it in the outbox and enqueues its delivery, all in the caller's transaction. */
  /** `attachments` are storage references: the outbox keeps the reference, delivery reads the bytes. */
  queueEmail<K extends TemplateName>(tx: Tx, message: QueueMessage<K> & { attachments?: OutboxAttachment[] }): Promise<string>;
  queueSms<K extends TemplateName>(tx: Tx, message: QueueMessage<K> & { sender?: string | null }): Promise<string>;
}

export function createMessaging(deps: {
  database: DatabaseHandle;
  jobs: Jobs;
  logger: Logger;
  mailFrom: string;
  mailTransport?: MailTransport;
  smsProvider?: SmsProvider;
  /** Where attachments are read from at delivery. */
  storage?: Storage;
}): Messaging {
  const { database, jobs, logger, mailTransport, smsProvider } = deps;

  // Idempotent: a message leaves 'queued' once; a retried job finds it delivered and stops.
  jobs.define<{ messageId: string }>(sendEmailQueue, async ({ messageId }) => {
    const message = await findMessage(database.db, messageId);
    if (!message || message.status !== 'queued') return;
    if (!mailTransport) {
      // Without SMTP the operator reads mails in the Outbox; the log line lets the administrator read their own first login code.
      logger.info({ to: message.to, subject: message.subject }, 'mail captured in the outbox');
      return void (await markMessage(database.db, messageId, 'captured'));
    }
    try {
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
      await markMessage(database.db, messageId, 'sent');
    } catch (error) {
      logger.warn({ err: error, messageId }, 'mail delivery failed');
      await markMessage(database.db, messageId, 'queued', (error as Error).message);
      throw error;
    }
  });

  jobs.define<{ messageId: string; sender: string }>(sendSmsQueue, async ({ messageId, sender }) => {
    const message = await findMessage(database.db, messageId);
    if (!message || message.status !== 'queued') return;
    if (!smsProvider) return void (await markMessage(database.db, messageId, 'captured'));
    try {
      await smsProvider.send({ to: message.to, text: message.text, sender });
      await markMessage(database.db, messageId, 'sent');
    } catch (error) {
      await markMessage(database.db, messageId, 'queued', (error as Error).message);
      throw error;
    }
  });

  return {
    async queueEmail(tx, m) {
      const rendered = renderTemplate(m.template, m.language, m.params, m.branding);
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
      });
      await jobs.enqueue(tx, sendEmailQueue, { messageId });
      return messageId;
    },
    async queueSms(tx, m) {
      const rendered = renderTemplate(m.template, m.language, m.params, m.branding);
      const messageId = await insertMessage(tx, {
        appId: m.appId,
        channel: 'sms',
        to: m.to,
        subject: null,
        text: rendered.sms,
        html: null,
        template: m.template,
        language: m.language,
      });
      await jobs.enqueue(tx, sendSmsQueue, { messageId, sender: m.sender ?? 'Paraphe' });
      return messageId;
    },
  };
}
