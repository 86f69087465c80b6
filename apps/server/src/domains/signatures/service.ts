import { randomUUID } from 'node:crypto';
import {
  normalizeSearch,
  seesAllUsers,
  signatureStatuses,
  signatureTypeLevel,
  signerDisplayName,
  type CertificationLevel,
  type SignatureRequestData,
  type SignatureStatus,
  type SigningLink,
  signatureListQuerySchema,
} from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { buildXlsx, type Cell } from '../../platform/xlsx.ts';
import { findApplication, type ApplicationRow } from '../auth/repository.ts';
import { descendantIds } from '../users/repository.ts';
import { prepareDocuments, type PreparedDocument, type UploadedFile, type UploadLimits } from './documents.ts';
import { archiveQueue, type ArchiveJob } from './jobs.ts';
import { presentField, progressOf } from './presenter.ts';
import * as repo from './repository.ts';
import { versionKeysOf } from '../signing/versions.ts';
import { assertAction, assertLevelAndOptions, cancelRequest, cancelSigner, loadContext, relaunchRequest, sendRequest } from './workflow.ts';

interface Options {
  platform: Platform;
  actor: Actor;
}
/** A request with what the presenter shows; `documents` null = light. */
export interface RequestView {
  row: repo.RequestRow;
  signers: repo.SignerRow[];
  documents: repo.DocumentWithFields[] | null;
}
type ParsedListQuery = ReturnType<typeof signatureListQuerySchema.parse>;

/** GERANT and COMPTABLE see the tenant's requests; the others their own and their descendants' (spec §6). */
async function scopeOf(tx: Tx, actor: Actor): Promise<repo.Scope> {
  if (seesAllUsers(actor.profile)) return { appId: actor.appId };
  return { appId: actor.appId, ownerIds: [actor.userId, ...(await descendantIds(tx, actor.appId, actor.userId))] };
}

async function findVisible(tx: Tx, actor: Actor, id: string): Promise<repo.RequestRow> {
  const row = await repo.findRequest(tx, await scopeOf(tx, actor), id);
  if (!row) throw notFound('Signature request');
  return row;
}

async function views(tx: Tx, appId: string, rows: repo.RequestRow[], light: boolean): Promise<RequestView[]> {
  const ids = rows.map((r) => r.id);
  const signers = await repo.signersOf(tx, appId, ids);
  const documents = light ? [] : await repo.documentsOf(tx, appId, ids);
  return rows.map((row) => ({
    row,
    signers: signers.filter((s) => s.requestId === row.id),
    documents: light ? null : documents.filter((d) => d.requestId === row.id),
  }));
}

async function viewOf(tx: Tx, appId: string, id: string): Promise<RequestView> {
  const row = await repo.findRequest(tx, { appId }, id);
  if (!row) throw notFound('Signature request');
  return (await views(tx, appId, [row], false))[0]!;
}

const toListFilter = (q: ParsedListQuery): repo.RequestListFilter => ({
  search: q.search,
  statuses: q.filter?.status,
  createdFrom: q.filter?.createdFrom ? new Date(q.filter.createdFrom) : undefined,
  // A bare date as upper bound includes that whole day.
  createdTo: q.filter?.createdTo ? new Date(q.filter.createdTo.length === 10 ? `${q.filter.createdTo}T23:59:59.999Z` : q.filter.createdTo) : undefined,
  level: q.type ? signatureTypeLevel[q.type] : undefined,
  limit: q.limit,
  offset: q.offset,
  order: q.order,
  orderBy: q.orderBy,
});

export async function listSignatureRequests(opts: Options & { query: ParsedListQuery }) {
  const { platform, actor, query } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const { rows, total } = await repo.listRequests(tx, await scopeOf(tx, actor), toListFilter(query));
    return { views: await views(tx, actor.appId, rows, query.light === '1'), total };
  });
}

