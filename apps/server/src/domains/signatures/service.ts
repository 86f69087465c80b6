import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  normalizeSearch,
  seesAllUsers,
  signatureStatuses,
  signatureTypeLevel,
  signerDisplayName,
  type CertificationLevel,
  type DocumentActiveContent,
  type RelaunchSummary,
  type SignatureActionInput,
  type SignatureRequestData,
  type SignatureStatus,
  type SigningLink,
  signatureListQuerySchema,
} from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { cursorNeedsKeyOrder, decodeCursor } from '../../platform/db/cursor.ts';
import type { Keyset } from '../../platform/db/lists.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { discardStored } from '../../platform/stored-files.ts';
import { xlsxReadable } from '../../platform/spreadsheets/index.ts';
import { getApplication } from '../tenants/index.ts';
import { descendantIds } from '../users/index.ts';
import { archiveEntries, archiveQueue, storedArchiveIsCurrent, type ArchiveJob } from './archive.ts';
import type { ZipEntry } from '../../platform/zip-store.ts';
import { retryCompletion } from './completion-state.ts';
import { appendEvent, documentChecksOf } from './evidence.ts';
import { emitRequestEvent } from './facts.ts';
import type { DeliveryState } from '../../platform/messaging/service.ts';
import { signerMessagesAbout } from './messages.ts';
import { inspectPdf, type PreparedDocument } from './intake.ts';
import { presentField, progressOf } from './presenter.ts';
import * as repo from './repository.ts';
import { mandateDocumentPosition } from './sepa.ts';
import { sealingWarnings } from './sealing.ts';
import { currentVersions, versionKeysOf } from './versions.ts';
import { assertNotPurged } from './retention.ts';
import {
  assertAction,
  assertLevelAndOptions,
  assertQualifiedSigners,
  cancelRequest,
  cancelSigner,
  loadContext,
  relaunchRequest,
  sendRequest,
} from './workflow.ts';

interface Options {
  platform: Platform;
  actor: Actor;
}
/** A request with what the presenter shows; `documents` null = light. */
export interface RequestView {
  row: repo.RequestRow;
  signers: repo.SignerRow[];
  documents: repo.DocumentWithFields[] | null;
  /** What the upload check found in each document (by id), when it found active content. */
  activeContent: Map<string, DocumentActiveContent>;
  /** The delivery of the last mail or SMS to each signer, by `signer:<id>` (absent: none sent). */
  deliveries: Map<string, DeliveryState>;
}

/** The active content the upload check recorded (`document_checked` events), by document id. */
async function checkedActiveContent(tx: Tx, appId: string, requestIds: string[]): Promise<Map<string, DocumentActiveContent>> {
  const found = new Map<string, DocumentActiveContent>();
  for (const [documentId, data] of await documentChecksOf(tx, appId, requestIds)) {
    const content = data.activeContent as DocumentActiveContent | undefined;
    if (content?.found.length) found.set(documentId, content);
  }
  return found;
}
type ParsedListQuery = ReturnType<typeof signatureListQuerySchema.parse>;

/** GERANT and COMPTABLE see the tenant's requests; the others their own and their descendants' (spec §6). */
async function scopeOf(tx: Tx, actor: Actor): Promise<repo.Scope> {
  if (seesAllUsers(actor.profile)) return { appId: actor.appId };
  return { appId: actor.appId, ownerIds: [actor.userId, ...(await descendantIds(tx, actor.appId, actor.userId))] };
}

export async function findVisible(tx: Tx, actor: Actor, id: string): Promise<repo.RequestRow> {
  const row = await repo.findRequest(tx, await scopeOf(tx, actor), id);
  if (!row) throw notFound('Signature request');
  return row;
}

/** `known`: the documents (with their fields) of `rows` when the caller has just written them (not read again). */
async function views(
  tx: Tx,
  platform: Platform,
  appId: string,
  rows: repo.RequestRow[],
  light: boolean,
  known?: repo.DocumentWithFields[],
): Promise<RequestView[]> {
  const ids = rows.map((r) => r.id);
  const signers = await repo.signersOf(tx, appId, ids);
  const documents = light ? [] : (known ?? (await repo.documentsOf(tx, appId, ids)));
  const activeContent = light ? new Map<string, DocumentActiveContent>() : await checkedActiveContent(tx, appId, ids);
  // Whether the last mail or SMS to each signer went out (the requester sees an undelivered invitation).
  const deliveries = light
    ? new Map<string, DeliveryState>()
    : await platform.messaging.deliveryStatus(
        tx,
        signers.map((s) => signerMessagesAbout(s.id)),
      );
  return rows.map((row) => ({
    row,
    signers: signers.filter((s) => s.requestId === row.id),
    documents: light ? null : documents.filter((d) => d.requestId === row.id),
    activeContent,
    deliveries,
  }));
}

