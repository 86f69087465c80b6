import { and, asc, eq, gt, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { pagesAfter } from '../../platform/db/keyset.ts';
import { storeZip } from '../../platform/zip-store.ts';
import { cancelRequests, completedFiles, relaunchRequests } from '../signatures/index.ts';
import type { CampaignJob } from './dispatch.ts';
import { emitCampaignEvent } from './facts.ts';
import * as repo from './repository.ts';
import { campaignSignatories } from './schema.ts';

/** The campaign's jobs besides the dispatch: cancel the sent copies, relaunch, archive. Each works in chunks. */
export const cancelQueue = 'campaign-cancel';
export const relaunchQueue = 'campaign-relaunch';
export const archiveQueue = 'campaign-archive';
export interface ArchiveJob extends CampaignJob {
  userId: string;
}
const chunk = 200;

/**
 * Cancels the copies already sent, 200 per transaction, through the signatures service (each copy cancelled as a
 * single request is: its signer told by the cancel job). A copy is asked once (cancel_requested_at); its signatory
 * becomes canceled when the copy's `signature.canceled` event arrives. Safe to run again.
 */
export async function runCancelJob(platform: Platform, job: CampaignJob) {
  for (;;) {
    const done = await platform.database.inTenant(job.appId, async (tx) => {
      const rows = await tx
        .select({ id: campaignSignatories.id, requestId: campaignSignatories.requestId })
        .from(campaignSignatories)
        .where(
          and(
            eq(campaignSignatories.appId, job.appId),
            eq(campaignSignatories.campaignId, job.campaignId),
            inArray(campaignSignatories.status, ['sent', 'opened']),
            isNotNull(campaignSignatories.requestId),
            isNull(campaignSignatories.cancelRequestedAt),
          ),
        )
        .orderBy(asc(campaignSignatories.rowIndex))
        .limit(chunk)
        .for('update', { skipLocked: true });
      if (!rows.length) return true;
      const campaign = await repo.findCampaign(tx, { appId: job.appId }, job.campaignId);
      const actor = job.userId ?? campaign?.ownerUserId;
      if (!actor) return true;
      await cancelRequests(tx, platform, job.appId, rows.map((r) => r.requestId!), actor);
      await tx.update(campaignSignatories).set({ cancelRequestedAt: platform.clock() }).where(inArray(campaignSignatories.id, rows.map((r) => r.id)));
      return false;
    });
    if (done) return;
  }
}

/** Reminds every signatory still waiting (relaunch of each copy: cool-down per signer), by row order. */
export async function runRelaunchJob(platform: Platform, job: CampaignJob) {
  const pages = pagesAfter(
    (after) =>
      platform.database.inTenant(job.appId, async (tx) => {
        const rows = await signatoriesAfter(tx, job, inArray(campaignSignatories.status, ['sent', 'opened']), after);
        await relaunchRequests(tx, platform, job.appId, rows.flatMap((r) => (r.requestId ? [r.requestId] : [])), job.userId!);
        return rows;
      }),
    (r) => r.rowIndex,
  );
  for await (const _ of pages);
}

/** A page of a campaign's signatories in row order, after `after`, among those `where` keeps. */
const signatoriesAfter = (tx: Tx, job: CampaignJob, where: SQL, after: number) =>
  tx
    .select({ rowIndex: campaignSignatories.rowIndex, requestId: campaignSignatories.requestId, firstname: campaignSignatories.firstname, lastname: campaignSignatories.lastname })
    .from(campaignSignatories)
    .where(and(eq(campaignSignatories.appId, job.appId), eq(campaignSignatories.campaignId, job.campaignId), where, gt(campaignSignatories.rowIndex, after)))
    .orderBy(asc(campaignSignatories.rowIndex))
    .limit(chunk);

export const archiveKeyOf = (appId: string, campaignId: string) => `${appId}/campaign-archive-${campaignId}.zip`;

/**
 * Job: a zip of the signed documents of every completed copy (`<row> <LASTNAME firstname>/<file>`), then a
 * `campaign.archive_ready` event (the requester's notification with the download). Rebuilt on each request, streamed
 * into the storage (platform/zip-store.ts): memory stays flat whatever the number of copies.
 */
export async function runArchiveJob(platform: Platform, job: CampaignJob & { userId: string }) {
  const key = archiveKeyOf(job.appId, job.campaignId);
  let files = 0;
  const bytes = await storeZip(platform, key, async (add) => {
    const pages = pagesAfter(
      (after) => platform.database.inTenant(job.appId, (tx) => signatoriesAfter(tx, job, eq(campaignSignatories.status, 'signed'), after)),
      (r) => r.rowIndex,
    );
    for await (const rows of pages) {
      const signed = await platform.database.inTenant(job.appId, (tx) => completedFiles(tx, job.appId, rows.flatMap((r) => (r.requestId ? [r.requestId] : []))));
      for (const row of rows) {
        const folder = `${String(row.rowIndex + 1).padStart(6, '0')} ${row.lastname.toUpperCase()} ${row.firstname}`.replace(/[\\/:*?"<>|]/g, '_');
        for (const file of signed.filter((f) => f.requestId === row.requestId)) {
          await add(`${folder}/${file.fileName}`, await platform.storage.get(file.storageKey));
          files++;
        }
      }
    }
  });
  await platform.database.inTenant(job.appId, async (tx) => {
    const campaign = await repo.findCampaign(tx, { appId: job.appId }, job.campaignId);
    if (!campaign) return;
    await repo.updateCampaign(tx, job.appId, job.campaignId, { archiveKey: key, archiveGeneratedAt: platform.clock() });
    await emitCampaignEvent(tx, platform, campaign, 'campaign.archive_ready', { requestedBy: job.userId });
  });
  platform.logger.info({ campaignId: job.campaignId, files, bytes }, 'campaign archive built');
}