export async function searchSignatureRequests(opts: Options & { q: string; limit: number }) {
  const search = normalizeSearch(opts.q);
  if (!search) return [];
  const { views: found } = await listSignatureRequests({ ...opts, query: signatureListQuerySchema.parse({ search, limit: opts.limit, light: '1' }) });
  return found;
}

export async function countSignatureRequests(opts: Options) {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const counts = await repo.countByStatus(tx, await scopeOf(tx, actor));
    const byStatus = Object.fromEntries(signatureStatuses.map((s) => [s, 0])) as Record<SignatureStatus, number>;
    for (const c of counts) byStatus[c.status] = c.n;
    return { total: counts.reduce((sum, c) => sum + c.n, 0), byStatus };
  });
}

export async function exportSignatureRequests(opts: Options & { query: ParsedListQuery }): Promise<Uint8Array> {
  const { platform, actor } = opts;
  const exportLimit = 10_000;
  const { views: found } = await listSignatureRequests({ platform, actor, query: { ...opts.query, limit: exportLimit, offset: 0, light: '1' } });
  const rows: Cell[][] = [['Label', 'Status', 'Created', 'Signers', '% signed']];
  for (const v of found) {
    rows.push([v.row.label, v.row.status, v.row.createdAt, v.signers.map(signerDisplayName).join(', '), progressOf(v.signers).percentSigned]);
  }
  return buildXlsx('Signatures', rows);
}

export async function getSignatureRequest(opts: Options & { id: string }): Promise<RequestView> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => viewOf(tx, actor.appId, (await findVisible(tx, actor, opts.id)).id));
}

export async function signatureRequestStatus(opts: Options & { id: string }) {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const row = await findVisible(tx, actor, opts.id);
    return { row, signers: await repo.signersOf(tx, actor.appId, [row.id]) };
  });
}

/** Stores the files first (fresh keys); the caller removes them if the transaction fails. */
async function storeFiles(platform: Platform, appId: string, files: Uint8Array[]): Promise<string[]> {
  const keys: string[] = [];
  for (const data of files) {
    const key = `${appId}/${randomUUID()}.pdf`;
    await platform.storage.put(key, data);
    keys.push(key);
  }
  return keys;
}

async function discard(platform: Platform, keys: string[]) {
  await Promise.all(keys.map((k) => platform.storage.delete(k).catch((error) => platform.logger.warn({ err: error, key: k }, 'could not delete a stored file'))));
}

async function insertDocuments(tx: Tx, appId: string, requestId: string, documents: Omit<PreparedDocument, 'data' | 'entryIndex'>[], keys: string[], sizes: number[]) {
  for (const [position, doc] of documents.entries()) {
    await repo.insertDocument(
      tx,
      {
        appId,
        requestId,
        position,
        title: doc.title,
        documentType: doc.documentType,
        fileType: doc.fileType,
        fileName: doc.fileName,
        checkBoxTexts: doc.checkBoxTexts,
        storageKey: keys[position]!,
        sha256: doc.sha256,
        pageCount: doc.pageCount,
        sizeBytes: sizes[position]!,
      },
      doc.signatureFields,
    );
  }
}

