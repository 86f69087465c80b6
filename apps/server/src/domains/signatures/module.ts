import { signatureEndpoints } from '@paraphe/contracts';
import { defineJob, defineModule } from '../../platform/modules.ts';
import { archiveQueue, runArchiveJob, type ArchiveJob } from './archive.ts';
import { referencedStorageKeys } from './storage-references.ts';
import { signatureRoutes } from './routes.ts';
import { runSignatureSweep, sweepQueue } from './sweep.ts';
import { signatureTemplates } from './templates.ts';
import { cancelQueue, runCancelJob, runSendJob, sendQueue, sendRetryLimit, type RequestJob } from './workflow.ts';

/** Signature requests: create, send, chain, remind, expire, cancel, archive (the requester's side). */
export const signaturesModule = defineModule({
  name: 'signatures',
  endpoints: [signatureEndpoints],
  routes: signatureRoutes,
  templates: signatureTemplates,
  jobs: [
    // Expiries (platform/modules.ts JobSpec): a send or cancel is one transaction (milliseconds; 2 min covers a
    // batch of 10 on a slow disk); an archive zips every document (one per batch); the sweep is bounded to 100
    // requests per minute.
    defineJob<RequestJob>({
      queue: sendQueue,
      retryLimit: sendRetryLimit,
      expireInSeconds: 120,
      run: (platform, data, job) => runSendJob(platform, data, { last: job.retryCount >= sendRetryLimit }),
    }),
    defineJob<RequestJob>({ queue: cancelQueue, expireInSeconds: 120, run: (platform, data) => runCancelJob(platform, data) }),
    defineJob<ArchiveJob>({ queue: archiveQueue, retryLimit: 3, expireInSeconds: 300, batchSize: 1, run: (platform, data) => runArchiveJob(platform, data) }),
    defineJob({
      queue: sweepQueue,
      schedule: '* * * * *',
      retryLimit: 0,
      expireInSeconds: 300,
      batchSize: 1,
      run: async (platform) => void (await runSignatureSweep(platform)),
    }),
  ],
  // The files its rows reference (documents, versions, archives, evidence files): the storage sweep keeps them.
  storageReferences: (platform, keys) => referencedStorageKeys(platform, keys),
});
