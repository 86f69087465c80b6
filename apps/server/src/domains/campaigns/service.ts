import { sql } from 'drizzle-orm';
import {
  fieldSizeOf,
  isCampaignActionAllowed,
  normalizeSearch,
  type CampaignAction,
  type CampaignData,
  type FieldError,
  type CampaignStatus,
  type CampaignType,
  type CertificationLevel,
} from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { discardStored, storeFresh } from '../../platform/stored-files.ts';
import { getApplication } from '../tenants/index.ts';
import { ownerScope } from '../users/index.ts';
import { assertBulkSendable, assertLevelAndOptions, assertNotPurged, bulkInvitationDelivery, cancelRequests, type PreparedDocument } from '../signatures/index.ts';
import type { InvitationDelivery } from '@paraphe/contracts';
import { dispatchQueue, type CampaignJob } from './dispatch.ts';
import { emitCampaignEvent } from './facts.ts';
import { assertConversionAvailable, mergeDocumentOf, mergeDocumentSigns, mergeReadiness, mergeReadinessError, previewCopy } from './mailMerge.ts';
import { cancelQueue, relaunchQueue, archiveQueue, type ArchiveJob } from './jobs.ts';
import * as repo from './repository.ts';
import { campaignDocuments, campaignSignatories } from './schema.ts';

export interface Options {
  platform: Platform;
  actor: Actor;
}

/** GERANT and COMPTABLE see the tenant's campaigns; the others their own and their descendants'. */
export const scopeOf = (tx: Tx, actor: Actor): Promise<repo.Scope> => ownerScope(tx, actor);

export async function findVisible(tx: Tx, actor: Actor, id: string, opts: { lock?: boolean } = {}): Promise<repo.CampaignRow> {
  const row = await repo.findCampaign(tx, await scopeOf(tx, actor), id, opts);
  if (!row) throw notFound('Campaign');
  return row;
}

/** What needs the campaign's files: refused with 410 DOCUMENT_PURGED once the retention purge deleted them. */
const actionsNeedingFiles: readonly CampaignAction[] = ['retry', 'duplicate', 'archive', 'relaunch'];

export function assertCampaignAction(row: Pick<repo.CampaignRow, 'status' | 'documentsPurgedAt'>, action: CampaignAction) {
  if (!isCampaignActionAllowed(row.status, action)) throw new AppError('INVALID_TRANSITION', `Cannot ${action} a campaign that is ${row.status}`);
  if (actionsNeedingFiles.includes(action)) assertNotPurged(row.documentsPurgedAt);
}

/** A mail-merge campaign needs the tenant's `mailing` feature; a classic one has no merge document. */
function assertMergeAllowed(application: { features: { mailing?: boolean } }, type: CampaignType, merge: unknown) {
  if (type === 'publipostage' && !application.features.mailing) throw new AppError('FEATURE_DISABLED', 'Mail-merge campaigns are not enabled for this account.');
  if (type === 'campain' && merge) {
    throw new AppError('VALIDATION_FAILED', 'A classic campaign has no merge document: create a mail-merge campaign (type publipostage).', {
      fields: [{ field: 'mergeDocument', rule: 'invalid_value', message: 'Only mail-merge campaigns have a merge document.' }],
    });
  }
}

const documentRows = (appId: string, campaignId: string, documents: PreparedDocument[], keys: string[]) =>
  documents.map((doc, position) => ({
    appId,
    campaignId,
    position,
    title: doc.title,
    documentType: doc.documentType,
    fileName: doc.fileName,
    checkBoxTexts: doc.checkBoxTexts,
    storageKey: keys[position]!,
    sha256: doc.sha256,
    pageCount: doc.pageCount,
    sizeBytes: doc.data.length,
    fields: doc.signatureFields.map((f) => ({ page: f.page, name: f.name ?? 'signer', x: f.x, y: f.y, ...fieldSizeOf(f), signerIndex: f.signerIndex })),
  }));

