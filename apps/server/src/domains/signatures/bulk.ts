import { randomUUID } from 'node:crypto';
import {
  type CertificationLevel,
  type ContactChannel,
  type DomainEventInput,
  type SignatureOptions,
  type SignatureStatus,
  type SignerRole,
} from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { pacingWindowMs, windowAllowance } from '../../platform/dispatch/index.ts';
import { currentStep } from './chain.ts';
import { getApplication, type ApplicationView } from '../tenants/index.ts';
import { displayNamesOf } from '../users/index.ts';
import { eventHash } from './evidence.ts';
import { requestFacts, signerFacts } from './facts.ts';
import { invitationBatchMessage } from './messages.ts';
import { addDays, nextReminderAt } from './reminders.ts';
import type { RequestRow, SignerRow } from './repository.ts';
import * as repo from './repository.ts';
import { completedRequestIds, countBulkSentSince, insertBulkRows, lockBulkDispatch, type BulkRows } from './repository.ts';
import type { NewVersionRow, RequestSource } from './schema.ts';
import { currentVersions } from './versions.ts';
import { assertSealable, sharedSealOf, type SharedSeals } from './sealing.ts';
import { assertBillingAllowsSending, assertLevelAndOptions, cancelRequest, findContext, relaunchRequest } from './workflow.ts';

/**
 * Many requests at once, for a campaign (one signer per copy, the campaign's documents) or an operation (each order
 * its own signers and its own document): what `createSignatureRequest` + a send + the send job write for one
 * request (request `ready`, its first step's signers invited, the `invited` evidence, the events created / sent /
 * signer_invited, the invitation in the outbox with its delivery job), written with multi-row inserts in the
 * CALLER's transaction: the copies and their invitations commit together, or not at all. The documents reference
 * files already stored (the campaign's or operation's, stored once): no byte is copied.
 */

export interface BulkDocument {
  title: string;
  /** classic (default) or publi (a mail-merge document filled for this signer). */
  fileType?: 'classic' | 'publi';
  documentType: 'pdf' | 'pdf-for-presentation' | 'pdf-optional';
  fileName: string;
  checkBoxTexts: string[];
  storageKey: string;
  sha256: string;
  pageCount: number;
  sizeBytes: number;
  /** The signers' fields; `signerIndex` defaults to 0 (a campaign's signatory). */
  fields: { page: number; name: string; x: number; y: number; width: number; height: number; signerIndex?: number }[];
}

export interface BulkSigner {
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  language: string;
  /** signer (default), validator or observer. */
  role?: SignerRole;
  /** Parallel signing (an operation's order): signers sharing a step are invited together; null = their own. */
  step?: number | null;
  /** The CRM contact id (a campaign signatory's): the HubSpot write-back notes the copy on that contact. */
  connectorIdc?: string | null;
}

/** A campaign's copy: one signer, the shared documents (after their own, for mail-merge). */
export interface BulkRecipient extends BulkSigner {
  /** This recipient's own documents (a filled mail-merge PDF), before the shared ones. */
  ownDocuments?: readonly BulkDocument[];
}

/** An operation's order: several signers (signerIndex = position) and its own documents. */
export interface BulkCopy {
  signers: readonly BulkSigner[];
  documents: readonly BulkDocument[];
  /** Options.stampBeforeSigning for an operation's order: its own documents sealed (sealCopyDocuments, before the transaction). */
  sealed?: SharedSeals;
}

export interface BulkRequestsInput {
  appId: string;
  ownerUserId: string | null;
  source: { kind: Exclude<RequestSource, 'single'>; id: string };
  label: string;
  description: string | null;
  level: CertificationLevel;
  options: SignatureOptions;
  /** Campaigns: the documents every recipient gets. */
  documents?: readonly BulkDocument[];
  recipients?: readonly BulkRecipient[];
  /** Operations: each copy with its own signers and documents. */
  copies?: readonly BulkCopy[];
  /** Options.stampBeforeSigning: the shared documents sealed once (sealSharedDocuments, before the transaction). */
  sealed?: SharedSeals;
}

