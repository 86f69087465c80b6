import { campaignEndpoints } from '@paraphe/contracts';
import { defineJob, defineModule } from '../../platform/modules.ts';
import { bulkJobs, storageReferencesOf } from '../bulk/index.ts';
import { campaignSubscriptions } from './copies.ts';
import { campaignKind, runDispatchJob } from './dispatch.ts';
import { releaseDeadMergeLeases } from './mailMerge.ts';
import { runSignatoryImport, signatoryImportQueue, type SignatoryImportJob } from './import.ts';
import { campaignRoutes } from './routes.ts';

/** Campaigns, classic and mail-merge: one signature request per signatory, dispatched in chunks (docs/campaigns.md). */
export const campaignsModule = defineModule({
  name: 'campaigns',
  endpoints: [campaignEndpoints],
  routes: campaignRoutes,
  jobs: [
    // The dispatch (mail-merge PDFs, then each chunk's copies); cancel the sent copies, relaunch, archive: the bulk engine's.
    ...bulkJobs(campaignKind, runDispatchJob),
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
