import { stampSignerIndex, type FieldError, type SignatureOptions } from '@paraphe/contracts';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { requireSealingAccount, sealForRequest, type RequestSeal } from '../stamps/index.ts';
import { appendEvent } from './evidence.ts';
import type { DocumentWithFields, RequestRow } from './repository.ts';
import * as repo from './repository.ts';
import { sealedVersionOfCampaign } from './repository.ts';
import type { NewVersionRow, PreparedFieldRow } from './schema.ts';
import { eventsOf } from './evidence.ts';
import { currentVersions, insertVersion, prepareForSigning, preparedEvidence, sha256Hex } from './versions.ts';

/**
 * Options.stampBeforeSigning (spec §3, "stamp documents before signing"; docs/signatures.md): each document to sign
 * is prepared (its fields, the test watermark) and sealed by the tenant's stamp account (Options.stampAccount, else
 * the default) once the request is sent and before its first participant is invited. The sealed file is version 1,
 * kind `sealed`, what every signer signs on; the seal certifies the document (DocMDP P=2), so the signatures that
 * follow are allowed changes. The stamp fields (signerIndex -1) are filled by this seal, not at completion.
 *
 * The PDF work runs outside any transaction (the trust services and the stamps domain open their own), between the
 * send job's two transactions (workflow.ts runSendJob), and for a campaign once for all its copies (bulk.ts).
 */

/** The checks of a send with the option on (feature stamp, account, default, expiry), in the caller's transaction. */
export async function assertSealable(
  tx: Tx,
  application: Parameters<typeof requireSealingAccount>[1],
  options: Pick<SignatureOptions, 'stampBeforeSigning' | 'stampAccount'>,
  now: Date,
) {
  if (options.stampBeforeSigning) await requireSealingAccount(tx, application, options.stampAccount, now);
}

/**
 * A draft saved with the option on: what its send would refuse about the stamp account, as field warnings (the draft is
 * saved all the same; the send refuses with the same message).
 */
export async function sealingWarnings(
  tx: Tx,
  application: Parameters<typeof requireSealingAccount>[1],
  options: Pick<SignatureOptions, 'stampBeforeSigning' | 'stampAccount'>,
  now: Date,
): Promise<FieldError[]> {
  try {
    await assertSealable(tx, application, options, now);
    return [];
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return [{ field: 'optionsRequest.stampAccount', rule: 'stamp_account', message: error.message }];
  }
}

const toSign = (documents: DocumentWithFields[]) => documents.filter((d) => d.documentType !== 'pdf-for-presentation');

/** Whether a request being sent still has documents to seal before its first invitation. */
export async function needsSealing(tx: Executor, request: RequestRow): Promise<boolean> {
  if (!request.options.stampBeforeSigning) return false;
  const documents = toSign(await repo.documentsOf(tx, request.appId, [request.id]));
  const current = await currentVersions(
    tx,
    request.appId,
    documents.map((d) => d.id),
  );
  return documents.some((d) => !current.has(d.id));
}

interface SealedDocument {
  seal: Pick<RequestSeal, 'storageKey' | 'sha256' | 'sizeBytes'> & { account: { label: string; subject: string } };
  fields: PreparedFieldRow[];
}

/** Prepares and seals one document (outside any transaction); the preparation's evidence data comes with it. */
async function prepareAndSeal(
  platform: Platform,
  request: Pick<RequestRow, 'id' | 'appId' | 'testMode' | 'ownerUserId' | 'options'>,
  doc: DocumentWithFields,
  source: { requestId: string } | { campaignId: string } | { operationId: string } = { requestId: request.id },
) {
  const { prepared, fields } = await prepareForSigning(platform, request, doc, request.options.language);
  const seal = await sealForRequest(platform, {
    appId: request.appId,
    source,
    ownerUserId: request.ownerUserId,
    accountId: request.options.stampAccount,
    fileName: doc.fileName,
    pdf: prepared.pdf,
    stampFields: fields.filter((f) => f.signerIndex === stampSignerIndex).map((f) => f.name),
  });
  return { seal, fields, preparedEvidence: preparedEvidence(doc, sha256Hex(prepared.pdf), prepared) };
}