/** Campaign copies have one signer each: chaining is by e-mail (direct and face to face need the requester present). */
const campaignOptions = (options: CampaignData['optionsRequest']) => ({ ...options, chainingMode: 'email' as const, coSignersSignFirst: false });

const signatoriesOf = (data: CampaignData) =>
  data.transactionSigners.map((s) => ({
    firstname: s.firstname,
    lastname: s.lastname,
    email: s.emailAddress,
    phone: s.phoneNum ?? null,
    language: s.language ?? data.optionsRequest.language,
    data: s.data ?? {},
    connectorIdc: s.connector?.idc ?? null,
  }));

export async function createCampaign(opts: Options & { type: CampaignType; data: CampaignData; documents: PreparedDocument[] }): Promise<string> {
  const { platform, actor, data, documents } = opts;
  const mergeDocument = data.mergeDocument ? await mergeDocumentOf(platform, actor, data.mergeDocument) : null;
  const keys = await storeFresh(platform, actor.appId, 'campaign', documents);
  try {
    return await platform.database.inTenant(actor.appId, async (tx) => {
      const application = await getApplication(tx, actor.appId);
      assertMergeAllowed(application, opts.type, mergeDocument);
      assertLevelAndOptions(application, data.level, data.optionsRequest);
      const id = await repo.insertCampaign(tx, {
        mergeDocument,
        appId: actor.appId,
        ownerUserId: actor.userId,
        type: opts.type,
        label: data.label,
        description: data.description ?? data.transactionRequest.description,
        level: data.level,
        options: campaignOptions(data.optionsRequest),
      });
      if (documents.length) await tx.insert(campaignDocuments).values(documentRows(actor.appId, id, documents, keys));
      const added = await repo.appendSignatories(tx, actor.appId, id, signatoriesOf(data));
      await repo.bump(tx, actor.appId, id, [{ from: null, to: 'draft', n: added.size }], [sql`signatory_count = signatory_count + ${added.size}`]);
      await audit(tx, { appId: actor.appId, actorUserId: actor.realUserId, action: 'campaign.created', targetType: 'campaign', targetId: id, ip: actor.ip });
      const row = (await repo.findCampaign(tx, { appId: actor.appId }, id))!;
      await emitCampaignEvent(tx, platform, row, 'campaign.created', { signatoryCount: added.size }, actor.realUserId);
      if (data.transactionRequest.send) await sendInTx(tx, platform, actor, id);
      return id;
    });
  } catch (error) {
    await discardStored(platform, keys);
    throw error;
  }
}