/**
 * The view of a request this transaction has just created, from what it wrote (nothing read back: five statements
 * less on every create, docs/api-v1.md "Performance"): the documents' active content is what their upload check
 * found (insertDocuments records the same in `document_checked` events), and no mail or SMS to a signer made a
 * moment ago exists yet (invitations go out from the send job, after the commit).
 */
function freshView(
  state: { request: repo.RequestRow; signers: repo.SignerRow[] },
  written: repo.DocumentWithFields[],
  prepared: Pick<PreparedDocument, 'inspection'>[],
): RequestView {
  const activeContent = new Map<string, DocumentActiveContent>();
  written.forEach((document, index) => {
    const found = prepared[index]?.inspection?.activeContent;
    if (found?.found.length) activeContent.set(document.id, found);
  });
  return { row: state.request, signers: state.signers, documents: written, activeContent, deliveries: new Map() };
}

export async function viewOf(tx: Tx, platform: Platform, appId: string, id: string, knownDocuments?: repo.DocumentWithFields[]): Promise<RequestView> {
  const row = await repo.findRequest(tx, { appId }, id);
  if (!row) throw notFound('Signature request');
  return (await views(tx, platform, appId, [row], false, knownDocuments))[0]!;
}

const toListFilter = (q: ParsedListQuery, after?: Keyset): repo.RequestListFilter => ({
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
  after,
});

/** `after`: keyset paging (a cursor: the public API's, the back office's past its numbered pages) — the query's offset is then 0. */
export async function listSignatureRequests(opts: Options & { query: ParsedListQuery; after?: Keyset }) {
  const { platform, actor, query } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const filter = toListFilter(opts.after ? { ...query, offset: 0 } : query, opts.after);
    const { rows, total, capped, nextCursor } = await repo.listRequests(tx, await scopeOf(tx, actor), filter);
    return { views: await views(tx, platform, actor.appId, rows, query.light === '1'), total, capped, nextCursor };
  });
}

/** The position a list call's `cursor` gives (a tampered one is a 400), only in the order by date a keyset follows. */
export function listCursor(query: Pick<ParsedListQuery, 'cursor' | 'orderBy'>): Keyset | undefined {
  if (query.cursor && !repo.keysetOrder(query.orderBy)) throw cursorNeedsKeyOrder('createdAt');
  return decodeCursor(query.cursor);
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

/** At most this many rows in one export (the list's filters apply). */
export const exportRowLimit = 100_000;
const exportPageSize = 500;

/**
 * The list as a spreadsheet, streamed: pages of requests are read in short transactions while the file is
 * written, so memory stays flat however long the list (100,000 rows: ≈ 190 MB peak for the whole process).
 * The first page is read before returning, so that refusals (permissions, filters) are ordinary errors.
 */
export async function exportSignatureRequests(opts: Options & { query: ParsedListQuery }): Promise<Readable> {
  const { platform, actor } = opts;
  // In the order by date the next page starts at the previous one's cursor (keyset: each page reads as little as
  // the first); in another order, by offset.
  const page = (offset: number, cursor: string | null | undefined) =>
    listSignatureRequests({
      platform,
      actor,
      query: { ...opts.query, limit: Math.min(exportPageSize, exportRowLimit - offset), offset: cursor ? 0 : offset, light: '1' },
      after: cursor ? decodeCursor(cursor) : undefined,
    });
  const first = await page(0, undefined);
  async function* rows() {
    let { views, nextCursor } = first;
    for (let offset = 0; views.length && offset < exportRowLimit;) {
      for (const v of views) {
        yield {
          label: v.row.label,
          status: v.row.status,
          createdAt: v.row.createdAt,
          signers: v.signers.map(signerDisplayName).join(', '),
          percent: progressOf(v.signers).percentSigned,
        };
      }
      offset += views.length;
      if (views.length < exportPageSize || offset >= exportRowLimit || nextCursor === null) return;
      ({ views, nextCursor } = await page(offset, nextCursor));
    }
  }
  return xlsxReadable({
    sheetName: 'Signatures',
    columns: [
      { header: 'Label', key: 'label', width: 40 },
      { header: 'Status', key: 'status', width: 14 },
      { header: 'Created', key: 'createdAt', type: 'datetime', width: 20 },
      { header: 'Signers', key: 'signers', width: 50 },
      { header: '% signed', key: 'percent', type: 'number', width: 10 },
    ],
    rows: rows(),
  });
}

export async function getSignatureRequest(opts: Options & { id: string }): Promise<RequestView> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => viewOf(tx, platform, actor.appId, (await findVisible(tx, actor, opts.id)).id));
}

