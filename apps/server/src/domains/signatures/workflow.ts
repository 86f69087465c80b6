import {
  finalSignerStatuses,
  invalidTransitionMessage,
  invitedSignerStatuses,
  isActionAllowed,
  notYetInvitedSignerStatuses,
  relaunchCooldownMinutes,
  sendReadinessProblems,
  signerDisplayName,
  type ContactChannel,
  type RelaunchSummary,
  type SignatureAction,
  type SigningLink,
} from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { isBillingComplete } from '../billing/index.ts';
import { signersWithoutQualifiedCertificate } from '../certificates/index.ts';
import { getApplication } from '../tenants/index.ts';
import { actingSequence, currentStep, stepOf, waitingStatus } from './chain.ts';
import { appendEvent } from './evidence.ts';
import { emitRequestEvent, emitSignerEvent } from './facts.ts';
import { signingLink } from './links.ts';
import { sendCancelNotice, sendInvitation, sendReminder, sendStartNotice, type RequestContext } from './messages.ts';
import { addDays, nextReminderAt } from './reminders.ts';
import * as repo from './repository.ts';
import { hasSignedVersions } from './versions.ts';
import { recordMandateSigned, reserveSepaMandate, runSepaPreprocessing } from './sepa.ts';
import { assertSealable, needsSealing, sealRequestDocuments } from './sealing.ts';

/**
 * The signature state machine at work: send, chain, cancel, finish. Every function runs in the caller's
 * transaction and emits the domain events of what it changed (facts.ts); a signed request is finalised by the
 * signing domain, which subscribes to `signature.signed`.
 */

export const sendQueue = 'signature-send';
export const cancelQueue = 'signature-cancel';
export interface RequestJob {
  appId: string;
  requestId: string;
}

export function assertAction(request: Pick<repo.RequestRow, 'status'>, action: SignatureAction) {
  if (!isActionAllowed(request.status, action)) throw new AppError('INVALID_TRANSITION', invalidTransitionMessage(action, request.status));
}

/** The request (locked for the transaction), its signers and its tenant; null when the request is gone. */
export async function findContext(tx: Tx, appId: string, requestId: string): Promise<RequestContext | null> {
  const request = await repo.lockRequest(tx, appId, requestId);
  if (!request) return null;
  const application = await getApplication(tx, appId);
  return { application, request, signers: await repo.signersOf(tx, appId, [requestId]) };
}

export async function loadContext(tx: Tx, appId: string, requestId: string): Promise<RequestContext> {
  const ctx = await findContext(tx, appId, requestId);
  if (!ctx) throw notFound('Signature request');
  return ctx;
}

/** Everything that blocks a send (spec §5 save rules, features, billing). */
async function assertSendable(tx: Tx, ctx: RequestContext, now: Date) {
  const { application, request, signers } = ctx;
  const documents = ctx.documents ?? (await repo.documentsOf(tx, application.id, [request.id]));
  const problems = sendReadinessProblems({
    signers: signers.map((s) => ({ ...s, phoneNum: s.phone })),
    documents: documents.map((d) => ({ documentType: d.documentType, signatureFields: d.fields })),
    contactFirstSignerBy: request.options.contactFirstSignerBy,
  });
  if (problems.length) throw new AppError('VALIDATION_FAILED', 'The request cannot be sent yet.', { fields: problems });
  assertLevelAndOptions(application, request.level, request.options);
  await assertQualifiedSigners(tx, application.id, request.level, signers, now);
  await assertBillingAllowsSending(tx, application);
  await assertSealable(tx, application, request.options, now);
}

/**
 * Level 3 (docs/qualified.md): every participant who signs (role signer) holds an activated qualified certificate
 * of the tenant, unexpired with signatures left (matched by e-mail); else 403 naming who lacks one.
 */
export async function assertQualifiedSigners(tx: Tx, appId: string, level: number, signers: { role: string; email: string }[], now: Date) {
  if (level !== 3) return;
  const lacking = await signersWithoutQualifiedCertificate(
    tx,
    appId,
    signers.filter((s) => s.role === 'signer').map((s) => s.email),
    now,
  );
  if (lacking.length) {
    throw new AppError(
      'QUALIFIED_CERTIFICATE_REQUIRED',
      `A qualified signature needs every signer to hold an activated qualified certificate: ${lacking.join(', ')} ${lacking.length > 1 ? 'hold' : 'holds'} none usable.`,
      { details: { signers: lacking } },
    );
  }
}