/** PUT: a draft's parts given replace what it has; files replace the documents, entries alone change their fields. */
export async function updateCampaign(opts: Options & { id: string; data: CampaignData; given: ReadonlySet<string>; documents: PreparedDocument[] | null }) {
  const { platform, actor, data, given } = opts;
  const mergeDocument = given.has('mergeDocument') && data.mergeDocument ? await mergeDocumentOf(platform, actor, data.mergeDocument) : null;
  const keys = opts.documents ? await storeFresh(platform, actor.appId, 'campaign', opts.documents) : [];
  try {
    await platform.database.inTenant(actor.appId, async (tx) => {
      const row = await findVisible(tx, actor, opts.id, { lock: true });
      assertCampaignAction(row, 'update');
      const level = given.has('level') ? data.level : row.level;
      const options = given.has('optionsRequest') ? campaignOptions(data.optionsRequest) : row.options;
      const application = await getApplication(tx, actor.appId);
      assertMergeAllowed(application, row.type, mergeDocument);
      assertLevelAndOptions(application, level, options);
      await repo.updateCampaign(tx, actor.appId, row.id, {
        ...(given.has('mergeDocument') ? { mergeDocument } : {}),
        ...(given.has('label') ? { label: data.label } : {}),
        ...(given.has('description') ? { description: data.description } : {}),
        level,
        options,
      });
      if (opts.documents) {
        // The old files stay until the storage sweep finds no row referencing them (a duplicate may share them).
        await repo.replaceDocuments(tx, actor.appId, row.id, documentRows(actor.appId, row.id, opts.documents, keys));
      } else if (given.has('transactionDocuments')) {
        const existing = await repo.documentsOf(tx, actor.appId, row.id);
        const problems: FieldError[] = [];
        for (const [i, entry] of data.transactionDocuments.entries()) {
          const doc = existing.find((d) => d.fileName === entry.fileName);
          if (!doc) {
            problems.push({ field: `transactionDocuments.${i}.fileName`, rule: 'invalid_value', message: `The campaign has no document named ${entry.fileName}.` });
            continue;
          }
          const beyond = entry.signatureFields.findIndex((f) => f.page > doc.pageCount || f.page < -1);
          if (beyond >= 0) problems.push({ field: `transactionDocuments.${i}.signatureFields.${beyond}.page`, rule: 'out_of_range', message: `${doc.fileName} has ${doc.pageCount} page(s).` });
          await tx
            .update(campaignDocuments)
            .set({
              title: entry.title || doc.title,
              documentType: entry.documentType,
              checkBoxTexts: entry.checkBoxTexts,
              fields: entry.signatureFields.map((f) => ({ page: f.page, name: f.name ?? 'signer', x: f.x, y: f.y, ...fieldSizeOf(f), signerIndex: f.signerIndex })),
            })
            .where(sql`${campaignDocuments.id} = ${doc.id}`);
        }
        if (problems.length) throw new AppError('VALIDATION_FAILED', 'Some fields are invalid.', { fields: problems });
      }
      if (given.has('transactionSigners')) {
        await repo.deleteSignatories(tx, actor.appId, row.id);
        const added = await repo.appendSignatories(tx, actor.appId, row.id, signatoriesOf(data));
        await repo.updateCampaign(tx, actor.appId, row.id, { signatoryCount: added.size, nDraft: added.size });
      }
      await audit(tx, { appId: actor.appId, actorUserId: actor.realUserId, action: 'campaign.updated', targetType: 'campaign', targetId: row.id, ip: actor.ip });
      if (data.transactionRequest.send && given.has('transactionRequest')) await sendInTx(tx, platform, actor, row.id);
    });
  } catch (error) {
    await discardStored(platform, keys);
    throw error;
  }
}

/**
 * Spec §5 save rules, checked on send: title, a signatory, a document, a document to sign where the signatory is
 * placed. A mail-merge campaign needs its merge document (which may be the only document to sign).
 */
export function readinessProblems(row: repo.CampaignRow, documents: repo.CampaignDocumentRow[]): FieldError[] {
  const problems: FieldError[] = [];
  const add = (field: string, message: string) => problems.push({ field, rule: 'required', message });
  const merge = row.mergeDocument;
  if (!row.label.trim()) add('label', 'Give the campaign a title.');
  if (row.signatoryCount === 0) add('transactionSigners', 'Add at least one signatory.');
  if (row.type === 'publipostage' && !merge) add('mergeDocument', 'Add the template of the mail-merge document.');
  const toSign = documents.filter((d) => d.documentType !== 'pdf-for-presentation');
  if (!documents.length && !merge) add('transactionDocuments', 'Add at least one document.');
  else if (!toSign.length && !merge) add('transactionDocuments', 'Add at least one document to sign.');
  else if (!toSign.some((d) => d.fields.some((f) => f.signerIndex === 0)) && !mergeDocumentSigns(merge)) add(merge ? 'mergeDocument.signatureFields' : 'transactionDocuments', 'Place the signatory on at least one document to sign.');
  return problems;
}

