import { fieldSizeOf, type CertificationLevel, type SignatoryStatus } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import { dispatchChunk, runBulkDispatch, holderJobs, type BulkKind, type HolderJob } from '../bulk/index.ts';
import { getApplication } from '../tenants/index.ts';
import { createSentRequests, sealSharedDocuments, type BulkDocument, type BulkRecipient, type SharedSeals } from '../signatures/index.ts';
import { emitCampaignEvent } from './facts.ts';
import { generateMergeChunk, mergedDocumentOf } from './mailMerge.ts';
import * as repo from './repository.ts';

/**
 * The dispatch of a campaign (docs/campaigns.md), on the bulk engine (domains/bulk): each chunk creates its queued
 * signatories' copies — the campaign's documents shared, plus each one's mail-merge PDF — in one transaction. What
 * is the campaign's own: the mail-merge generation stage before each chunk, the shared documents sealed once.
 */
export type CampaignJob = HolderJob<'campaignId'>;
export type ArchiveJob = CampaignJob & { userId: string };

/** A campaign and its signatories on the bulk engine: its queues, its statuses, its events. */
export const campaignKind: BulkKind<repo.CampaignRow, repo.SignatoryRow, SignatoryStatus, CampaignJob> = {
  source: 'campaign',
  ...holderJobs('campaign', 'campaignId'),
  tables: repo.campaignTables,
  statuses: { draft: 'draft', queued: 'queued', sent: 'sent', failed: 'failed', canceled: 'canceled', awaiting: ['sent', 'opened'], done: 'signed' },
  find: (db, appId, id, opts) => repo.findCampaign(db, { appId }, id, opts),
  queuedOf: (campaign) => campaign.nQueued,
  dispatched: (tx, platform, campaign) =>
    emitCampaignEvent(tx, platform, campaign, 'campaign.dispatched', { sent: campaign.dispatched, failed: campaign.nFailed }),
  settled: (tx, platform, row) =>
    emitCampaignEvent(tx, platform, row, 'campaign.completed', {
      signed: row.nSigned,
      refused: row.nRefused,
      expired: row.nExpired,
      canceled: row.nCanceled,
      failed: row.nFailed,
    }),
  archived: (tx, platform, campaign, requestedBy) => emitCampaignEvent(tx, platform, campaign, 'campaign.archive_ready', { requestedBy }),
  // `<row> <LASTNAME firstname>`: the archive's folders sort in the campaign's order and name their signatory.
  archiveFolderOf: (s) => `${String(s.rowIndex + 1).padStart(6, '0')} ${s.lastname.toUpperCase()} ${s.firstname}`.replace(/[\\/:*?"<>|]/g, '_'),
};

/** Test hooks: after each committed chunk (the fault tests kill the process around it). */
export const dispatchHooks: { afterChunk?: (state: { campaignId: string; sent: number; failed: number }) => void | Promise<void> } = {};

/** Mail-merge PDFs first, then the chunk. */
export async function runDispatchJob(platform: Platform, job: CampaignJob): Promise<void> {
  await runBulkDispatch(platform, campaignKind, job, async () => dispatchCampaignChunk(platform, job, await sharedSeals(platform, job)), {
    beforeChunk: async () => void (await generateMergeChunk(platform, job, platform.config.dispatchChunk)),
    afterChunk: (outcome) => dispatchHooks.afterChunk?.({ campaignId: job.campaignId, ...outcome }),
  });
}

/** What a campaign's documents give each copy. */
function bulkDocuments(documents: repo.CampaignDocumentRow[]): BulkDocument[] {
  return documents.map((d) => ({
    title: d.title,
    documentType: d.documentType,
    fileName: d.fileName,
    checkBoxTexts: d.checkBoxTexts,
    storageKey: d.storageKey,
    sha256: d.sha256,
    pageCount: d.pageCount,
    sizeBytes: d.sizeBytes,
    fields: d.fields.filter((f) => f.signerIndex === 0).map((f) => ({ page: f.page, name: f.name, x: f.x, y: f.y, ...fieldSizeOf(f) })),
  }));
}

const recipientOf = (campaign: repo.CampaignRow, s: repo.SignatoryRow): BulkRecipient => ({
  firstname: s.firstname,
  lastname: s.lastname,
  email: s.email,
  phone: s.phone,
  language: s.language,
  connectorIdc: s.connectorIdc,
  ...(campaign.mergeDocument ? { ownDocuments: [mergedDocumentOf(campaign.mergeDocument, s)] } : {}),
});

/**
 * Options.stampBeforeSigning: the campaign's documents sealed once, outside the chunk's transaction (the first chunk
 * seals, the next ones find the copies' sealed version); nothing otherwise.
 */
async function sharedSeals(platform: Platform, job: CampaignJob): Promise<SharedSeals | undefined> {
  const found = await platform.database.inTenant(job.appId, async (tx) => {
    const campaign = await repo.findCampaign(tx, { appId: job.appId }, job.campaignId);
    if (!campaign?.options.stampBeforeSigning || campaign.status !== 'pending') return null;
    // The copies' test mode is the tenant's at dispatch (createSentRequests), so is the prepared file's watermark.
    const { testMode } = await getApplication(tx, job.appId);
    return { campaign, testMode, documents: bulkDocuments(await repo.documentsOf(tx, job.appId, job.campaignId)) };
  });
  if (!found) return undefined;
  const { campaign, testMode, documents } = found;
  return sealSharedDocuments(platform, {
    appId: job.appId,
    campaignId: campaign.id,
    ownerUserId: campaign.ownerUserId,
    testMode,
    options: campaign.options,
    documents,
  });
}

/** One chunk: the signatories whose PDF is made (mail-merge), each a copy of the campaign's documents. */
const dispatchCampaignChunk = (platform: Platform, job: CampaignJob, sealed: SharedSeals | undefined) =>
  dispatchChunk<repo.CampaignRow, repo.SignatoryRow, SignatoryStatus, CampaignJob>(platform, campaignKind, job, {
    only: repo.mergedOnly,
    async send(tx, campaign) {
      const documents = bulkDocuments(await repo.documentsOf(tx, job.appId, campaign.id));
      const input = {
        appId: job.appId,
        ownerUserId: campaign.ownerUserId,
        source: { kind: 'campaign' as const, id: campaign.id },
        label: campaign.label,
        description: campaign.description,
        level: campaign.level as CertificationLevel,
        options: campaign.options,
        documents,
        sealed,
      };
      return {
        refuse: (s) =>
          campaign.options.contactFirstSignerBy === 'sms' && !s.phone ? 'No mobile number: the campaign contacts signatories by SMS.' : undefined,
        create: (sp, part) => createSentRequests(sp, platform, { ...input, recipients: part.map((s) => recipientOf(campaign, s)) }),
      };
    },
  });
