import { inArray } from 'drizzle-orm';
import { campaignEndpoints } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import { defineJob, defineModule } from '../../platform/modules.ts';
import { campaignSubscriptions } from './copies.ts';
import { dispatchQueue, runDispatchJob, type CampaignJob } from './dispatch.ts';
import { releaseDeadMergeLeases } from './mailMerge.ts';
import { runSignatoryImport, signatoryImportQueue, type SignatoryImportJob } from './import.ts';
import { archiveQueue, cancelQueue, relaunchQueue, runArchiveJob, runCancelJob, runRelaunchJob, type ArchiveJob } from './jobs.ts';
import { campaignRoutes } from './routes.ts';
import { campaignDocuments, campaignImports, campaignSignatories, campaigns } from './schema.ts';

/** The files a campaign's rows reference (its documents, shared by the copies; mail-merge PDFs; archives; imported spreadsheets). */
async function referencedKeys(platform: Platform, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (!keys.length) return found;
  const list = [...keys];
  await platform.database.inSystem(async (tx) => {
    for (const r of await tx.select({ key: campaignDocuments.storageKey }).from(campaignDocuments).where(inArray(campaignDocuments.storageKey, list))) found.add(r.key);
    for (const r of await tx.select({ key: campaignSignatories.mergeStorageKey }).from(campaignSignatories).where(inArray(campaignSignatories.mergeStorageKey, list))) if (r.key) found.add(r.key);
    for (const r of await tx.select({ key: campaigns.archiveKey }).from(campaigns).where(inArray(campaigns.archiveKey, list))) if (r.key) found.add(r.key);
    for (const r of await tx.select({ key: campaignImports.storageKey }).from(campaignImports).where(inArray(campaignImports.storageKey, list))) found.add(r.key);
  });
  return found;
}

/** Campaigns, classic and mail-merge: one signature request per signatory, dispatched in chunks (docs/campaigns.md). */
export const campaignsModule = defineModule({
  name: 'campaigns',
  endpoints: [campaignEndpoints],
  routes: campaignRoutes,
  jobs: [
    // A dispatch run works up to a minute, then queues its continuation; a chunk is one transaction of seconds.
    defineJob<CampaignJob>({ queue: dispatchQueue, retryLimit: 20, expireInSeconds: 300, batchSize: 1, run: (platform, data) => runDispatchJob(platform, data) }),
    defineJob<CampaignJob>({ queue: cancelQueue, retryLimit: 10, expireInSeconds: 900, batchSize: 1, run: (platform, data) => runCancelJob(platform, data) }),
    defineJob<CampaignJob>({ queue: relaunchQueue, retryLimit: 3, expireInSeconds: 900, batchSize: 1, run: (platform, data) => runRelaunchJob(platform, data) }),
    defineJob<ArchiveJob>({ queue: archiveQueue, retryLimit: 3, expireInSeconds: 900, batchSize: 1, run: (platform, data) => runArchiveJob(platform, data) }),
    defineJob<SignatoryImportJob>({
      queue: signatoryImportQueue,
      retryLimit: 3,
      expireInSeconds: 600,
      batchSize: 1,
      run: (platform, data, job) => runSignatoryImport(platform, data, { last: job.retryCount >= 3 }),
    }),
  ],
  subscriptions: (platform) => campaignSubscriptions(platform),
  storageReferences: (platform, keys) => referencedKeys(platform, keys),
  // Before the jobs start: a dispatch resumed after a kill finds its mail-merge rows free again.
  init: (platform) => releaseDeadMergeLeases(platform),
});
