import type { Platform } from '../../platform/context.ts';
import { notify } from '../notifications/service.ts';
import { buildZip } from './documents.ts';
import * as repo from './repository.ts';
import { currentVersions } from '../signing/versions.ts';
import { runSignatureSweep, sweepQueue } from './sweep.ts';
import { cancelQueue, runCancelJob, runSendJob, sendQueue, sendRetryLimit, type RequestJob } from './workflow.ts';

export const archiveQueue = 'signature-archive';
export interface ArchiveJob extends RequestJob {
  userId: string;
}

export const archiveKeyOf = (appId: string, requestId: string) => `${appId}/archive-${requestId}.zip`;

/**
 * Job: (re)builds the archive of a request and tells the user who asked: each document in its latest signed
 * version (the original when never signed), plus the evidence file once the request is completed. Safe to run
 * again: the archive is simply rebuilt.
 */
export async function runArchiveJob(platform: Platform, job: ArchiveJob) {
  await platform.database.inTenant(job.appId, async (tx) => {
    const request = await repo.findRequest(tx, { appId: job.appId }, job.requestId);
    if (!request) return;
    const documents = await repo.documentsOf(tx, job.appId, [job.requestId]);
    const versions = await currentVersions(tx, job.appId, documents.map((d) => d.id));
    const keyOf = (d: repo.DocumentRow) => {
      const version = versions.get(d.id);
      return version && version.kind !== 'prepared' ? version.storageKey : d.storageKey;
    };
    const files = await Promise.all(documents.map(async (d) => ({ fileName: d.fileName, data: await platform.storage.get(keyOf(d)) })));
    if (request.attestationKey) files.push({ fileName: 'attestation.pdf', data: await platform.storage.get(request.attestationKey) });
    const key = archiveKeyOf(job.appId, job.requestId);
    await platform.storage.put(key, buildZip(files));
    const now = platform.clock();
    await repo.updateRequest(tx, job.appId, job.requestId, { archiveKey: key, archiveGeneratedAt: now });
    await notify(tx, { appId: job.appId, userId: job.userId, type: 'signature.archive', message: `The archive of "${request.label}" is ready.`, data: { requestId: request.id, label: request.label }, at: now });
  });
}

export function registerSignatureJobs(platform: Platform) {
  platform.jobs.define<RequestJob>(sendQueue, (data, job) => runSendJob(platform, data, { last: job.retryCount >= sendRetryLimit }), { retryLimit: sendRetryLimit });
  platform.jobs.define<RequestJob>(cancelQueue, (job) => runCancelJob(platform, job));
  platform.jobs.define<ArchiveJob>(archiveQueue, (job) => runArchiveJob(platform, job), { retryLimit: 3 });
  platform.jobs.define(sweepQueue, async () => void (await runSignatureSweep(platform)), { schedule: '* * * * *', retryLimit: 0 });
}
