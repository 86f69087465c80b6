import { zipSync } from 'fflate';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { storeZip, type ZipEntry } from '../../platform/zip-store.ts';
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
 * What the archive of a request holds: each document in its latest signed version (the original when never signed),
 * plus the evidence file once the request is completed. Names are made unique so that nothing is overwritten.
 */
export async function archiveEntries(tx: Tx, request: repo.RequestRow): Promise<ZipEntry[]> {
  const documents = await repo.documentsOf(tx, request.appId, [request.id]);
  const versions = await currentVersions(
    tx,
    request.appId,
    documents.map((d) => d.id),
  );
  const keyOf = (d: repo.DocumentRow) => {
    const version = versions.get(d.id);
    return version && version.kind !== 'prepared' ? version.storageKey : d.storageKey;
  };
  const files = documents.map((d) => ({ fileName: d.fileName, storageKey: keyOf(d) }));
  if (request.attestationKey) files.push({ fileName: 'attestation.pdf', storageKey: request.attestationKey });
  const taken = new Set<string>();
  return files.map((file) => ({ name: uniqueName(taken, file.fileName), storageKey: file.storageKey }));
}

/**
 * The stored archive can be served as it is only when it was built after the request's last change (its
 * completion adds the evidence file and the final signed versions); otherwise a fresh one is streamed.
 */
export function storedArchiveIsCurrent(request: Pick<repo.RequestRow, 'archiveKey' | 'archiveGeneratedAt' | 'completedAt'>): boolean {
  if (!request.archiveKey || !request.archiveGeneratedAt) return false;
  return !request.completedAt || request.archiveGeneratedAt >= request.completedAt;
}

/**
 * Job: (re)builds the stored archive of a request and tells the user who asked. Safe to run again: the archive is
 * simply rebuilt. Streamed into the storage one file at a time (memory stays flat whatever the documents weigh).
 */
export async function runArchiveJob(platform: Platform, job: ArchiveJob) {
  await platform.database.inTenant(job.appId, async (tx) => {
    const request = await repo.findRequest(tx, { appId: job.appId }, job.requestId);
    if (!request) return;
    const entries = await archiveEntries(tx, request);
    const key = archiveKeyOf(job.appId, job.requestId);
    await storeZip(platform, key, async (add) => {
      for (const entry of entries) await add(entry.name, await platform.storage.get(entry.storageKey));
    });
    const now = platform.clock();
    await repo.updateRequest(tx, job.appId, job.requestId, { archiveKey: key, archiveGeneratedAt: now });
    await emitRequestEvent(tx, platform, request, 'signature.archive_ready', { requestedBy: job.userId });
  });
}

/** `fileName`, or `fileName (2)`, `(3)`… when an earlier file took it; the name returned is added to `taken`. */
function uniqueName(taken: Set<string>, fileName: string): string {
  let name = fileName;
  for (let n = 2; taken.has(name); n++) name = fileName.replace(/(\.[^.]*)?$/, (ext) => ` (${n})${ext}`);
  taken.add(name);
  return name;
}

/** A ZIP of named files; repeated names get a numeric suffix so nothing is overwritten. */
export function buildZip(files: { fileName: string; data: Uint8Array }[]): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  const taken = new Set<string>();
  for (const file of files) entries[uniqueName(taken, file.fileName)] = file.data;
  return zipSync(entries, { level: 0 });
}
