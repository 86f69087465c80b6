import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { fieldSizeOf, type CertificationLevel } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { createAllOrEach, heldPauseMs, pacingPauseMs, runDispatchLoop, type ChunkOutcome } from '../../platform/dispatch/index.ts';
import { getApplication } from '../tenants/index.ts';
import { createSentRequests, dispatchAllowance, sealSharedDocuments, type BulkDocument, type BulkRecipient, type SharedSeals } from '../signatures/index.ts';
import { emitCampaignEvent } from './facts.ts';
import { generateMergeChunk, mergedDocumentOf } from './mailMerge.ts';
import * as repo from './repository.ts';
import { campaignSignatories } from './schema.ts';

/**
 * The dispatch of a campaign (docs/campaigns.md): a durable job that claims the queued signatories chunk by chunk
 * (`FOR UPDATE SKIP LOCKED`) and, in ONE transaction per chunk, creates their copies (signatures' bulk creation:
 * requests, signers, documents, evidence, events, invitations in the outbox with their delivery jobs) and marks
 * them sent. A process killed at any moment loses the chunk in flight entirely (rolled back, its invitations with
 * it) and the restarted job claims it again: every invitation is queued exactly once.
 */

export const dispatchQueue = 'campaign-dispatch';
export interface CampaignJob {
  appId: string;
  campaignId: string;
  /** Who asked (cancel, relaunch): the actor of the copies' changes. */
  userId?: string;
}
/** Test hooks: after each committed chunk (the fault tests kill the process around it). */
export const dispatchHooks: { afterChunk?: (state: { campaignId: string; sent: number; failed: number }) => void | Promise<void> } = {};