export async function signatureRequestStatus(opts: Options & { id: string }) {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const row = await findVisible(tx, actor, opts.id);
    return { row, signers: await repo.signersOf(tx, actor.appId, [row.id]) };
  });
}

/** Stores the files first (fresh keys); the caller removes them if the transaction fails. */
export async function storeFiles(platform: Platform, appId: string, files: Uint8Array[]): Promise<string[]> {
  const keys: string[] = [];
  for (const data of files) {
    const key = `${appId}/${randomUUID()}.pdf`;
    await platform.storage.put(key, data);
    keys.push(key);
  }
  return keys;
}

/** Files go once the rows are gone for good (drafts.ts uses it too). */
export const discard = discardStored;

/**
 * Inserts the documents; a document whose upload check found active content or warnings gets a `document_checked`
 * evidence event (what was found, what the signers' version neutralises), which the request view shows.
 */
export async function insertDocuments(
  tx: Tx,
  platform: Platform,
  appId: string,
  requestId: string,
  documents: Omit<PreparedDocument, 'data' | 'entryIndex'>[],
  keys: string[],
  sizes: number[],
  firstPosition = 0,
): Promise<repo.DocumentWithFields[]> {
  const written: repo.DocumentWithFields[] = [];
  for (const [index, doc] of documents.entries()) {
    const position = firstPosition + index;
    const document = await repo.insertDocument(
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
        storageKey: keys[index]!,
        sha256: doc.sha256,
        pageCount: doc.pageCount,
        sizeBytes: sizes[index]!,
      },
      doc.signatureFields,
    );
    written.push(document);
    const documentId = document.id;
    const check = doc.inspection;
    if (check && (check.activeContent.found.length || check.warnings.length)) {
      await appendEvent(tx, {
        appId,
        requestId,
        type: 'document_checked',
        data: { documentId, fileName: doc.fileName, sha256: doc.sha256, activeContent: check.activeContent, warnings: check.warnings },
        at: platform.clock(),
      });
    }
  }
  return written;
}

/** The signers of a create or draft edit, as rows. */
export const signerRowsOf = (appId: string, requestId: string, data: SignatureRequestData) =>
  data.transactionSigners.map((s) => ({
    appId,
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
    step: s.role === 'observer' ? null : (s.step ?? null),
    invitationMessage: s.invitationMessage ?? null,
  }));

/** Where a request made from something else comes from (evidence event `created_from`). */
export type RequestProvenance =
  | { kind: 'template'; templateId: string; templateName: string; templateVersion: number }
  /**
   * A template's direct link (request templates domain): a visitor took its first role after proving their e-mail
   * with a mailed code; `summary` is the sentence the evidence file shows.
   */
  | {
      kind: 'direct_link';
      linkId: string;
      templateId: string;
      templateName: string;
      templateVersion: number;
      emailVerifiedAt: string;
      visitorIp: string | null;
      summary: string;
    };

/**
 * Creates a request (a draft, or sent at once) from checked documents (intake.ts): the create route, and later
 * campaigns, operations and the public API, each bring their own files.
 */