/**
 * Live mode needs a complete billing profile (spec §5, docs/billing.md); test mode sends without one (no legal
 * value, never billed). The error's message says where to complete it.
 */
export async function assertBillingAllowsSending(tx: Tx, application: Pick<RequestContext['application'], 'id' | 'testMode'>) {
  if (!application.testMode && !(await isBillingComplete(tx, application.id))) throw new AppError('BILLING_REQUIRED');
}

/** Level and option rules that depend on the tenant, checked when saving and again when sending. */
export function assertLevelAndOptions(application: RequestContext['application'], level: number, options: repo.RequestRow['options']) {
  if (level === 3 && !application.features.level3)
    throw new AppError('FEATURE_DISABLED', 'Qualified signatures (level 3) are not enabled for your account. Please contact sales.');
  if (level === 2 && !application.features.level2)
    throw new AppError('FEATURE_DISABLED', 'Advanced signatures (level 2) are not enabled for your account. Please contact sales.');
  if (options.contactFirstSignerBy === 'sms' && !application.features.sms)
    throw new AppError('FEATURE_DISABLED', 'SMS is not enabled for your account. Please contact sales.');
  if (options.preprocessing) {
    if (!application.features.preprocessing) throw new AppError('FEATURE_DISABLED', 'Pre-processing is not enabled for your account. Please contact sales.');
    // "Account info completed": for now the company name and an owner; the billing issue adds the billing identity.
    if (!application.company.trim() || !application.ownerUserId) throw new AppError('ACCOUNT_INFO_REQUIRED');
  }
}

/** What a send returns: the links the requester gets (direct / face to face), the request and its signers as they are now. */
export interface SentRequest {
  links: SigningLink[];
  request: repo.RequestRow;
  signers: repo.SignerRow[];
}

/** Marks the request sent and queues the invitations. */
export async function sendRequest(tx: Tx, platform: Platform, ctx: RequestContext, actorUserId: string): Promise<SentRequest> {
  assertAction(ctx.request, 'send');
  const now = platform.clock();
  await assertSendable(tx, ctx, now);
  const expiresAt = addDays(now, ctx.request.options.expiryDays ?? ctx.application.settings.signatureExpiryDays);
  await reserveSepaMandate(tx, ctx);
  // With SEPA pre-processing the send job first renders the mandate (sepa.ts), then sends as usual.
  const status = ctx.request.options.preprocessing?.sepa ? 'preprocess' : 'pending';
  const sent = { status, sentAt: now, expiresAt, updatedAt: now } as const;
  await repo.updateRequestAndSignersInStatus(tx, ctx.application.id, ctx.request.id, sent, ['before'], { status: 'waiting' });
  await platform.jobs.enqueue(tx, sendQueue, { appId: ctx.application.id, requestId: ctx.request.id } satisfies RequestJob);
  await audit(tx, { appId: ctx.application.id, actorUserId, action: 'signature.sent', targetType: 'signature_request', targetId: ctx.request.id });
  await emitRequestEvent(tx, platform, ctx.request, 'signature.sent', { signerCount: ctx.signers.length }, actorUserId);

  const sequence = actingSequence(ctx.signers, ctx.request.options.coSignersSignFirst);
  const handedOver = ctx.request.options.chainingMode === 'faceToFace' ? sequence : ctx.request.options.chainingMode === 'direct' ? sequence.slice(0, 1) : [];
  const links = handedOver.map((s) => ({
    signerId: s.id,
    signerIndex: s.signerIndex,
    name: signerDisplayName(s),
    url: signingLink(platform, { appId: ctx.application.id, requestId: ctx.request.id, signerId: s.id, expiresAt }),
  }));
  // The rows as the statement above left them (ctx holds them as read or written in this transaction).
  return {
    links,
    request: { ...ctx.request, ...sent },
    signers: ctx.signers.map((s) => (s.status === 'before' ? { ...s, status: 'waiting' as const } : s)),
  };
}

/**
 * How the participant whose turn it is gets told: those of the first step by the option "contact first signer
 * by", the following ones by e-mail; nobody in face to face (they sign on the requester's device), and not the
 * very first one in direct mode (the requester got the link).
 */