async function sendInTx(tx: Tx, platform: Platform, actor: Actor, id: string) {
  const row = await findVisible(tx, actor, id, { lock: true });
  assertCampaignAction(row, 'send');
  const problems = readinessProblems(row, await repo.documentsOf(tx, actor.appId, row.id));
  if (problems.length) throw new AppError('VALIDATION_FAILED', 'The campaign cannot be sent yet.', { fields: problems });
  const merge = await mergeReadiness(tx, row);
  if (merge) throw mergeReadinessError(merge);
  if (row.mergeDocument) await assertConversionAvailable(platform);
  const application = await getApplication(tx, actor.appId);
  await assertBulkSendable(tx, application, row.level as CertificationLevel, row.options, platform.clock());
  const now = platform.clock();
  const moved = await repo.moveSignatories(tx, actor.appId, row.id, ['draft'], { status: 'queued' });
  await repo.bump(tx, actor.appId, row.id, moved.map((m) => ({ from: m.status, to: 'queued', n: m.n })));
  await repo.updateCampaign(tx, actor.appId, row.id, { status: 'pending', sentAt: now, dispatchStartedAt: now, dispatchFinishedAt: null });
  await platform.jobs.enqueue(tx, dispatchQueue, { appId: actor.appId, campaignId: row.id } satisfies CampaignJob);
  await audit(tx, { appId: actor.appId, actorUserId: actor.realUserId, action: 'campaign.sent', targetType: 'campaign', targetId: row.id, data: { signatories: row.signatoryCount }, ip: actor.ip });
  await emitCampaignEvent(tx, platform, row, 'campaign.sent', { signatoryCount: row.signatoryCount }, actor.realUserId);
}

export async function sendCampaign(opts: Options & { id: string }) {
  await opts.platform.database.inTenant(opts.actor.appId, (tx) => sendInTx(tx, opts.platform, opts.actor, opts.id));
}

/** Cancel: canceled at once, the queued signatories with it; the copies already sent are cancelled by a job. */
export async function cancelCampaign(opts: Options & { id: string }) {
  const { platform, actor } = opts;
  await platform.database.inTenant(actor.appId, async (tx) => {
    const row = await findVisible(tx, actor, opts.id, { lock: true });
    assertCampaignAction(row, 'cancel');
    const moved = await repo.moveSignatories(tx, actor.appId, row.id, ['queued', 'draft'], { status: 'canceled' });
    await repo.bump(tx, actor.appId, row.id, moved.map((m) => ({ from: m.status, to: 'canceled', n: m.n })));
    const now = platform.clock();
    await repo.updateCampaign(tx, actor.appId, row.id, { status: 'canceled', canceledAt: now, dispatchFinishedAt: row.dispatchFinishedAt ?? now });
    await platform.jobs.enqueue(tx, cancelQueue, { appId: actor.appId, campaignId: row.id, userId: actor.realUserId } satisfies CampaignJob);
    await audit(tx, { appId: actor.appId, actorUserId: actor.realUserId, action: 'campaign.canceled', targetType: 'campaign', targetId: row.id, ip: actor.ip });
    await emitCampaignEvent(tx, platform, row, 'campaign.canceled', {}, actor.realUserId);
  });
}

export async function relaunchCampaign(opts: Options & { id: string }): Promise<number> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const row = await findVisible(tx, actor, opts.id, { lock: true });
    assertCampaignAction(row, 'relaunch');
    const waiting = row.nSent + row.nOpened;
    if (!waiting) throw new AppError('INVALID_TRANSITION', 'Cannot relaunch: nobody is waiting to sign.');
    await platform.jobs.enqueue(tx, relaunchQueue, { appId: actor.appId, campaignId: row.id, userId: actor.realUserId } satisfies CampaignJob);
    await audit(tx, { appId: actor.appId, actorUserId: actor.realUserId, action: 'campaign.relaunched', targetType: 'campaign', targetId: row.id, ip: actor.ip });
    return waiting;
  });
}

