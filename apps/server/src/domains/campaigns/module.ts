import { campaignEndpoints } from '@paraphe/contracts';
import { defineJob, defineModule } from '../../platform/modules.ts';
import { fanOutJobs, storageReferencesOf } from '../bulk/index.ts';
import { campaignSubscriptions } from './copies.ts';
import { campaignKind, dispatchQueue, runDispatchJob, type CampaignJob } from './dispatch.ts';
import { releaseDeadMergeLeases } from './mailMerge.ts';
import { runSignatoryImport, signatoryImportQueue, type SignatoryImportJob } from './import.ts';
import { campaignRoutes } from './routes.ts';

/** Campaigns, classic and mail-merge: one signature request per signatory, dispatched in chunks (docs/campaigns.md). */
export const campaignsModule = defineModule({
  name: 'campaigns',
  endpoints: [campaignEndpoints],
  routes: campaignRoutes,
  jobs: [
    // A dispatch run works up to a minute, then queues its continuation; a chunk is one transaction of seconds.
    defineJob<CampaignJob>({
      queue: dispatchQueue,
      retryLimit: 20,
      expireInSeconds: 300,
      batchSize: 1,
      run: (platform, data) => runDispatchJob(platform, data),
    }),
    // Cancel the sent copies, relaunch, archive: the bulk engine's.
    ...fanOutJobs(campaignKind),
    defineJob<SignatoryImportJob>({
      queue: signatoryImportQueue,
      retryLimit: 3,
      expireInSeconds: 600,
      batchSize: 1,
      run: (platform, data, job) => runSignatoryImport(platform, data, { last: job.retryCount >= 3 }),
    }),
  ],
  subscriptions: (platform) => campaignSubscriptions(platform),
  // Its documents (shared by the copies), mail-merge PDFs, imported spreadsheets, archives.
  storageReferences: storageReferencesOf(campaignKind),
  // Before the jobs start: a dispatch resumed after a kill finds its mail-merge rows free again.
  init: (platform) => releaseDeadMergeLeases(platform),
});
