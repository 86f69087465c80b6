import { randomUUID } from 'node:crypto';
import {
  delegableSignerStatuses,
  delegationRules,
  invitedSignerStatuses,
  signerDisplayName,
  type DelegateInput,
  type DelegationResult,
} from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { actingSequence } from './chain.ts';
import { appendEvent, type EventOrigin } from './evidence.ts';
import { emitSignerEvent } from './facts.ts';
import { sendDelegationNotice, sendInvitation, type RequestContext } from './messages.ts';
import * as repo from './repository.ts';
import { assertQualifiedSigners, channelFor, invite } from './workflow.ts';

/**
 * Delegation ("change signing responsibility", issue 27): when the sender allows it (option allowDelegation), a
 * participant hands their place over to someone else. Their row becomes `delegated` (to whom, why, when, from
 * where) and never acts again; the delegate's new row takes the same role, signerIndex (so the same fields), step and
 * language, is invited like any participant and signs with their own one-time code. One transaction, under the
 * request's lock (findContext): the rows, the evidence, the invitation, the event, the audit row and the sender's mail.
 */

type Delegation = Omit<DelegateInput, 'mobile'> & { mobile: string | null };
const requestAwaitingAnswers = ['ready', 'wait_cosigner'];

/** Hand-overs already made from this place (a loop A → B → A counts each time). */
const handOversOf = (ctx: RequestContext, signer: repo.SignerRow) =>
  ctx.signers.filter((s) => s.signerIndex === signer.signerIndex && s.status === 'delegated').length;

/** Why this participant cannot hand over now; null when they can. Shown on the signing page as `canDelegate`. */
export function delegationRefusal(ctx: RequestContext, signer: repo.SignerRow): AppError | null {
  if (!ctx.request.options.allowDelegation) return new AppError('ACTION_NOT_ALLOWED', 'The sender does not allow this request to be handed over.');
  if (!delegableSignerStatuses.includes(signer.status) || !requestAwaitingAnswers.includes(ctx.request.status)) {
    const message =
      signer.status === 'delegated' ? 'You already handed this request over.' : 'You already answered this request: it can no longer be handed over.';
    return new AppError('DELEGATION_NOT_POSSIBLE', message, { details: { reason: 'answered' } });
  }
  if (handOversOf(ctx, signer) >= delegationRules.maxHandOvers) {
    return new AppError(
      'DELEGATION_NOT_POSSIBLE',
      `This place was already handed over ${delegationRules.maxHandOvers} times: it cannot be handed over again. Sign or refuse, or contact the sender.`,
      { details: { reason: 'limit' } },
    );
  }
  // The mandate names its debtor: another person would sign a mandate on someone else's account.
  if (ctx.request.options.preprocessing?.sepa && actingSequence(ctx.signers, ctx.request.options.coSignersSignFirst)[0]?.id === signer.id) {
    return new AppError('ACTION_NOT_ALLOWED', "The debtor of a SEPA mandate cannot hand it over: the mandate is on the debtor's account.");
  }
  return null;
}

/** A signer whose codes (or invitation) go by SMS hands over to someone reachable the same way. */
function needsMobile(ctx: RequestContext, signer: repo.SignerRow): boolean {
  return signer.role === 'signer' && (signer.phone !== null || channelFor(ctx, signer) === 'sms');
}

async function assertDelegate(tx: Tx, ctx: RequestContext, signer: repo.SignerRow, input: Delegation, now: Date) {
  const email = input.email.toLowerCase();
  const taken = ctx.signers.some((s) => s.status !== 'delegated' && s.email.toLowerCase() === email);
  if (taken) throw fieldError('email', 'invalid_value', 'This person is already a participant of the request: hand it over to someone else.');
  if (!input.mobile && needsMobile(ctx, signer))
    throw fieldError('mobile', 'required', 'A mobile number is required: the one-time code of this request is sent by SMS.');
  if (signer.role === 'signer') await assertQualifiedSigners(tx, ctx.application.id, ctx.request.level, [{ role: 'signer', email }], now);
}