export function channelFor(ctx: RequestContext, member: repo.SignerRow): ContactChannel | null {
  const { chainingMode, contactFirstSignerBy, coSignersSignFirst } = ctx.request.options;
  const first = actingSequence(ctx.signers, coSignersSignFirst)[0];
  if (chainingMode === 'faceToFace' || (chainingMode === 'direct' && first?.id === member.id)) return null;
  const inFirstStep = !!first && first.coSigner === member.coSigner && stepOf(first) === stepOf(member);
  return inFirstStep ? contactFirstSignerBy : 'email';
}

/** `channel`: how the invitation goes (the chain's rule by default; a delegate always gets theirs, delegation.ts). */
export async function invite(
  tx: Tx,
  platform: Platform,
  ctx: RequestContext,
  member: repo.SignerRow,
  now: Date,
  channel: ContactChannel | null = channelFor(ctx, member),
) {
  const { features } = ctx.application;
  const { reminders } = ctx.request.options;
  const remindersOn = features.reminders;
  const invited: repo.SignerRow = {
    ...member,
    status: 'ready',
    invitedAt: now,
    nextMailReminderAt: remindersOn ? nextReminderAt(now, 0, reminders.mail) : null,
    nextSmsReminderAt: remindersOn && features.sms && member.phone ? nextReminderAt(now, 0, reminders.sms) : null,
  };
  await repo.updateSigner(tx, ctx.application.id, member.id, {
    status: invited.status,
    invitedAt: now,
    nextMailReminderAt: invited.nextMailReminderAt,
    nextSmsReminderAt: invited.nextSmsReminderAt,
  });
  if (channel) await sendInvitation(tx, platform, ctx, invited, channel);
  await appendEvent(tx, {
    appId: ctx.application.id,
    requestId: ctx.request.id,
    signerId: member.id,
    type: 'invited',
    data: { channel: channel ?? 'link' },
    at: now,
  });
  await emitSignerEvent(tx, platform, ctx.request, member, 'signature.signer_invited', { channel: channel ?? 'link' });
}

/**
 * Brings the request to its next step: invites the participants whose turn it is (every one of a parallel step),
 * sets the waiting statuses and the request status (ready / wait_cosigner); when nobody is left to act, the request
 * is signed (or cancelled when nobody signed). Returns the status it gave the request.
 */
export async function advanceChain(
  tx: Tx,
  platform: Platform,
  ctx: RequestContext,
  now: Date,
  o: { signersAsRead?: boolean; signers?: repo.SignerRow[] } = {},
): Promise<repo.RequestRow['status']> {
  const appId = ctx.application.id;
  // `signersAsRead`: ctx's signers were read in this transaction and nothing changed them since (the send job);
  // `signers`: they are, with what the caller changed in this transaction applied (recordSignerOutcome). Any other
  // change of a signer's status takes the request's lock first, which this transaction holds.
  const signers = o.signers ?? (o.signersAsRead ? ctx.signers : await repo.signersOf(tx, appId, [ctx.request.id]));
  const step = currentStep(signers, ctx.request.options.coSignersSignFirst);
  const current = step[0];
  if (!current) {
    const anySigned = signers.some((s) => s.role !== 'observer' && s.status === 'signed');
    const status = anySigned ? 'signed' : 'canceled';
    await repo.updateRequest(tx, appId, ctx.request.id, {
      status,
      ...(anySigned ? {} : { canceledAt: now }),
      updatedAt: now,
    });
    await repo.updateSignersInStatus(tx, appId, ctx.request.id, notYetInvitedSignerStatuses, { status: anySigned ? 'waiting' : 'aborted' });
    // Documents signed through the signing page get finalised (B-LTA, evidence, delivery) by the signing domain's
    // subscriber to this event.
    if (anySigned)
      await emitRequestEvent(tx, platform, ctx.request, 'signature.signed', { hasSignedDocuments: await hasSignedVersions(tx, appId, ctx.request.id) });
    else await emitRequestEvent(tx, platform, ctx.request, 'signature.canceled', { reason: 'no_signer_left' });
    return status;
  }
  for (const member of step) if (notYetInvitedSignerStatuses.includes(member.status)) await invite(tx, platform, { ...ctx, signers }, member, now);
  const acting = new Set(step.map((m) => m.id));
  for (const member of signers) {
    if (acting.has(member.id) || member.role === 'observer' || !notYetInvitedSignerStatuses.includes(member.status)) continue;
    const status = waitingStatus(member, current);
    if (status !== member.status) await repo.updateSigner(tx, appId, member.id, { status });
  }
  const status = current.coSigner ? 'wait_cosigner' : 'ready';
  await repo.updateRequest(tx, appId, ctx.request.id, { status, updatedAt: now });
  return status;
}

