import { defineJob, defineModule } from '../modules.ts';
import { attachedStorageKeys, failAbandoned } from './repository.ts';
import { sendEmailQueue, sendSmsQueue, type DeliveryJob, type SmsDeliveryJob } from './service.ts';

/**
 * The platform's own delivery queues, registered like any module's. A delivery attempt is bounded by the
 * transport's timeouts (SMTP: 10 s to connect, 10 s for the greeting, 30 s of silence; SMS: 10 s), so a batch of
 * 10 takes well under 2 minutes even against a server that does not answer. Transport failures are retried on
 * the messaging schedule (retry.ts), not by pg-boss: its retries only cover the database failing mid-job.
 */
export const messagingModule = defineModule({
  name: 'messaging',
  jobs: [
    defineJob<DeliveryJob>({ queue: sendEmailQueue, expireInSeconds: 120, retryLimit: 10, run: (platform, job) => platform.messaging.deliverEmail(job) }),
    defineJob<SmsDeliveryJob>({ queue: sendSmsQueue, expireInSeconds: 120, retryLimit: 10, run: (platform, job) => platform.messaging.deliverSms(job) }),
  ],
  // Mails carry files by storage reference (the signed documents): the storage sweep must keep them.
  storageReferences: (platform, keys) => attachedStorageKeys(platform.database.db, keys),
  async init(platform) {
    const abandoned = await failAbandoned(platform.database.db, platform.clock());
    if (abandoned) platform.logger.warn({ abandoned }, 'undelivered messages without a planned delivery are now marked failed (Outbox, filter undelivered)');
  },
});
