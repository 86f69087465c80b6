import {
  fieldSizeOf,
  isCampaignActionAllowed,
  type CampaignAction,
  type CampaignData,
  type FieldError,
  type CampaignStatus,
  type CampaignType,
  type CertificationLevel,
} from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Options } from '../bulk/index.ts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { discardStored, storeFresh } from '../../platform/stored-files.ts';
import { getApplication } from '../tenants/index.ts';
import { cancelRow, holderAccess, holderActions, holderSearch, queueDispatch } from '../bulk/index.ts';
import { assertBulkSendable, assertLevelAndOptions, bulkInvitationDelivery, type PreparedDocument } from '../signatures/index.ts';
import type { InvitationDelivery } from '@paraphe/contracts';
import { campaignKind } from './dispatch.ts';
import { emitCampaignEvent } from './facts.ts';
import { assertConversionAvailable, mergeDocumentOf, mergeDocumentSigns, mergeReadiness, mergeReadinessError, previewCopy } from './mailMerge.ts';
import { cursorNeedsKeyOrder, decodeRowCursor } from '../../platform/db/cursor.ts';
import * as repo from './repository.ts';

export type { Options } from '../bulk/index.ts';

/** Who sees a campaign (GERANT and COMPTABLE: the tenant's; the others their own and their descendants') and may act on it. */
const access = holderAccess<repo.CampaignRow, CampaignStatus, CampaignAction>({
  targetType: 'campaign',
  find: repo.findCampaign,
  allowed: isCampaignActionAllowed,
  // What needs the campaign's files: refused with 410 DOCUMENT_PURGED once the retention purge deleted them.
  needingFiles: ['retry', 'duplicate', 'archive', 'relaunch'],
});
export const { scopeOf, findVisible, assertAction: assertCampaignAction } = access;

/** A mail-merge campaign needs the tenant's `mailing` feature; a classic one has no merge document. */
function assertMergeAllowed(application: { features: { mailing?: boolean } }, type: CampaignType, merge: unknown) {
  if (type === 'publipostage' && !application.features.mailing)
    throw new AppError('FEATURE_DISABLED', 'Mail-merge campaigns are not enabled for this account.');
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

export async function createCampaign(
  opts: Options & {
    type: CampaignType;
    data: CampaignData;
    documents: PreparedDocument[];
    /** More writes in the campaign's transaction (its provenance: from-template.ts). */
    within?: (tx: Tx, campaignId: string) => Promise<void>;
  },
): Promise<string> {
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
      await repo.insertDocuments(tx, documentRows(actor.appId, id, documents, keys));
      const added = await repo.appendSignatories(tx, actor.appId, id, signatoriesOf(data));
      await repo.addSignatoryCount(tx, actor.appId, id, added.size);
      await access.record(tx, actor, 'campaign.created', id);
      await opts.within?.(tx, id);
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
            problems.push({
              field: `transactionDocuments.${i}.fileName`,
              rule: 'invalid_value',
              message: `The campaign has no document named ${entry.fileName}.`,
            });
            continue;
          }
          const beyond = entry.signatureFields.findIndex((f) => f.page > doc.pageCount || f.page < -1);
          if (beyond >= 0)
            problems.push({
              field: `transactionDocuments.${i}.signatureFields.${beyond}.page`,
              rule: 'out_of_range',
              message: `${doc.fileName} has ${doc.pageCount} page(s).`,
            });
          await repo.updateDocument(tx, doc.id, {
            title: entry.title || doc.title,
            documentType: entry.documentType,
            checkBoxTexts: entry.checkBoxTexts,
            fields: entry.signatureFields.map((f) => ({
              page: f.page,
              name: f.name ?? 'signer',
              x: f.x,
              y: f.y,
              ...fieldSizeOf(f),
              signerIndex: f.signerIndex,
            })),
          });
        }
        if (problems.length) throw new AppError('VALIDATION_FAILED', 'Some fields are invalid.', { fields: problems });
      }
      if (given.has('transactionSigners')) {
        await repo.deleteSignatories(tx, actor.appId, row.id);
        const added = await repo.appendSignatories(tx, actor.appId, row.id, signatoriesOf(data));
        await repo.updateCampaign(tx, actor.appId, row.id, { signatoryCount: added.size, nDraft: added.size });
      }
      await access.record(tx, actor, 'campaign.updated', row.id);
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
  else if (!toSign.some((d) => d.fields.some((f) => f.signerIndex === 0)) && !mergeDocumentSigns(merge))
    add(merge ? 'mergeDocument.signatureFields' : 'transactionDocuments', 'Place the signatory on at least one document to sign.');
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
  await queueDispatch(tx, platform, campaignKind, row, platform.clock());
  await access.record(tx, actor, 'campaign.sent', row.id, { signatories: row.signatoryCount });
  await emitCampaignEvent(tx, platform, row, 'campaign.sent', { signatoryCount: row.signatoryCount }, actor.realUserId);
}