export const sendRetryLimit = 3;

/**
 * Job: the first invitations of a request just sent. Idempotent: only a request still pending moves. When the
 * last attempt fails too, the request is marked failed and the requester notified instead of retrying forever.
 */
/** A suspended tenant's request sent just before the suspension waits, checked again this often. */
export const suspendedSendRetrySeconds = 3600;

/** What the send job picks up: a request being sent, or being pre-processed first. */
const sendJobStatuses: readonly string[] = ['pending', 'preprocess'];

export async function runSendJob(platform: Platform, job: RequestJob, attempt: { last: boolean } = { last: false }) {
  try {
    // Invites in the first transaction, unless the documents must first be sealed (Options.stampBeforeSigning):
    // that PDF work runs outside any transaction (sealing.ts), then a second transaction invites.
    const sealFirst = await platform.database.inTenant(job.appId, (tx) => advanceSend(tx, platform, job, { seal: true }));
    if (!sealFirst) return;
    await sealRequestDocuments(platform, job.appId, job.requestId);
    await platform.database.inTenant(job.appId, (tx) => advanceSend(tx, platform, job, { seal: false }));
  } catch (error) {
    if (!attempt.last) throw error;
    platform.logger.error({ err: error, requestId: job.requestId }, 'sending a signature request failed');
    await platform.database.inTenant(job.appId, async (tx) => {
      const ctx = await findContext(tx, job.appId, job.requestId);
      if (!ctx || !sendJobStatuses.includes(ctx.request.status)) return;
      const now = platform.clock();
      await repo.updateRequest(tx, job.appId, job.requestId, { status: 'failed', updatedAt: now });
      await repo.updateSignersInStatus(tx, job.appId, job.requestId, notYetInvitedSignerStatuses, { status: 'failed' });
      await emitRequestEvent(tx, platform, ctx.request, 'signature.failed', {});
      await audit(tx, { appId: job.appId, actorUserId: null, action: 'signature.failed', targetType: 'signature_request', targetId: job.requestId });
    });
  }
}

/** The send job's transaction: pre-processing, then the first invitations; true when sealing must come first. */
async function advanceSend(tx: Tx, platform: Platform, job: RequestJob, o: { seal: boolean }): Promise<boolean> {
  const ctx = await findContext(tx, job.appId, job.requestId); // deleted meanwhile: nothing to do
  if (!ctx || !sendJobStatuses.includes(ctx.request.status)) return false;
  // No invitation leaves for a suspended tenant: the request stays pending and is looked at again later (it
  // goes out once the tenant is enabled, or the sweep expires it).
  if (!ctx.application.enabled) {
    await platform.jobs.enqueue(tx, sendQueue, job, { startAfterSeconds: suspendedSendRetrySeconds });
    return false;
  }
  if (ctx.request.status === 'preprocess') await runSepaPreprocessing(tx, platform, ctx);
  if (await needsSealing(tx, ctx.request)) {
    // Never invite on an unsealed document: the job's retry seals what is missing.
    if (o.seal) return true;
    throw new Error('A document of the request is not sealed yet: the send job will seal it again.');
  }
  // Pre-processing adds the mandate document, not signers: the signers findContext read are still current.
  await advanceChain(tx, platform, ctx, platform.clock(), { signersAsRead: true });
  await sendStartNotice(tx, platform, ctx);
  return false;
}

export async function cancelRequest(tx: Tx, platform: Platform, ctx: RequestContext, actorUserId: string) {
  assertAction(ctx.request, 'cancel');
  const now = platform.clock();
  await repo.updateRequest(tx, ctx.application.id, ctx.request.id, { status: 'canceled', canceledAt: now, updatedAt: now });
  await emitRequestEvent(tx, platform, ctx.request, 'signature.canceled', { reason: 'requester' }, actorUserId);
  await platform.jobs.enqueue(tx, cancelQueue, { appId: ctx.application.id, requestId: ctx.request.id } satisfies RequestJob);
  await audit(tx, { appId: ctx.application.id, actorUserId, action: 'signature.canceled', targetType: 'signature_request', targetId: ctx.request.id });
}