/** Failed signatories back in the queue (their error kept until the next attempt), the dispatch job again. */
export async function retryFailed(opts: Options & { id: string }): Promise<number> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const row = await findVisible(tx, actor, opts.id, { lock: true });
    assertCampaignAction(row, 'retry');
    const result = (await tx.execute(sql`
      update ${campaignSignatories} set status = 'queued', updated_at = now()
      where app_id = ${actor.appId} and campaign_id = ${row.id} and status = 'failed' and request_id is null
      returning id`)) as unknown as { rows: unknown[] };
    const n = result.rows.length;
    if (!n) throw new AppError('INVALID_TRANSITION', 'No failed signatory to retry.');
    await repo.bump(tx, actor.appId, row.id, [{ from: 'failed', to: 'queued', n }]);
    await repo.updateCampaign(tx, actor.appId, row.id, { status: 'pending', dispatchFinishedAt: null, completedAt: null });
    await platform.jobs.enqueue(tx, dispatchQueue, { appId: actor.appId, campaignId: row.id } satisfies CampaignJob);
    await audit(tx, { appId: actor.appId, actorUserId: actor.realUserId, action: 'campaign.retried', targetType: 'campaign', targetId: row.id, data: { signatories: n }, ip: actor.ip });
    return n;
  });
}

/** A draft or a finished campaign leaves the lists (status deleted); the copies stay signature requests with their evidence. */
export async function deleteCampaign(opts: Options & { id: string }) {
  const { platform, actor } = opts;
  await platform.database.inTenant(actor.appId, async (tx) => {
    const row = await findVisible(tx, actor, opts.id, { lock: true });
    assertCampaignAction(row, 'delete');
    await repo.updateCampaign(tx, actor.appId, row.id, { status: 'deleted' satisfies CampaignStatus, deletedAt: platform.clock() });
    await audit(tx, { appId: actor.appId, actorUserId: actor.realUserId, action: 'campaign.deleted', targetType: 'campaign', targetId: row.id, data: { label: row.label }, ip: actor.ip });
    await emitCampaignEvent(tx, platform, row, 'campaign.deleted', {}, actor.realUserId);
  });
}

/** A new draft, owned by the caller: same documents (the same stored files), options and signatories. */
export async function duplicateCampaign(opts: Options & { id: string }): Promise<string> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const row = await findVisible(tx, actor, opts.id);
    assertCampaignAction(row, 'duplicate');
    const id = await repo.insertCampaign(tx, {
      appId: actor.appId,
      ownerUserId: actor.userId,
      type: row.type,
      label: row.label,
      description: row.description,
      level: row.level,
      options: row.options,
      mergeDocument: row.mergeDocument,
      dataKeys: row.dataKeys,
    });
    const docs = await repo.documentsOf(tx, actor.appId, row.id);
    if (docs.length) await tx.insert(campaignDocuments).values(docs.map(({ id: _id, createdAt: _c, ...d }) => ({ ...d, campaignId: id })));
    const copied = (await tx.execute(sql`
      insert into ${campaignSignatories} (app_id, campaign_id, row_index, firstname, lastname, email, phone, language, data, connector_idc, status)
      select app_id, ${id}, row_index, firstname, lastname, email, phone, language, data, connector_idc, 'draft'
      from ${campaignSignatories} where app_id = ${actor.appId} and campaign_id = ${row.id}
      returning id`)) as unknown as { rows: unknown[] };
    const n = copied.rows.length;
    await repo.updateCampaign(tx, actor.appId, id, { signatoryCount: n, nDraft: n });
    await audit(tx, { appId: actor.appId, actorUserId: actor.realUserId, action: 'campaign.duplicated', targetType: 'campaign', targetId: id, data: { from: row.id }, ip: actor.ip });
    await emitCampaignEvent(tx, platform, (await repo.findCampaign(tx, { appId: actor.appId }, id))!, 'campaign.created', { signatoryCount: n }, actor.realUserId);
    return id;
  });
}