export async function sendCampaign(opts: Options & { id: string }) {
  await opts.platform.database.inTenant(opts.actor.appId, (tx) => sendInTx(tx, opts.platform, opts.actor, opts.id));
}

const actions = holderActions({
  kind: campaignKind,
  access,
  rowsNoun: 'signatories',
  waitingOf: (row) => row.nSent + row.nOpened,
  // The queued signatories are canceled at once; the copies already sent are cancelled by the cancel job.
  requestsMade: () => true,
  nothing: { retry: 'No failed signatory to retry.', relaunch: 'Cannot relaunch: nobody is waiting to sign.' },
  canceled: (tx, platform, row, by) => emitCampaignEvent(tx, platform, row, 'campaign.canceled', {}, by),
});
/** Cancel, relaunch, failed signatories back in the queue (their error kept until the next attempt), the archive. */
export const { cancel: cancelCampaign, relaunch: relaunchCampaign, retry: retryFailed, requestArchive } = actions;

/** A draft or a finished campaign leaves the lists (status deleted); the copies stay signature requests with their evidence. */
export async function deleteCampaign(opts: Options & { id: string }) {
  const { platform, actor } = opts;
  await access.act(opts, 'delete', async (tx, row) => {
    await repo.updateCampaign(tx, actor.appId, row.id, { status: 'deleted' satisfies CampaignStatus, deletedAt: platform.clock() });
    await access.record(tx, actor, 'campaign.deleted', row.id, { label: row.label });
    await emitCampaignEvent(tx, platform, row, 'campaign.deleted', {}, actor.realUserId);
  });
}

/** A new draft, owned by the caller: same documents (the same stored files), options and signatories. */
export async function duplicateCampaign(opts: Options & { id: string }): Promise<string> {
  const { platform, actor } = opts;
  return access.act(
    opts,
    'duplicate',
    async (tx, row) => {
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
      await repo.insertDocuments(
        tx,
        docs.map(({ id: _id, createdAt: _c, ...d }) => ({ ...d, campaignId: id })),
      );
      const n = await repo.copySignatories(tx, actor.appId, row.id, id);
      await repo.updateCampaign(tx, actor.appId, id, { signatoryCount: n, nDraft: n });
      await access.record(tx, actor, 'campaign.duplicated', id, { from: row.id });
      await emitCampaignEvent(
        tx,
        platform,
        (await repo.findCampaign(tx, { appId: actor.appId }, id))!,
        'campaign.created',
        { signatoryCount: n },
        actor.realUserId,
      );
      return id;
    },
    false,
  );
}

/** A draft's signatory is removed; a queued one cancelled at once; a sent one's copy cancelled (its status follows). */
export async function cancelSignatory(opts: Options & { id: string; signerId: string }) {
  const { platform, actor } = opts;
  await access.act(
    opts,
    'cancelSignatory',
    async (tx, row) => {
      const signatory = await repo.findSignatory(tx, actor.appId, row.id, opts.signerId, { lock: true });
      if (!signatory) throw notFound('Signatory');
      if (signatory.status === 'draft') await repo.deleteDraftSignatory(tx, actor.appId, row.id, signatory.id);
      else if (!(await cancelRow(tx, platform, campaignKind, row, signatory, actor.realUserId)))
        throw new AppError('INVALID_TRANSITION', `Cannot cancel a signatory who is ${signatory.status}`);
      await access.record(tx, actor, 'campaign.signatory_canceled', row.id, { signatoryId: signatory.id });
    },
    false,
  );
}

export async function listCampaigns(opts: Options & { filter: repo.CampaignListFilter }) {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => repo.listCampaigns(tx, await scopeOf(tx, actor), opts.filter));
}

export const searchCampaigns = holderSearch(listCampaigns);

export async function getCampaign(
  opts: Options & { id: string },
): Promise<{ row: repo.CampaignRow; documents: repo.CampaignDocumentRow[]; generated: number; invitations: InvitationDelivery }> {
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

/** `filter.cursor`: the back office's cursor past the numbered pages (a tampered one is a 400), in the row order only. */
export async function listSignatories(opts: Options & { id: string; filter: repo.SignatoryFilter & { cursor?: string } }) {
  const { platform, actor } = opts;
  const { cursor, ...given } = opts.filter;
  if (cursor && (given.orderBy ?? 'rowIndex') !== 'rowIndex') throw cursorNeedsKeyOrder('rowIndex');
  const after = decodeRowCursor(cursor) ?? given.after;
  const filter = after ? { ...given, after, offset: 0 } : given;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const row = await findVisible(tx, actor, opts.id);
    const { rows, total, capped, nextCursor } = await repo.listSignatories(tx, actor.appId, row.id, filter);
    return { rows, total: total ?? (filter.status ? repo.countsOf(row)[filter.status] : row.signatoryCount), capped, nextCursor };
  });
}