export interface BulkCreated {
  requestId: string;
  /** The signer invited first (the only one of a campaign's copy). */
  signerId: string;
}

type EvidenceRow = BulkRows['evidence'][number];
/** Appends an evidence row to `rows`, chained to the request's previous one there (seq, prevHash, hash). */
function chainEvidence(rows: EvidenceRow[], event: Omit<EvidenceRow, 'seq' | 'prevHash' | 'hash'>) {
  const previous = rows.findLast((r) => r.requestId === event.requestId);
  const row = { ...event, seq: previous ? previous.seq + 1 : 0, prevHash: previous?.hash ?? '0'.repeat(64) };
  rows.push({ ...row, hash: eventHash(row as Parameters<typeof eventHash>[0]) });
}

/** What blocks sending copies for this tenant (the checks of a single send): level, options, billing. */
export async function assertBulkSendable(tx: Tx, application: ApplicationView, level: CertificationLevel, options: SignatureOptions, now: Date) {
  assertLevelAndOptions(application, level, options);
  // Copies go to signatories outside the tenant: none can hold a qualified certificate of it (docs/qualified.md).
  if (level === 3)
    throw new AppError(
      'QUALIFIED_CERTIFICATE_REQUIRED',
      'Campaigns cannot be sent at level 3: a qualified signature needs each signer to hold a qualified certificate.',
    );
  await assertBillingAllowsSending(tx, application);
  await assertSealable(tx, application, options, now);
}

/**
 * The tenant's pacing budget, shared by every bulk source (campaigns and operations, every worker): takes the
 * tenant's dispatch lock for the rest of the transaction, counts the bulk requests it sent in the window, and
 * answers how many more this chunk may create (0 or less: wait).
 */
export async function dispatchAllowance(tx: Tx, platform: Platform, appId: string): Promise<number> {
  await lockBulkDispatch(tx, appId);
  const recent = await countBulkSentSince(tx, appId, new Date(platform.clock().getTime() - pacingWindowMs));
  return windowAllowance(platform.config, recent);
}

/** A copy's channel: the option "contact first signer by" (SMS needs a mobile), e-mail otherwise. */
const channelOf = (options: SignatureOptions, signer: BulkSigner): ContactChannel => (options.contactFirstSignerBy === 'sms' && signer.phone ? 'sms' : 'email');

const copiesOf = (input: BulkRequestsInput): { copy: BulkCopy; mailMerge: boolean }[] =>
  input.copies
    ? input.copies.map((copy) => ({ copy, mailMerge: false }))
    : (input.recipients ?? []).map((r) => ({
        copy: { signers: [r], documents: r.ownDocuments?.length ? [...r.ownDocuments, ...(input.documents ?? [])] : (input.documents ?? []) },
        mailMerge: Boolean(r.ownDocuments?.some((d) => d.fileType === 'publi')),
      }));