/** Records a sealed version 1 and its evidence (`document_prepared`, then `sealed_before_signing`). */
async function recordSealedVersion(
  tx: Tx,
  platform: Platform,
  request: Pick<RequestRow, 'id' | 'appId'>,
  doc: DocumentWithFields,
  sealed: SealedDocument,
  prepared?: Record<string, unknown>,
) {
  const at = platform.clock();
  await insertVersion(tx, null, { appId: request.appId, id: doc.id }, 'sealed', sealed.seal, { fields: sealed.fields });
  if (prepared) await appendEvent(tx, { appId: request.appId, requestId: request.id, type: 'document_prepared', data: prepared, at });
  await appendEvent(tx, { appId: request.appId, requestId: request.id, type: 'sealed_before_signing', data: sealEvidence(doc, sealed), at });
}

/** The evidence of a seal before signing: the document, the sealed file's SHA-256, the account as it was. */
const sealEvidence = (doc: { id: string; fileName: string }, sealed: SealedDocument) => ({
  documentId: doc.id,
  fileName: doc.fileName,
  sha256: sealed.seal.sha256,
  accountLabel: sealed.seal.account.label,
  certificate: sealed.seal.account.subject,
});

/**
 * The send job's sealing step for one request: reads what is left to seal, seals it outside any transaction, then
 * records the versions under the request lock (a document another run sealed meanwhile keeps that run's version).
 * Returns once every document to sign has a sealed version; the caller then invites.
 */
export async function sealRequestDocuments(platform: Platform, appId: string, requestId: string): Promise<void> {
  const pending = await platform.database.inTenant(appId, async (tx) => {
    const request = await repo.findRequest(tx, { appId }, requestId);
    if (!request || request.status !== 'pending') return null;
    const documents = toSign(await repo.documentsOf(tx, appId, [requestId]));
    const current = await currentVersions(
      tx,
      appId,
      documents.map((d) => d.id),
    );
    return { request, documents: documents.filter((d) => !current.has(d.id)) };
  });
  if (!pending?.documents.length) return;
  const sealed = new Map<string, Awaited<ReturnType<typeof prepareAndSeal>>>();
  for (const doc of pending.documents) sealed.set(doc.id, await prepareAndSeal(platform, pending.request, doc));
  await platform.database.inTenant(appId, async (tx) => {
    const request = await repo.lockRequest(tx, appId, requestId);
    if (request?.status !== 'pending') return;
    const current = await currentVersions(
      tx,
      appId,
      pending.documents.map((d) => d.id),
    );
    for (const doc of pending.documents) {
      const done = sealed.get(doc.id)!;
      if (!current.has(doc.id)) await recordSealedVersion(tx, platform, request, doc, done, done.preparedEvidence);
    }
  });
}

// ------------------------------------------------------------------ campaigns: the shared documents, sealed once

/** A campaign document sealed once, by the storage key of its original (shared by every copy). */
export type SharedSeals = ReadonlyMap<string, SealedDocument>;

/** The sealed version a copy of this campaign already has for the document stored at `originalKey`, if any. */
async function sealedOfCampaign(db: Executor, appId: string, campaignId: string, originalKey: string): Promise<SealedDocument | null> {
  const row = await sealedVersionOfCampaign(db, appId, campaignId, originalKey);
  if (!row) return null;
  // The account as that copy's evidence recorded it (it may have been renamed or deleted since).
  const evidence = (await eventsOf(db, appId, row.requestId)).find((e) => e.type === 'sealed_before_signing' && e.data.documentId === row.documentId)?.data;
  const account = { label: String(evidence?.accountLabel ?? ''), subject: String(evidence?.certificate ?? '') };
  return { seal: { storageKey: row.storageKey, sha256: row.sha256, sizeBytes: row.sizeBytes, account }, fields: row.fields };
}