/** Stops one signer: aborted, told if they had been invited (once: cancelNotifiedAt). */
async function abortSigner(tx: Tx, platform: Platform, ctx: RequestContext, signer: repo.SignerRow, now: Date) {
  const tell = signer.invitedAt !== null && signer.cancelNotifiedAt === null;
  if (tell) await sendCancelNotice(tx, platform, ctx, signer);
  await repo.updateSigner(tx, ctx.application.id, signer.id, {
    status: 'aborted',
    actionAt: now,
    nextMailReminderAt: null,
    nextSmsReminderAt: null,
    ...(tell ? { cancelNotifiedAt: now } : {}),
  });
}

/** Job: tells the invited signers of a cancelled request. Running it again changes and sends nothing more. */
export async function runCancelJob(platform: Platform, job: RequestJob) {
  await platform.database.inTenant(job.appId, async (tx) => {
    const ctx = await findContext(tx, job.appId, job.requestId); // deleted meanwhile: nothing to do
    if (!ctx || ctx.request.status !== 'canceled') return;
    const now = platform.clock();
    for (const signer of ctx.signers) if (!finalSignerStatuses.includes(signer.status)) await abortSigner(tx, platform, ctx, signer, now);
  });
}

/**
 * An immediate e-mail reminder to every participant invited who has not acted; planned reminders stay as they are.
 * Cool-down per signer: a signer reminded (by hand or by the schedule) less than `relaunchCooldownMinutes` ago is
 * skipped; when every waiting signer is skipped the call is refused (429 RELAUNCH_TOO_SOON, `details.availableAt`
 * = the earliest time one of them can be reminded again) and nothing changes.
 */
/**
 * A relaunch also goes by SMS when the request's options say so: the signer was contacted by SMS, or the request
 * has SMS reminders — and the tenant has SMS and the signer a mobile number.
 */
function remindsBySms(ctx: RequestContext, signer: repo.SignerRow): boolean {
  if (!ctx.application.features.sms || !signer.phone) return false;
  return channelFor(ctx, signer) === 'sms' || ctx.request.options.reminders.sms.firstAfterDays > 0;
}

export async function relaunchRequest(tx: Tx, platform: Platform, ctx: RequestContext, actorUserId: string): Promise<RelaunchSummary> {
  assertAction(ctx.request, 'relaunch');
  const waiting = ctx.signers.filter((s) => s.role !== 'observer' && invitedSignerStatuses.includes(s.status));
  if (!waiting.length) throw new AppError('INVALID_TRANSITION', 'Cannot relaunch: nobody is waiting to sign.');
  const now = platform.clock();
  const cooldownMs = relaunchCooldownMinutes * 60_000;
  const availableAt = (s: repo.SignerRow) => (s.lastReminderAt ? new Date(s.lastReminderAt.getTime() + cooldownMs) : null);
  const due = waiting.filter((s) => (availableAt(s)?.getTime() ?? 0) <= now.getTime());
  const skipped = waiting.filter((s) => !due.includes(s)).map((s) => ({ signerId: s.id, availableAt: availableAt(s)!.toISOString() }));
  if (!due.length) {
    const earliest = skipped.map((s) => s.availableAt).sort()[0]!;
    throw new AppError(
      'RELAUNCH_TOO_SOON',
      `Every waiting signer was reminded less than ${relaunchCooldownMinutes} minutes ago: a new reminder can be sent from ${earliest}.`,
      {
        details: { availableAt: earliest, cooldownMinutes: relaunchCooldownMinutes, signers: skipped },
      },
    );
  }
  for (const signer of due) {
    await sendReminder(tx, platform, ctx, signer, 'email', { manual: true });
    if (remindsBySms(ctx, signer)) await sendReminder(tx, platform, ctx, signer, 'sms', { manual: true });
    await repo.updateSigner(tx, ctx.application.id, signer.id, { lastReminderAt: now });
  }
  await audit(tx, {
    appId: ctx.application.id,
    actorUserId,
    action: 'signature.relaunched',
    targetType: 'signature_request',
    targetId: ctx.request.id,
    data: { signers: due.length, skipped: skipped.length },
  });
  await emitRequestEvent(tx, platform, ctx.request, 'signature.relaunched', { signerCount: due.length }, actorUserId);
  return { reminded: due.map((s) => s.id), skipped };
}