export async function delegateParticipant(
  tx: Tx,
  platform: Platform,
  ctx: RequestContext,
  signerId: string,
  input: Delegation,
  origin: EventOrigin,
): Promise<DelegationResult> {
  const appId = ctx.application.id;
  const signer = ctx.signers.find((s) => s.id === signerId);
  if (!signer) throw notFound('Signer');
  const refusal = delegationRefusal(ctx, signer);
  if (refusal) throw refusal;
  const now = platform.clock();
  await assertDelegate(tx, ctx, signer, input, now);
  const wasInvited = invitedSignerStatuses.includes(signer.status);
  const delegateId = randomUUID();
  // The place is freed first: one acting participant per signerIndex (a partial unique index).
  await repo.updateSigner(tx, appId, signer.id, {
    status: 'delegated',
    actionAt: now,
    delegatedToSignerId: delegateId,
    delegationReason: input.reason,
    delegatedAt: now,
    delegationIp: origin.ip ?? null,
    nextMailReminderAt: null,
    nextSmsReminderAt: null,
  });
  const [delegate] = await repo.insertSigners(tx, [
    {
      id: delegateId,
      appId,
      requestId: ctx.request.id,
      firstname: input.firstName,
      lastname: input.lastName,
      email: input.email.toLowerCase(),
      phone: input.mobile,
      language: signer.language,
      role: signer.role,
      coSigner: signer.coSigner,
      signerIndex: signer.signerIndex,
      step: signer.step,
      invitationMessage: signer.invitationMessage,
      // Invited below when the place was; otherwise the chain invites them in their turn.
      status: wasInvited ? 'waiting' : signer.status,
      delegatedFromSignerId: signer.id,
      createdAt: now,
    },
  ]);
  const toName = signerDisplayName(delegate!);
  await appendEvent(tx, {
    appId,
    requestId: ctx.request.id,
    signerId: signer.id,
    type: 'delegated',
    data: {
      role: signer.role,
      from: { signerId: signer.id, name: signerDisplayName(signer), email: signer.email },
      to: { signerId: delegateId, name: toName, email: delegate!.email, ...(delegate!.phone ? { mobile: delegate!.phone } : {}) },
      reason: input.reason,
    },
    at: now,
    ...origin,
  });
  const after: RequestContext = {
    ...ctx,
    signers: ctx.signers.map((s) => (s.id === signer.id ? { ...s, status: 'delegated' as const } : s)).concat(delegate!),
  };
  // Nobody else holds the delegate's link (direct mode gave the first link to the sender, face to face signs on the
  // sender's device): when the chain's rule sends nothing, the delegate gets it by e-mail.
  if (wasInvited) await invite(tx, platform, after, delegate!, now, channelFor(after, delegate!) ?? 'email');
  else if (signer.role === 'observer') await inviteObserver(tx, platform, after, delegate!, now);
  await emitSignerEvent(tx, platform, ctx.request, signer, 'signature.signer_delegated', {
    delegateSignerId: delegateId,
    delegateName: toName,
    delegateEmail: delegate!.email,
    reason: input.reason,
  });
  await audit(tx, {
    appId,
    actorUserId: null,
    action: 'signature.signer_delegated',
    targetType: 'signature_request',
    targetId: ctx.request.id,
    data: { signerId: signer.id, delegateSignerId: delegateId },
    ip: origin.ip ?? null,
  });
  await sendDelegationNotice(tx, platform, ctx, { from: signer, to: delegate!, reason: input.reason, at: now });
  return { toName, at: now.toISOString() };
}

/** An observer's delegate gets their link by e-mail (observers are never in the chain's turn). */
async function inviteObserver(tx: Tx, platform: Platform, ctx: RequestContext, delegate: repo.SignerRow, now: Date) {
  await sendInvitation(tx, platform, ctx, delegate, 'email');
  await appendEvent(tx, { appId: ctx.application.id, requestId: ctx.request.id, signerId: delegate.id, type: 'invited', data: { channel: 'email' }, at: now });
}