/** The shared paced loop (platform/dispatch): mail-merge PDFs first, then the chunk; a minute per run, then its continuation. */
export async function runDispatchJob(platform: Platform, job: CampaignJob): Promise<void> {
  await runDispatchLoop({
    beforeChunk: async () => void (await generateMergeChunk(platform, job, platform.config.dispatchChunk)),
    // Options.stampBeforeSigning: the shared documents sealed once, before the chunk's transaction.
    chunk: async () => dispatchChunk(platform, job, await sharedSeals(platform, job)),
    afterChunk: (outcome) => dispatchHooks.afterChunk?.({ campaignId: job.campaignId, ...outcome }),
    continueLater: () => platform.database.inTenant(job.appId, (tx) => platform.jobs.enqueue(tx, dispatchQueue, job)),
    engine: platform.database.engine,
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
  return sealSharedDocuments(platform, { appId: job.appId, campaignId: campaign.id, ownerUserId: campaign.ownerUserId, testMode, options: campaign.options, documents });
}

async function dispatchChunk(platform: Platform, job: CampaignJob, sealed: SharedSeals | undefined): Promise<ChunkOutcome> {
  const { appId, campaignId } = job;
  return platform.database.inTenant(appId, async (tx) => {
    // The campaign first (cancel takes it first too): a cancel waits for the chunk in flight, then finds its rows sent.
    const campaign = await repo.findCampaign(tx, { appId }, campaignId, { lock: true });
    if (!campaign || campaign.status !== 'pending') return { kind: 'stop' };
    const application = await getApplication(tx, appId);
    if (!application.enabled) {
      // A suspended tenant sends nothing: looked at again in an hour.
      await platform.jobs.enqueue(tx, dispatchQueue, job, { startAfterSeconds: 3600 });
      return { kind: 'stop' };
    }
    // Pacing per tenant, across its campaigns, operations and workers (signatures' shared budget).
    const allowed = await dispatchAllowance(tx, platform, appId);
    if (allowed <= 0) return { kind: 'wait', ms: pacingPauseMs };
    const now = platform.clock();

    const claimed = await tx
      .select()
      .from(campaignSignatories)
      .where(
        and(
          eq(campaignSignatories.campaignId, campaignId),
          eq(campaignSignatories.appId, appId),
          eq(campaignSignatories.status, 'queued'),
          // Mail-merge: only the signatories whose PDF is made (the generation stage makes the others).
          campaign.mergeDocument ? isNotNull(campaignSignatories.mergeStorageKey) : undefined,
        ),
      )
      .orderBy(asc(campaignSignatories.rowIndex))
      .limit(allowed)
      .for('update', { skipLocked: true });
    if (!claimed.length) {
      // Held by another run (it finishes them), or mail-merge PDFs still being made.
      if (campaign.nQueued > 0) return { kind: 'wait', ms: heldPauseMs };
      await finishDispatch(tx, platform, campaign);
      return { kind: 'done' };
    }

    const documents = bulkDocuments(await repo.documentsOf(tx, appId, campaignId));
    const input = { appId, ownerUserId: campaign.ownerUserId, source: { kind: 'campaign' as const, id: campaignId }, label: campaign.label, description: campaign.description, level: campaign.level as CertificationLevel, options: campaign.options, documents, sealed };
    const failures = new Map<string, string>();
    const sendable = claimed.filter((s) => {
      if (campaign.options.contactFirstSignerBy === 'sms' && !s.phone) failures.set(s.id, 'No mobile number: the campaign contacts signatories by SMS.');
      return !failures.has(s.id);
    });
    const made = await createAllOrEach(tx, sendable, (sp, part) => createSentRequests(sp, platform, { ...input, recipients: part.map((s) => recipientOf(campaign, s)) }));
    const created = new Map([...made.created].map(([s, m]) => [s.id, m]));
    for (const [s, error] of made.failures) failures.set(s.id, error);
    if (created.size) {
      const values = sql.join(
        [...created].map(([id, m]) => sql`(${id}::uuid, ${m.requestId}::uuid, ${m.signerId}::uuid)`),
        sql`, `,
      );
      await tx.execute(sql`
        update ${campaignSignatories} s set status = 'sent', request_id = v.rid, signer_id = v.sid, sent_at = ${now}, attempts = s.attempts + 1, error = null, updated_at = ${now}
        from (values ${values}) as v(id, rid, sid) where s.id = v.id`);
    }
    for (const [id, error] of failures) {
      await tx.update(campaignSignatories).set({ status: 'failed', error, attempts: sql`${campaignSignatories.attempts} + 1`, updatedAt: now }).where(eq(campaignSignatories.id, id));
    }
    await repo.bump(
      tx,
      appId,
      campaignId,
      [
        { from: 'queued', to: 'sent', n: created.size },
        { from: 'queued', to: 'failed', n: failures.size },
      ],
      [sql`dispatched = dispatched + ${created.size}`],
    );
    return { kind: 'sent', sent: created.size, failed: failures.size };
  });
}

/** No signatory left in the queue: ready (or failed when no copy could be made), completed when all are final. */
async function finishDispatch(tx: Tx, platform: Platform, campaign: repo.CampaignRow) {
  const status = campaign.dispatched === 0 && campaign.nFailed > 0 ? 'failed' : 'ready';
  await repo.updateCampaign(tx, campaign.appId, campaign.id, { status, dispatchFinishedAt: platform.clock() });
  await emitCampaignEvent(tx, platform, campaign, 'campaign.dispatched', { sent: campaign.dispatched, failed: campaign.nFailed });
  if (status === 'ready') await settleCampaign(tx, platform, campaign.appId, campaign.id);
}

/** A ready campaign whose signatories are all final is completed (in the transaction that made the last one final). */
export async function settleCampaign(tx: Tx, platform: Platform, appId: string, campaignId: string) {
  const result = (await tx.execute(sql`
    update campaigns set status = 'completed', completed_at = ${platform.clock()}, updated_at = now()
    where app_id = ${appId} and id = ${campaignId} and status = 'ready' and n_draft + n_queued + n_sent + n_opened = 0
    returning id`)) as unknown as { rows: unknown[] };
  if (!result.rows.length) return;
  const row = (await repo.findCampaign(tx, { appId }, campaignId))!;
  await emitCampaignEvent(tx, platform, row, 'campaign.completed', { signed: row.nSigned, refused: row.nRefused, expired: row.nExpired, canceled: row.nCanceled, failed: row.nFailed });
}