export async function createSignatureRequest(
  opts: Options & {
    level: CertificationLevel;
    data: SignatureRequestData;
    documents: PreparedDocument[];
    /** Made from a template or its direct link (request templates domain): recorded in the evidence trail as `created_from`. */
    provenance?: RequestProvenance;
    /** More writes of the caller, in the same transaction as the request (e.g. the template's use row). */
    within?: (tx: Tx, requestId: string) => Promise<void>;
  },
) {
  const { platform, actor, data, documents } = opts;
  const keys = await storeFiles(
    platform,
    actor.appId,
    documents.map((d) => d.data),
  );
  try {
    return await platform.database.inTenant(actor.appId, async (tx) => {
      const application = await getApplication(tx, actor.appId);
      assertLevelAndOptions(application, opts.level, data.optionsRequest);
      const now = platform.clock();
      await assertQualifiedSigners(
        tx,
        actor.appId,
        opts.level,
        data.transactionSigners.map((s) => ({ role: s.role, email: s.emailAddress })),
        now,
      );
      const created = await repo.insertRequest(tx, {
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
      const requestId = created.id;
      const signers = await repo.insertSigners(tx, signerRowsOf(actor.appId, requestId, data));
      const written = await insertDocuments(
        tx,
        platform,
        actor.appId,
        requestId,
        documents,
        keys,
        documents.map((d) => d.data.length),
      );
      if (opts.provenance) await appendEvent(tx, { appId: actor.appId, requestId, type: 'created_from', data: { ...opts.provenance }, at: now });
      await opts.within?.(tx, requestId);
      await audit(tx, {
        appId: actor.appId,
        actorUserId: actor.realUserId,
        action: 'signature.created',
        targetType: 'signature_request',
        targetId: requestId,
        ...(opts.provenance ? { data: { ...opts.provenance } } : {}),
        ip: actor.ip,
      });
      await emitRequestEvent(
        tx,
        platform,
        created,
        'signature.created',
        { signerCount: data.transactionSigners.length, documentCount: documents.length },
        actor.realUserId,
      );
      // Sent from what this transaction just wrote: no lock (no other transaction sees the request before the commit)
      // and no second read of the request, its signers, documents and tenant (loadContext would read them).
      const sent = data.transactionRequest.send
        ? await sendRequest(tx, platform, { application, request: created, signers, documents: written }, actor.realUserId)
        : undefined;
      const warnings = sent ? [] : await sealingWarnings(tx, application, data.optionsRequest, now);
      return { view: freshView(sent ?? { request: created, signers }, written, documents), links: sent?.links ?? [], warnings };
    });
  } catch (error) {
    await discard(platform, keys);
    throw error;
  }
}

/**
 * PUT /api/transactions/:id: send, cancel (the request, or one signer), relaunch (with who was reminded or
 * skipped), retryCompletion (a request whose finalisation failed: completion-state.ts).
 */
export async function actOnSignatureRequest(
  opts: Options & { id: string; action: SignatureActionInput['action']; signerId?: string },
): Promise<{ view: RequestView; links: SigningLink[]; relaunch?: RelaunchSummary }> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const visible = await findVisible(tx, actor, opts.id);
    const ctx = await loadContext(tx, actor.appId, visible.id);
    let links: SigningLink[] = [];
    let relaunch: RelaunchSummary | undefined;
    if (opts.action === 'send') links = (await sendRequest(tx, platform, ctx, actor.realUserId)).links;
    else if (opts.action === 'cancel' && opts.signerId) await cancelSigner(tx, platform, ctx, opts.signerId, actor.realUserId);
    else if (opts.action === 'cancel') await cancelRequest(tx, platform, ctx, actor.realUserId);
    else if (opts.action === 'retryCompletion') await retryCompletion(tx, platform, ctx, actor.realUserId);
    else relaunch = await relaunchRequest(tx, platform, ctx, actor.realUserId);
    return { view: await viewOf(tx, platform, actor.appId, visible.id), links, ...(relaunch ? { relaunch } : {}) };
  });
}

export async function deleteSignatureRequest(opts: Options & { id: string }) {
  const { platform, actor } = opts;
  const keys = await platform.database.inTenant(actor.appId, async (tx) => {
    const ctx = await loadContext(tx, actor.appId, (await findVisible(tx, actor, opts.id)).id);
    assertAction(ctx.request, 'delete');
    const documents = await repo.documentsOf(tx, actor.appId, [ctx.request.id]);
    const versionKeys = await versionKeysOf(
      tx,
      actor.appId,
      documents.map((d) => d.id),
    );
    await repo.deleteRequest(tx, actor.appId, ctx.request.id);
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'signature.deleted',
      targetType: 'signature_request',
      targetId: ctx.request.id,
      data: { label: ctx.request.label },
      ip: actor.ip,
    });
    await emitRequestEvent(tx, platform, ctx.request, 'signature.deleted', {}, actor.realUserId);
    // A campaign copy's originals are the campaign's files, shared by every copy: the storage sweep removes them
    // once no row references them.
    const originals = ctx.request.source !== 'single' ? [] : documents.map((d) => d.storageKey);
    return [...originals, ...versionKeys, ...[ctx.request.archiveKey, ctx.request.attestationKey].filter((k): k is string => !!k)];
  });
  // Files go once the rows are gone for good.
  await discard(platform, keys);
}

/** A participant the sender chose (not a delegate, who took someone's place only for that request). */
export const chosenBySender = (signer: Pick<repo.SignerRow, 'delegatedFromSignerId'>) => signer.delegatedFromSignerId === null;

