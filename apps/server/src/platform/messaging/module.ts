import { defineJob, defineModule } from '../modules.ts';
import { attachedStorageKeys, failAbandoned } from './repository.ts';
import { messagePriority, sendEmailQueue, sendSmsQueue, type DeliveryJob, type SmsDeliveryJob } from './queues.ts';

/**
 * The platform's own delivery queues, registered like any module's. A worker takes 50 jobs per fetch and runs
 * them at once; the transport's pace (pacing.ts: SMTP_MAX_CONNECTIONS pooled connections, MAIL_RATE_PER_SECOND,
 * pauses on throttling) decides how many are really in flight. A job waits at most 40 s for its turn (then its
 * message is planned again) and an SMTP exchange is bounded (10 s to connect, 10 s for the greeting, 30 s of
 * silence), so a batch stays within its 120 s claim. Urgent messages (codes) have a worker of their own (the
 * priority lane): they never wait behind a batch of a campaign. Transport failures are retried on the messaging
 * schedule (retry.ts), not by pg-boss: its retries only cover the database failing mid-job.
 */
const delivery = { expireInSeconds: 120, retryLimit: 10, batchSize: 50, concurrency: 50, priorityLane: { minPriority: messagePriority.urgent, batchSize: 5 } };

export const messagingModule = defineModule({
  name: 'messaging',
  jobs: [
    defineJob<DeliveryJob>({ queue: sendEmailQueue, ...delivery, run: (platform, job, { signal }) => platform.messaging.deliverEmail(job, { signal }) }),
    defineJob<SmsDeliveryJob>({ queue: sendSmsQueue, ...delivery, run: (platform, job, { signal }) => platform.messaging.deliverSms(job, { signal }) }),
  ],
  // Mails carry files by storage reference (the signed documents): the storage sweep must keep them.
  storageReferences: (platform, keys) => attachedStorageKeys(platform.database.db, keys),
  async init(platform) {
    const abandoned = await failAbandoned(platform.database.db, platform.clock());
    if (abandoned) platform.logger.warn({ abandoned }, 'undelivered messages without a planned delivery are now marked failed (Outbox, filter undelivered)');
  },
});