export interface SharedDocument {
  title: string;
  documentType: DocumentWithFields['documentType'];
  fileName: string;
  storageKey: string;
  fields: { page: number; name: string; x: number; y: number; width: number; height: number; signerIndex?: number }[];
}

/**
 * Seals a campaign's shared documents ONCE (outside any transaction; before a dispatch chunk): a document already
 * sealed for one of its copies is reused, so every copy references the same sealed file. The copies' language and
 * test mode are the campaign's, so the prepared file is the same for all of them.
 */
export async function sealSharedDocuments(
  platform: Platform,
  input: { appId: string; campaignId: string; ownerUserId: string | null; testMode: boolean; options: SignatureOptions; documents: readonly SharedDocument[] },
): Promise<SharedSeals> {
  if (!input.options.stampBeforeSigning) return new Map();
  const found = await platform.database.inTenant(input.appId, async (tx) => {
    const known = new Map<string, SealedDocument>();
    for (const doc of input.documents) {
      const sealed = await sealedOfCampaign(tx, input.appId, input.campaignId, doc.storageKey);
      if (sealed) known.set(doc.storageKey, sealed);
    }
    return known;
  });
  // The document as a copy stores it (its fields are the signer's, signerIndex 0): prepared as ensurePrepared would.
  const asCopies = input.documents.map((doc) => ({ ...doc, fields: doc.fields.map((f) => ({ ...f, signerIndex: 0 })) }));
  return sealDocuments(platform, { ...input, id: input.campaignId, source: { campaignId: input.campaignId } }, asCopies, found);
}

/**
 * Seals ONE order's documents of an operation (outside any transaction; before the dispatch chunk that creates the
 * order's request): each order places its own signers on its own fields, so nothing is shared between orders.
 */
export function sealCopyDocuments(
  platform: Platform,
  input: { appId: string; operationId: string; ownerUserId: string | null; testMode: boolean; options: SignatureOptions; documents: readonly SharedDocument[] },
): Promise<SharedSeals> {
  if (!input.options.stampBeforeSigning) return Promise.resolve(new Map());
  return sealDocuments(platform, { ...input, id: input.operationId, source: { operationId: input.operationId } }, input.documents, new Map());
}

/** Seals each document to sign not already in `known` (by the storage key of its original). */
async function sealDocuments(
  platform: Platform,
  owner: Pick<RequestRow, 'id' | 'appId' | 'testMode' | 'ownerUserId' | 'options'> & { source: Parameters<typeof prepareAndSeal>[3] },
  documents: readonly SharedDocument[],
  known: ReadonlyMap<string, SealedDocument>,
): Promise<SharedSeals> {
  const seals = new Map(known);
  for (const doc of documents) {
    if (doc.documentType === 'pdf-for-presentation' || seals.has(doc.storageKey)) continue;
    const asDocument = {
      id: doc.storageKey,
      fileName: doc.fileName,
      title: doc.title,
      storageKey: doc.storageKey,
      documentType: doc.documentType,
      fields: doc.fields,
    };
    const { seal, fields } = await prepareAndSeal(platform, owner, asDocument as DocumentWithFields, owner.source);
    seals.set(doc.storageKey, { seal, fields });
  }
  return seals;
}

/**
 * For createSentRequests (its multi-row inserts): a copy document's sealed version 1, referencing the one sealed
 * file, and the evidence data of its seal; null for a document not sealed (presentation, a mail-merge document).
 */
export function sharedSealOf(seals: SharedSeals, appId: string, doc: { id: string; fileName: string; storageKey: string }) {
  const sealed = seals.get(doc.storageKey);
  if (!sealed) return null;
  const { storageKey, sha256, sizeBytes } = sealed.seal;
  const version: NewVersionRow = {
    appId,
    documentId: doc.id,
    version: 1,
    kind: 'sealed',
    signerId: null,
    storageKey,
    sha256,
    sizeBytes,
    fields: sealed.fields,
  };
  return { version, evidence: sealEvidence(doc, sealed) };
}