/** A new draft with the same signers, documents (files copied), fields and options, owned by the caller. */
export async function duplicateSignatureRequest(opts: Options & { id: string }): Promise<RequestView> {
  const { platform, actor } = opts;
  const source = await getSignatureRequest(opts);
  assertAction(source.row, 'duplicate');
  const copies: { doc: repo.DocumentWithFields; data: Uint8Array; inspection: PreparedDocument['inspection'] }[] = [];
  // The SEPA mandate is rendered again when the copy is sent: only the uploaded documents are copied.
  for (const doc of source.documents!.filter((d) => d.position !== mandateDocumentPosition)) {
    const data = await platform.storage.get(doc.storageKey);
    // Checked again (it was when uploaded): the copy gets its own record of active content.
    copies.push({ doc, data, inspection: await inspectPdf(platform.workers, data, doc.fileName) });
  }
  const keys = await storeFiles(
    platform,
    actor.appId,
    copies.map((c) => c.data),
  );
  try {
    return await platform.database.inTenant(actor.appId, async (tx) => {
      const application = await getApplication(tx, actor.appId);
      const now = platform.clock();
      const { row } = source;
      const created = await repo.insertRequest(tx, {
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
      const requestId = created.id;
      await repo.insertSigners(
        tx,
        // The participants the sender chose: a delegate took someone's place only for that request.
        source.signers.filter(chosenBySender).map(({ id: _id, requestId: _r, createdAt: _c, ...s }) => ({
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
          delegatedToSignerId: null,
          delegationReason: null,
          delegatedAt: null,
          delegationIp: null,
          delegatedFromSignerId: null,
        })),
      );
      const docs = copies.map(({ doc, inspection }) => ({ ...doc, signatureFields: doc.fields.map(presentField), inspection }));
      await insertDocuments(
        tx,
        platform,
        actor.appId,
        requestId,
        docs,
        keys,
        copies.map((c) => c.data.length),
      );
      await audit(tx, {
        appId: actor.appId,
        actorUserId: actor.realUserId,
        action: 'signature.duplicated',
        targetType: 'signature_request',
        targetId: requestId,
        data: { from: row.id },
        ip: actor.ip,
      });
      await emitRequestEvent(
        tx,
        platform,
        created,
        'signature.created',
        { signerCount: source.signers.length, documentCount: copies.length },
        actor.realUserId,
      );
      return viewOf(tx, platform, actor.appId, requestId);
    });
  } catch (error) {
    await discard(platform, keys);
    throw error;
  }
}

export async function listDocuments(
  opts: Options & { id: string },
): Promise<{ documents: repo.DocumentWithFields[]; activeContent: Map<string, DocumentActiveContent> }> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const id = (await findVisible(tx, actor, opts.id)).id;
    return { documents: await repo.documentsOf(tx, actor.appId, [id]), activeContent: await checkedActiveContent(tx, actor.appId, [id]) };
  });
}

/** A document to download: its latest signed version once there is one (then the completed B-LTA file), else the original. */
export async function documentFile(opts: Options & { id: string; documentId: string }): Promise<{ fileName: string; storageKey: string; sizeBytes: number }> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const request = await findVisible(tx, actor, opts.id);
    const doc = (await repo.documentsOf(tx, actor.appId, [request.id])).find((d) => d.id === opts.documentId);
    if (!doc) throw notFound('Document');
    assertNotPurged(request.documentsPurgedAt);
    const version = (await currentVersions(tx, actor.appId, [doc.id])).get(doc.id);
    const file = version && version.kind !== 'prepared' ? version : doc;
    return { fileName: doc.fileName, storageKey: file.storageKey, sizeBytes: file.sizeBytes };
  });
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
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'signature.document_deleted',
      targetType: 'signature_request',
      targetId: ctx.request.id,
      data: { documentId: doc.id },
      ip: actor.ip,
    });
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

/**
 * The signed documents as one zip: the stored archive when it is up to date, else the entries to stream at once
 * (so a completed request downloads without anyone regenerating an archive first).
 */
export async function findArchive(opts: Options & { id: string }): Promise<{ label: string } & ({ key: string } | { entries: ZipEntry[] })> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const row = await findVisible(tx, actor, opts.id);
    assertNotPurged(row.documentsPurgedAt);
    if (storedArchiveIsCurrent(row)) return { key: row.archiveKey!, label: row.label };
    assertAction(row, 'download');
    return { entries: await archiveEntries(tx, row), label: row.label };
  });
}