export async function createSentRequests(tx: Tx, platform: Platform, input: BulkRequestsInput): Promise<BulkCreated[]> {
  const copies = copiesOf(input);
  if (!copies.length) return [];
  const { appId } = input;
  const application = await getApplication(tx, appId);
  const now = platform.clock();
  await assertBulkSendable(tx, application, input.level, input.options, now);
  if (input.options.stampBeforeSigning && !input.sealed && copies.some(({ copy }) => !copy.sealed))
    throw new Error('createSentRequests: seal the documents first (sealSharedDocuments, sealCopyDocuments)');
  const expiresAt = addDays(now, input.options.expiryDays ?? application.settings.signatureExpiryDays);
  const remindersOn = application.features.reminders;
  const ownerName = input.ownerUserId ? ((await displayNamesOf(tx, [input.ownerUserId])).get(input.ownerUserId) ?? null) : null;

  const requestRows: BulkRows['requests'] = [];
  const signerRows: SignerRow[] = [];
  const documentRows: BulkRows['documents'] = [];
  const fieldRows: BulkRows['fields'] = [];
  const versionRows: NewVersionRow[] = [];
  const evidenceRows: EvidenceRow[] = [];
  const events: DomainEventInput[] = [];
  const invitations: { request: (typeof requestRows)[number]; signers: SignerRow[]; invited: SignerRow; channel: ContactChannel }[] = [];
  const created: BulkCreated[] = [];

  for (const { copy, mailMerge } of copies) {
    const requestId = randomUUID();
    requestRows.push({
      id: requestId,
      appId,
      ownerUserId: input.ownerUserId,
      label: input.label,
      description: input.description,
      status: 'ready',
      level: input.level,
      testMode: application.testMode,
      options: input.options,
      // Bulk copies are not in the request list: no search text (the trigger fills single requests only).
      searchText: '',
      sentAt: now,
      expiresAt,
      completedAt: null,
      canceledAt: null,
      archiveKey: null,
      archiveGeneratedAt: null,
      attestationKey: null,
      completionFailure: null,
      documentsPurgedAt: null,
      signerDataPurgedAt: null,
      evidencePurgedAt: null,
      source: input.source.kind,
      sourceId: input.source.id,
      createdAt: now,
      updatedAt: now,
    });
    // Chaining by e-mail: the first step's participants (several when they share a step) are invited now, the others
    // wait for their turn.
    const members: SignerRow[] = copy.signers.map((s, signerIndex) => ({
      id: randomUUID(),
      appId,
      requestId,
      firstname: s.firstname,
      lastname: s.lastname,
      email: s.email,
      phone: s.phone,
      language: s.language,
      role: s.role ?? 'signer',
      coSigner: false,
      connectorIdc: s.connectorIdc ?? null,
      signerIndex,
      step: (s.role ?? 'signer') === 'observer' ? null : (s.step ?? null),
      invitationMessage: null,
      refusalComment: null,
      status: 'waiting',
      actionAt: null,
      invitedAt: null,
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
      createdAt: now,
    }));
    const step = currentStep(members, false);
    const first = step[0];
    if (!first) throw new AppError('VALIDATION_FAILED', 'A copy needs at least one signer or validator.');
    for (const member of step)
      Object.assign(member, {
        status: 'ready',
        invitedAt: now,
        nextMailReminderAt: remindersOn ? nextReminderAt(now, 0, input.options.reminders.mail) : null,
        nextSmsReminderAt: remindersOn && application.features.sms && member.phone ? nextReminderAt(now, 0, input.options.reminders.sms) : null,
      } satisfies Partial<SignerRow>);
    signerRows.push(...members);
    for (const [position, doc] of copy.documents.entries()) {
      const documentId = randomUUID();
      documentRows.push({
        id: documentId,
        appId,
        requestId,
        position,
        title: doc.title,
        documentType: doc.documentType,
        fileType: doc.fileType ?? 'classic',
        fileName: doc.fileName,
        checkBoxTexts: doc.checkBoxTexts,
        storageKey: doc.storageKey,
        sha256: doc.sha256,
        pageCount: doc.pageCount,
        sizeBytes: doc.sizeBytes,
        createdAt: now,
      });
      for (const { signerIndex, ...f } of doc.fields) fieldRows.push({ appId, documentId, signerIndex: signerIndex ?? 0, ...f });
      const seals = copy.sealed ?? input.sealed;
      const sealed = seals && sharedSealOf(seals, appId, { id: documentId, fileName: doc.fileName, storageKey: doc.storageKey });
      if (sealed) {
        versionRows.push(sealed.version);
        chainEvidence(evidenceRows, {
          appId,
          requestId,
          signerId: null,
          type: 'sealed_before_signing',
          data: sealed.evidence,
          ip: null,
          userAgent: null,
          createdAt: now,
        });
      }
    }
    for (const member of step)
      chainEvidence(evidenceRows, {
        appId,
        requestId,
        signerId: member.id,
        type: 'invited',
        data: { channel: channelOf(input.options, member) },
        ip: null,
        userAgent: null,
        createdAt: now,
      });
    const request = { ...requestRows.at(-1)!, ownerName } satisfies RequestRow;
    const facts = requestFacts(request);
    events.push(
      { type: 'signature.created', appId, actorUserId: null, data: { ...facts, signerCount: members.length, documentCount: copy.documents.length } },
      { type: 'signature.sent', appId, actorUserId: null, data: { ...facts, signerCount: members.length, ...(mailMerge ? { mailMerge: true } : {}) } },
      ...step.map((member): DomainEventInput => ({
        type: 'signature.signer_invited',
        appId,
        actorUserId: null,
        data: { ...signerFacts(request, member), channel: channelOf(input.options, member) },
      })),
    );
    for (const member of step) invitations.push({ request: requestRows.at(-1)!, signers: members, invited: member, channel: channelOf(input.options, member) });
    created.push({ requestId, signerId: first.id });
  }

  await insertBulkRows(tx, {
    requests: requestRows,
    signers: signerRows,
    documents: documentRows,
    fields: fieldRows,
    versions: versionRows,
    evidence: evidenceRows,
  });
  await platform.events.emitMany(tx, events);
  // The invitations, as a send job writes them (outbox rows + delivery jobs, in this transaction), in one batch.
  await platform.messaging.queueBatch(
    tx,
    invitations.map((i) => invitationBatchMessage(platform, { application, request: { ...i.request, ownerName }, signers: i.signers }, i.invited, i.channel)),
  );
  return created;
}