export async function cancelSigner(tx: Tx, platform: Platform, ctx: RequestContext, signerId: string, actorUserId: string) {
  assertAction(ctx.request, 'cancelSigner');
  const signer = ctx.signers.find((s) => s.id === signerId);
  if (!signer) throw notFound('Signer');
  if (finalSignerStatuses.includes(signer.status)) throw new AppError('INVALID_TRANSITION', `Cannot cancel a signer who is ${signer.status}`);
  const now = platform.clock();
  await abortSigner(tx, platform, ctx, signer, now);
  await emitSignerEvent(tx, platform, ctx.request, signer, 'signature.signer_canceled', {}, actorUserId);
  await advanceChain(tx, platform, ctx, now);
  await audit(tx, {
    appId: ctx.application.id,
    actorUserId,
    action: 'signature.signer_canceled',
    targetType: 'signature_request',
    targetId: ctx.request.id,
    data: { signerId },
  });
}

/**
 * Records a participant's answer in the caller's transaction (request locked by loadContext): a refusal ends
 * the request; a signature (or a validator's approval) invites the next participant, or makes the request
 * signed when nobody is left. Refuses (409 INVALID_TRANSITION) a request not ready/wait_cosigner or a signer
 * not invited. Returns the request's status after it (what the signing page answers; no read back).
 */
export async function recordSignerOutcome(
  tx: Tx,
  platform: Platform,
  ctx: RequestContext,
  signerId: string,
  outcome: 'signed' | 'refused',
  opts: { comment?: string; now?: Date } = {},
): Promise<repo.RequestRow['status']> {
  const appId = ctx.application.id;
  const signer = ctx.signers.find((s) => s.id === signerId);
  if (!signer) throw notFound('Signer');
  if (ctx.request.status !== 'ready' && ctx.request.status !== 'wait_cosigner') {
    throw new AppError('INVALID_TRANSITION', `Cannot sign a request that is ${ctx.request.status}`);
  }
  if (!invitedSignerStatuses.includes(signer.status)) throw new AppError('INVALID_TRANSITION', `Cannot sign for a signer who is ${signer.status}`);
  const now = opts.now ?? platform.clock();
  const refused = outcome === 'refused';
  const answered = {
    status: refused ? ('cancel' as const) : ('signed' as const),
    actionAt: now,
    refusalComment: refused ? (opts.comment ?? null) : null,
    nextMailReminderAt: null,
    nextSmsReminderAt: null,
  };
  await repo.updateSigner(tx, appId, signer.id, answered);
  if (!refused) await recordMandateSigned(tx, ctx.request, signer.id, now);
  if (refused) {
    await repo.updateRequest(tx, appId, ctx.request.id, { status: 'refused', updatedAt: now });
    // Those invited with them (a parallel step) are told the request ended; the others were never asked.
    for (const other of ctx.signers)
      if (other.id !== signer.id && invitedSignerStatuses.includes(other.status)) await abortSigner(tx, platform, ctx, other, now);
    await repo.updateSignersInStatus(tx, appId, ctx.request.id, [...notYetInvitedSignerStatuses], {
      status: 'aborted',
      nextMailReminderAt: null,
      nextSmsReminderAt: null,
    });
    await emitSignerEvent(tx, platform, ctx.request, signer, 'signature.signer_refused', { comment: opts.comment ?? null });
    await emitRequestEvent(tx, platform, ctx.request, 'signature.refused', {});
  }
  // ctx's signers were read under the request's lock: with this answer applied they are what a read would return.
  const status = refused
    ? 'refused'
    : await advanceChain(tx, platform, ctx, now, { signers: ctx.signers.map((s) => (s.id === signer.id ? { ...s, ...answered } : s)) });
  await audit(tx, {
    appId,
    actorUserId: null,
    action: refused ? 'signature.signer_refused' : 'signature.signer_signed',
    targetType: 'signature_request',
    targetId: ctx.request.id,
    data: { signerId: signer.id },
  });
  return status;
}

/** recordSignerOutcome in its own transaction (tests and callers without one). */
export async function onSignerFinished(opts: { platform: Platform; requestId: string; signerId: string; outcome: 'signed' | 'refused'; comment?: string }) {
  const { platform } = opts;
  const appId = await platform.database.inSystem((tx) => repo.appIdOfRequest(tx, opts.requestId));
  if (!appId) throw notFound('Signature request');
  await platform.database.inTenant(appId, async (tx) => {
    const ctx = await loadContext(tx, appId, opts.requestId);
    await recordSignerOutcome(tx, platform, ctx, opts.signerId, opts.outcome, { comment: opts.comment });
  });
}
