import { z } from 'zod';

/**
 * Statuses of a signature request (spec §4 Signature, plus `draft`: the designed flow starts with a draft).
 * - draft: saved, not sent yet.
 * - pending: being sent (the send job has not invited anybody yet).
 * - preprocess / preprocess_access: SEPA mandate pre-processing running / opened by the debtor.
 * - ready: sent, awaiting the signers' actions.
 * - wait_cosigner: the co-signers' turn (before or after the others, option coSignersSignFirst).
 * - signed: every signer acted; the signed archive is being finalised.
 * - completed: finished, signed documents available.
 * - refused: a signer refused. canceled: cancelled by the requester. expired: past its expiry date.
 * - failed: the platform could not process it.
 */
export const signatureStatuses = [
  'draft',
  'pending',
  'preprocess',
  'preprocess_access',
  'ready',
  'wait_cosigner',
  'signed',
  'completed',
  'refused',
  'canceled',
  'expired',
  'failed',
] as const;
export const signatureStatusSchema = z.enum(signatureStatuses);
export type SignatureStatus = z.infer<typeof signatureStatusSchema>;

/** Statuses in which the request is out for signature (reminders run, expiry applies, cancel allowed). */
export const inProgressSignatureStatuses: readonly SignatureStatus[] = ['pending', 'preprocess', 'preprocess_access', 'ready', 'wait_cosigner'];
/** Statuses that never change again (except by delete). */
export const finalSignatureStatuses: readonly SignatureStatus[] = ['completed', 'refused', 'canceled', 'expired', 'failed'];

/** What a user can do on a request (the row actions of the list and of the view). */
export const signatureActions = [
  'send',
  'cancel',
  'relaunch',
  'delete',
  'duplicate',
  'export',
  'download',
  'regenerateArchive',
  'cancelSigner',
  /** A request whose finalisation (B-LTA, evidence file, delivery) failed for good: run it again. */
  'retryCompletion',
] as const;
export const signatureActionSchema = z.enum(signatureActions);
export type SignatureAction = z.infer<typeof signatureActionSchema>;

const always: SignatureAction[] = ['duplicate', 'export'];
const inFlight: SignatureAction[] = ['cancel', ...always];
const awaitingSigners: SignatureAction[] = ['cancel', 'relaunch', 'cancelSigner', ...always];
const closed: SignatureAction[] = ['delete', ...always];

/**
 * The state machine as data: which action each status allows. The server enforces it (409 INVALID_TRANSITION),
 * the web shows only these row actions. docs/signatures.md prints it as a table.
 */
export const signatureTransitions: Record<SignatureStatus, readonly SignatureAction[]> = {
  draft: ['send', 'delete', ...always],
  pending: inFlight,
  preprocess: inFlight,
  preprocess_access: inFlight,
  ready: awaitingSigners,
  wait_cosigner: awaitingSigners,
  signed: ['download', 'regenerateArchive', ...always],
  completed: ['download', 'regenerateArchive', ...closed],
  refused: closed,
  canceled: closed,
  expired: closed,
  // retryCompletion only when the failure was the completion's (the presenter and the server check completionFailure).
  failed: [...closed, 'retryCompletion'],
};

export function allowedActions(status: SignatureStatus): SignatureAction[] {
  return [...signatureTransitions[status]];
}
export function isActionAllowed(status: SignatureStatus, action: SignatureAction): boolean {
  return signatureTransitions[status].includes(action);
}
/** The 409 message, the same on both sides. */
export function invalidTransitionMessage(action: SignatureAction, status: SignatureStatus): string {
  return `Cannot ${action} a request that is ${status}`;
}

/**
 * Signer statuses (spec §4 Signer). Meaning here:
 * - before: the request is not sent yet (beforeSend).
 * - waiting: sent, but earlier participants in the chain still have to act.
 * - waitcosigner: waiting for the co-signers (option coSignersSignFirst).
 * - ready: invited. access: opened the signing page. codeSent: signing (OTP sent).
 * - pendingId / pendingValidation: identity document awaited / under verification (level 2).
 * - signed: signed (or approved, for a validator). cancel: refused. aborted: cancelled by the requester.
 * - failed, expired.
 * - delegated: handed the request over to someone else (option allowDelegation); the delegate's own row takes the
 *   same place in the chain (signerIndex, step, fields) and this one never acts again.
 */
export const signerStatuses = [
  'before',
  'waiting',
  'waitcosigner',
  'ready',
  'access',
  'codeSent',
  'pendingId',
  'pendingValidation',
  'signed',
  'cancel',
  'aborted',
  'failed',
  'expired',
  'delegated',
] as const;
export const signerStatusSchema = z.enum(signerStatuses);
export type SignerStatus = z.infer<typeof signerStatusSchema>;

/** Invited and has not acted yet: reminders go to these; cancel/expiry notify them. */
export const invitedSignerStatuses: readonly SignerStatus[] = ['ready', 'access', 'codeSent', 'pendingId', 'pendingValidation'];
/** Not invited yet. */
export const notYetInvitedSignerStatuses: readonly SignerStatus[] = ['before', 'waiting', 'waitcosigner'];
/** A signer in one of these will not act again. */
export const finalSignerStatuses: readonly SignerStatus[] = ['signed', 'cancel', 'aborted', 'failed', 'expired', 'delegated'];
/** A participant may hand over while invited or still waiting for their turn (their delegate then waits in their place). */
export const delegableSignerStatuses: readonly SignerStatus[] = [...invitedSignerStatuses, 'waiting', 'waitcosigner'];

const stopped: SignerStatus[] = ['aborted', 'expired', 'delegated'];
/** Allowed signer status changes (from → to). */
export const signerTransitions: Record<SignerStatus, readonly SignerStatus[]> = {
  before: ['waiting', 'waitcosigner', 'ready', ...stopped],
  waiting: ['waitcosigner', 'ready', ...stopped],
  waitcosigner: ['waiting', 'ready', ...stopped],
  ready: ['access', 'codeSent', 'signed', 'cancel', 'failed', ...stopped],
  access: ['codeSent', 'pendingId', 'signed', 'cancel', 'failed', ...stopped],
  codeSent: ['access', 'signed', 'cancel', 'failed', ...stopped],
  pendingId: ['pendingValidation', 'cancel', 'failed', ...stopped],
  pendingValidation: ['access', 'codeSent', 'signed', 'failed', ...stopped],
  signed: [],
  cancel: [],
  aborted: [],
  failed: [],
  expired: [],
  delegated: [],
};
export function canSignerMove(from: SignerStatus, to: SignerStatus): boolean {
  return signerTransitions[from].includes(to);
}