/** Statuses in which a copy can still be cancelled or reminded. */
const openStatuses: readonly SignatureStatus[] = ['pending', 'ready', 'wait_cosigner'];

/**
 * Cancels copies as their requester would (status canceled, the cancellation mails by the cancel job), each under its
 * row lock; a copy already finished is left as it is. Returns how many were cancelled.
 */
export async function cancelRequests(tx: Tx, platform: Platform, appId: string, requestIds: readonly string[], actorUserId: string): Promise<number> {
  let canceled = 0;
  for (const id of requestIds) {
    const ctx = await findContext(tx, appId, id);
    if (!ctx || !openStatuses.includes(ctx.request.status)) continue;
    await cancelRequest(tx, platform, ctx, actorUserId);
    canceled++;
  }
  return canceled;
}

/** Reminds the signers of open copies now (relaunch: cool-down per signer); returns how many copies got a reminder. */
export async function relaunchRequests(tx: Tx, platform: Platform, appId: string, requestIds: readonly string[], actorUserId: string): Promise<number> {
  let reminded = 0;
  for (const id of requestIds) {
    const ctx = await findContext(tx, appId, id);
    if (!ctx || !['ready', 'wait_cosigner'].includes(ctx.request.status)) continue;
    try {
      const summary = await relaunchRequest(tx, platform, ctx, actorUserId);
      if (summary.reminded.length) reminded++;
    } catch (error) {
      // Reminded too recently, or nobody waiting: nothing to do for this copy.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return reminded;
}

/** The signed files of completed copies (the completed B-LTA version of each document), for an archive. */
export async function completedFiles(
  tx: Tx,
  appId: string,
  requestIds: readonly string[],
): Promise<{ requestId: string; fileName: string; storageKey: string }[]> {
  if (!requestIds.length) return [];
  const documents = await repo.documentsOf(tx, appId, await completedRequestIds(tx, appId, requestIds));
  const versions = await currentVersions(
    tx,
    appId,
    documents.map((d) => d.id),
  );
  return documents.flatMap((d) => {
    const version = versions.get(d.id);
    return version && version.kind !== 'prepared' ? [{ requestId: d.requestId, fileName: d.fileName, storageKey: version.storageKey }] : [];
  });
}
