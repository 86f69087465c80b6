/** The delivery queues and their jobs' data: what the messaging service, its delivery and its module share. */
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

/** Retrying the record of `sent` (recordSentDurably): 100 ms, doubling up to 5 s, until it is committed. */
export const sentRecordRetry = { firstDelayMs: 100, maxDelayMs: 5_000 };