/** A draft's signatory is removed; a queued one cancelled at once; a sent one's copy cancelled (its status follows). */
export async function cancelSignatory(opts: Options & { id: string; signerId: string }) {
  const { platform, actor } = opts;
  await platform.database.inTenant(actor.appId, async (tx) => {
    const row = await findVisible(tx, actor, opts.id);
    assertCampaignAction(row, 'cancelSignatory');
    const signatory = await repo.findSignatory(tx, actor.appId, row.id, opts.signerId, { lock: true });
    if (!signatory) throw notFound('Signatory');
    if (signatory.status === 'draft') {
      await tx.delete(campaignSignatories).where(sql`${campaignSignatories.id} = ${signatory.id}`);
      await repo.bump(tx, actor.appId, row.id, [{ from: 'draft', to: null, n: 1 }], [sql`signatory_count = signatory_count - 1`]);
    } else if (signatory.status === 'queued') {
      await tx.update(campaignSignatories).set({ status: 'canceled', updatedAt: new Date() }).where(sql`${campaignSignatories.id} = ${signatory.id}`);
      await repo.bump(tx, actor.appId, row.id, [{ from: 'queued', to: 'canceled', n: 1 }]);
    } else if ((signatory.status === 'sent' || signatory.status === 'opened') && signatory.requestId) {
      await cancelRequests(tx, platform, actor.appId, [signatory.requestId], actor.realUserId);
      await tx.update(campaignSignatories).set({ cancelRequestedAt: platform.clock() }).where(sql`${campaignSignatories.id} = ${signatory.id}`);
    } else {
      throw new AppError('INVALID_TRANSITION', `Cannot cancel a signatory who is ${signatory.status}`);
    }
    await audit(tx, { appId: actor.appId, actorUserId: actor.realUserId, action: 'campaign.signatory_canceled', targetType: 'campaign', targetId: row.id, data: { signatoryId: signatory.id }, ip: actor.ip });
  });
}

export async function requestArchive(opts: Options & { id: string }) {
  const { platform, actor } = opts;
  await platform.database.inTenant(actor.appId, async (tx) => {
    const row = await findVisible(tx, actor, opts.id);
    assertCampaignAction(row, 'archive');
    await platform.jobs.enqueue(tx, archiveQueue, { appId: actor.appId, campaignId: row.id, userId: actor.userId } satisfies ArchiveJob);
  });
}

export async function listCampaigns(opts: Options & { filter: repo.CampaignListFilter }) {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => repo.listCampaigns(tx, await scopeOf(tx, actor), opts.filter));
}

export async function searchCampaigns(opts: Options & { q: string; limit: number }) {
  const search = normalizeSearch(opts.q);
  if (!search) return [];
  return (await listCampaigns({ ...opts, filter: { search, limit: opts.limit, offset: 0, order: 'DESC' } })).rows;
}

export async function getCampaign(opts: Options & { id: string }): Promise<{ row: repo.CampaignRow; documents: repo.CampaignDocumentRow[]; generated: number; invitations: InvitationDelivery }> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const row = await findVisible(tx, actor, opts.id);
    // Mail-merge PDFs made: counted only while the dispatch runs (afterwards, one per copy made).
    const generated = row.mergeDocument && row.status === 'pending' ? await repo.countGenerated(tx, actor.appId, row.id) : row.dispatched;
    // The invitations' delivery: one counter row kept with each message's state (never a count of the outbox).
    const invitations = await bulkInvitationDelivery(tx, platform, 'campaign', row.id);
    return { row, documents: await repo.documentsOf(tx, actor.appId, row.id), generated, invitations };
  });
}

/** The PDF a mail-merge signatory gets (the saved mapping, their values), and which of its values are blank. */
export async function previewSignatoryCopy(opts: Options & { id: string; signerId: string }) {
  const { platform, actor } = opts;
  const { row, signatory } = await platform.database.inTenant(actor.appId, async (tx) => {
    const row = await findVisible(tx, actor, opts.id);
    const signatory = await repo.findSignatory(tx, actor.appId, row.id, opts.signerId);
    if (!signatory) throw notFound('Signatory');
    return { row, signatory };
  });
  return previewCopy(platform, actor, row, signatory);
}

export async function listSignatories(opts: Options & { id: string; filter: repo.SignatoryFilter }) {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const row = await findVisible(tx, actor, opts.id);
    const { rows, total, capped } = await repo.listSignatories(tx, actor.appId, row.id, opts.filter);
    return { rows, total: total ?? (opts.filter.status ? repo.countsOf(row)[opts.filter.status] : row.signatoryCount), capped };
  });
}
