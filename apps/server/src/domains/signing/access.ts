import { invitedSignerStatuses, type LinkUnavailableReason, type SignatureStatus, type SigningTurnState } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { tenantOfRequest, currentStep, findContext, verifySigningLink, type RequestContext, type SignerView } from '../signatures/index.ts';

/** Who holds a signing link, resolved and checked: the request (locked for the transaction) and its signer. */
export interface SigningAccess {
  appId: string;
  ctx: RequestContext;
  signer: SignerView;
}

const linkInvalid = () => new AppError('LINK_INVALID');
const unavailable = (reason: LinkUnavailableReason) => new AppError('LINK_UNAVAILABLE', undefined, { details: { reason } });

/** A request that finished this way shows the matching message instead of the page. */
const closedReasons: Partial<Record<SignatureStatus, LinkUnavailableReason>> = {
  refused: 'refused',
  canceled: 'canceled',
  expired: 'expired',
  failed: 'failed',
  draft: 'gone',
};
/** A signer removed by the requester, or expired, sees why. */
const signerClosedReasons: Partial<Record<SignerView['status'], LinkUnavailableReason>> = { aborted: 'canceled', expired: 'expired', failed: 'failed' };
/** Still readable once the link's date passed: the signed documents stay downloadable. */
const readableAfterExpiry: readonly SignatureStatus[] = ['signed', 'completed'];

/**
 * The request's tenant, from a token whose signature was checked (the request may have been deleted since).
 * `hostAppId`: the tenant whose verified domain the request came on (platform/http/host-tenant.ts): a link of another
 * tenant is unknown there (LINK_INVALID, 404); on the platform's host (null) every link works, old mails included.
 */
export async function resolveLink(
  platform: Platform,
  token: string,
  hostAppId: string | null = null,
): Promise<{ appId: string; requestId: string; signerId: string; linkExpired: boolean }> {
  let ids: ReturnType<typeof verifySigningLink>;
  try {
    ids = verifySigningLink(platform, token, { allowExpired: true });
  } catch {
    throw linkInvalid();
  }
  // One read across tenants: a statement of its own, not a transaction (begin and commit are two more round trips).
  const appId = await tenantOfRequest(platform.database.db, ids.requestId);
  if (!appId) throw unavailable('gone');
  if (hostAppId && hostAppId !== appId) throw linkInvalid();
  return { appId, requestId: ids.requestId, signerId: ids.signerId, linkExpired: ids.expiresAt.getTime() <= platform.clock().getTime() };
}

/** Loads and checks the link's request and signer, in the caller's tenant transaction. */
export async function loadAccess(tx: Tx, platform: Platform, link: Awaited<ReturnType<typeof resolveLink>>): Promise<SigningAccess> {
  const ctx = await findContext(tx, link.appId, link.requestId);
  if (!ctx) throw unavailable('gone');
  const signer = ctx.signers.find((s) => s.id === link.signerId);
  if (!signer) throw linkInvalid();
  // A suspended tenant's requests can be neither read nor acted on until the account is enabled again.
  if (!ctx.application.enabled) throw unavailable('suspended');
  const signerReason = signerClosedReasons[signer.status];
  if (signerReason) throw unavailable(signerReason);
  const { status, expiresAt } = ctx.request;
  const reason = closedReasons[status];
  if (reason) throw unavailable(reason);
  const pastExpiry = link.linkExpired || (expiresAt !== null && expiresAt.getTime() <= platform.clock().getTime());
  if (pastExpiry && !readableAfterExpiry.includes(status)) throw unavailable('expired');
  return { appId: link.appId, ctx, signer };
}

export function turnOf(access: SigningAccess): SigningTurnState {
  const { ctx, signer } = access;
  if (signer.status === 'delegated') return 'handedOver';
  if (signer.role === 'observer') return 'observer';
  if (signer.status === 'signed') return 'done';
  if (signer.status === 'cancel') return 'refused';
  if (ctx.request.status === 'signed' || ctx.request.status === 'completed') return 'finished';
  // Everyone of the current step may act (parallel signing); the others wait, whatever link they hold.
  const current = currentStep(ctx.signers, ctx.request.options.coSignersSignFirst);
  return current.some((m) => m.id === signer.id) && invitedSignerStatuses.includes(signer.status) ? 'yourTurn' : 'waiting';
}

/** NOT_YOUR_TURN (409) unless the signer can act now, with the given role. */
export function assertCanAct(access: SigningAccess, role: 'signer' | 'validator') {
  const turn = turnOf(access);
  if (turn === 'handedOver') throw new AppError('ACTION_NOT_ALLOWED', 'You handed this request over to someone else: they answer in your place.');
  if (access.signer.role !== role || turn === 'observer') throw new AppError('ACTION_NOT_ALLOWED');
  if (turn === 'done' || turn === 'refused' || turn === 'finished') throw new AppError('ACTION_NOT_ALLOWED', 'You already answered this request.');
  if (turn !== 'yourTurn') throw new AppError('NOT_YOUR_TURN');
}