export async function createSignatureRequest(opts: Options & { level: CertificationLevel; data: SignatureRequestData; files: UploadedFile[]; limits: UploadLimits }) {
  const { platform, actor, data } = opts;
  const signerIndexes = data.transactionSigners.filter((s) => s.role === 'signer').map((s) => s.signerIndex).sort((a, b) => a - b);
  const documents = await prepareDocuments({ entries: data.transactionDocuments, files: opts.files, limits: opts.limits, signerIndexes });
  const keys = await storeFiles(platform, actor.appId, documents.map((d) => d.data));
  try {
    return await platform.database.inTenant(actor.appId, async (tx) => {
      const application = (await findApplication(tx, actor.appId))!;
      assertLevelAndOptions(application, opts.level, data.optionsRequest);
      const now = platform.clock();
      const requestId = await repo.insertRequest(tx, {
        appId: actor.appId,
        ownerUserId: actor.userId,
        label: data.label,
        description: data.transactionRequest.description,
        status: 'draft',
        level: opts.level,
        testMode: application.testMode,
        options: data.optionsRequest,
        createdAt: now,
        updatedAt: now,
      });
      await repo.insertSigners(
        tx,
        data.transactionSigners.map((s) => ({
          appId: actor.appId,
          requestId,
          firstname: s.firstname,
          lastname: s.lastname,
          email: s.emailAddress,
          phone: s.phoneNum ?? null,
          language: s.language ?? data.optionsRequest.language,
          role: s.role,
          coSigner: s.coSigner,
          connectorIdc: s.connector?.idc ?? null,
          signerIndex: s.signerIndex,
          invitationMessage: s.invitationMessage ?? null,
        })),
      );
      await insertDocuments(tx, actor.appId, requestId, documents, keys, documents.map((d) => d.data.length));
      await audit(tx, { appId: actor.appId, actorUserId: actor.realUserId, action: 'signature.created', targetType: 'signature_request', targetId: requestId, ip: actor.ip });
      const links = data.transactionRequest.send ? await sendRequest(tx, platform, await loadContext(tx, actor.appId, requestId), actor.realUserId) : [];
      return { view: await viewOf(tx, actor.appId, requestId), links };
    });
  } catch (error) {
    await discard(platform, keys);
    throw error;
  }
}

/** PUT /api/transactions/:id: send, cancel (the request, or one signer), relaunch. */
export async function actOnSignatureRequest(opts: Options & { id: string; action: 'send' | 'cancel' | 'relaunch'; signerId?: string }): Promise<{ view: RequestView; links: SigningLink[] }> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const visible = await findVisible(tx, actor, opts.id);
    const ctx = await loadContext(tx, actor.appId, visible.id);
    let links: SigningLink[] = [];
    if (opts.action === 'send') links = await sendRequest(tx, platform, ctx, actor.realUserId);
    else if (opts.action === 'cancel' && opts.signerId) await cancelSigner(tx, platform, ctx, opts.signerId, actor.realUserId);
    else if (opts.action === 'cancel') await cancelRequest(tx, platform, ctx, actor.realUserId);
    else await relaunchRequest(tx, platform, ctx, actor.realUserId);
    return { view: await viewOf(tx, actor.appId, visible.id), links };
  });
}

export async function deleteSignatureRequest(opts: Options & { id: string }) {
  const { platform, actor } = opts;
  const keys = await platform.database.inTenant(actor.appId, async (tx) => {
    const ctx = await loadContext(tx, actor.appId, (await findVisible(tx, actor, opts.id)).id);
    assertAction(ctx.request, 'delete');
    const documents = await repo.documentsOf(tx, actor.appId, [ctx.request.id]);
    const versionKeys = await versionKeysOf(tx, actor.appId, documents.map((d) => d.id));
    await repo.deleteRequest(tx, actor.appId, ctx.request.id);
    await audit(tx, { appId: actor.appId, actorUserId: actor.realUserId, action: 'signature.deleted', targetType: 'signature_request', targetId: ctx.request.id, data: { label: ctx.request.label }, ip: actor.ip });
    return [...documents.map((d) => d.storageKey), ...versionKeys, ...[ctx.request.archiveKey, ctx.request.attestationKey].filter((k): k is string => !!k)];
  });
  // Files go once the rows are gone for good.
  await discard(platform, keys);
}

