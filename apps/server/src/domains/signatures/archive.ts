import { zipSync } from 'fflate';
import type { Platform } from '../../platform/context.ts';
import { emitRequestEvent } from './facts.ts';
import * as repo from './repository.ts';
import { currentVersions } from './versions.ts';
import type { RequestJob } from './workflow.ts';

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
    await emitRequestEvent(tx, platform, request, 'signature.archive_ready', { requestedBy: job.userId });
  });
}

/** A ZIP of named files; repeated names get a numeric suffix so nothing is overwritten. */
export function buildZip(files: { fileName: string; data: Uint8Array }[]): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const file of files) {
    let name = file.fileName;
    for (let n = 2; name in entries; n++) name = file.fileName.replace(/(\.[^.]*)?$/, (ext) => ` (${n})${ext}`);
    entries[name] = file.data;
  }
  return zipSync(entries, { level: 0 });
}