/** A new draft with the same signers, documents (files copied), fields and options, owned by the caller. */
export async function duplicateSignatureRequest(opts: Options & { id: string }): Promise<RequestView> {
  const { platform, actor } = opts;
  const source = await getSignatureRequest(opts);
  assertAction(source.row, 'duplicate');
  const copies = await Promise.all(source.documents!.map(async (d) => ({ doc: d, data: await platform.storage.get(d.storageKey) })));
  const keys = await storeFiles(platform, actor.appId, copies.map((c) => c.data));
  try {
    return await platform.database.inTenant(actor.appId, async (tx) => {
      const application: ApplicationRow = (await findApplication(tx, actor.appId))!;
      const now = platform.clock();
      const { row } = source;
      const requestId = await repo.insertRequest(tx, {
        appId: actor.appId,
        ownerUserId: actor.userId,
        label: row.label,
        description: row.description,
        status: 'draft',
        level: row.level,
        testMode: application.testMode,
        options: row.options,
        createdAt: now,
        updatedAt: now,
      });
      await repo.insertSigners(
        tx,
        source.signers.map(({ id: _id, requestId: _r, createdAt: _c, ...s }) => ({
          ...s,
          requestId,
          status: 'before' as const,
          actionAt: null,
          invitedAt: null,
          refusalComment: null,
          mailReminders: 0,
          smsReminders: 0,
          lastReminderAt: null,
          nextMailReminderAt: null,
          nextSmsReminderAt: null,
          cancelNotifiedAt: null,
        })),
      );
      const docs = copies.map(({ doc }) => ({ ...doc, signatureFields: doc.fields.map(presentField) }));
      await insertDocuments(tx, actor.appId, requestId, docs, keys, copies.map((c) => c.data.length));
      await audit(tx, { appId: actor.appId, actorUserId: actor.realUserId, action: 'signature.duplicated', targetType: 'signature_request', targetId: requestId, data: { from: row.id }, ip: actor.ip });
      return viewOf(tx, actor.appId, requestId);
    });
  } catch (error) {
    await discard(platform, keys);
    throw error;
  }
}

export async function listDocuments(opts: Options & { id: string }) {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => repo.documentsOf(tx, actor.appId, [(await findVisible(tx, actor, opts.id)).id]));
}

export async function findDocument(opts: Options & { id: string; documentId: string }) {
  const documents = await listDocuments(opts);
  const doc = documents.find((d) => d.id === opts.documentId);
  if (!doc) throw notFound('Document');
  return doc;
}

/** Only a draft's documents can be removed: a sent request's documents are what the signers see. */
export async function deleteDocument(opts: Options & { id: string; documentId: string }) {
  const { platform, actor } = opts;
  const key = await platform.database.inTenant(actor.appId, async (tx) => {
    const ctx = await loadContext(tx, actor.appId, (await findVisible(tx, actor, opts.id)).id);
    if (ctx.request.status !== 'draft') throw new AppError('INVALID_TRANSITION', `Cannot delete a document of a request that is ${ctx.request.status}`);
    const doc = (await repo.documentsOf(tx, actor.appId, [ctx.request.id])).find((d) => d.id === opts.documentId);
    if (!doc) throw notFound('Document');
    await repo.deleteDocument(tx, actor.appId, ctx.request.id, doc.id);
    await repo.updateRequest(tx, actor.appId, ctx.request.id, { updatedAt: platform.clock() });
    await audit(tx, { appId: actor.appId, actorUserId: actor.realUserId, action: 'signature.document_deleted', targetType: 'signature_request', targetId: ctx.request.id, data: { documentId: doc.id }, ip: actor.ip });
    return doc.storageKey;
  });
  await discard(platform, [key]);
}

/** Queues the archive rebuild; a `signature.archive` notification follows. */
export async function requestArchive(opts: Options & { id: string }) {
  const { platform, actor } = opts;
  await platform.database.inTenant(actor.appId, async (tx) => {
    const row = await findVisible(tx, actor, opts.id);
    assertAction(row, 'regenerateArchive');
    await platform.jobs.enqueue(tx, archiveQueue, { appId: actor.appId, requestId: row.id, userId: actor.userId } satisfies ArchiveJob);
  });
}

export async function findArchive(opts: Options & { id: string }): Promise<{ key: string; label: string }> {
  const { platform, actor } = opts;
  const row = await platform.database.inTenant(actor.appId, (tx) => findVisible(tx, actor, opts.id));
  if (!row.archiveKey) throw notFound('Archive');
  return { key: row.archiveKey, label: row.label };
}

