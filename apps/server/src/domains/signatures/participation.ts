import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { emitRequestEvent, emitSignerEvent } from './facts.ts';
import type { RequestContext } from './messages.ts';
import * as repo from './repository.ts';

/**
 * State changes the signing page makes on a request it holds locked (findContext): a signer opening the page,
 * a code sent, the request completed by the finalisation. The signatures domain owns these rows and the events.
 */

/** The first open of the page: the invited signer now has access (and the subscribers hear of it). */
export async function markSignerOpened(tx: Tx, platform: Platform, ctx: RequestContext, signer: repo.SignerRow): Promise<void> {
  if (signer.status === 'ready') {
    await repo.updateSigner(tx, ctx.application.id, signer.id, { status: 'access' });
    signer.status = 'access';
  }
  await emitSignerEvent(tx, platform, ctx.request, signer, 'signature.signer_viewed', {});
}

/** A one-time code went out to the signer. */
export async function markCodeSent(tx: Tx, ctx: RequestContext, signer: repo.SignerRow): Promise<void> {
  if (signer.status === 'ready' || signer.status === 'access') await repo.updateSigner(tx, ctx.application.id, signer.id, { status: 'codeSent' });
}

/** The signed request is finalised: its evidence file is stored, it becomes completed. */
export async function markCompleted(
  tx: Tx,
  platform: Platform,
  ctx: RequestContext,
  opts: { attestationKey: string; documentCount: number; now: Date },
): Promise<void> {
  await repo.updateRequest(tx, ctx.application.id, ctx.request.id, {
    status: 'completed',
    completedAt: opts.now,
    updatedAt: opts.now,
    attestationKey: opts.attestationKey,
  });
  await emitRequestEvent(tx, platform, ctx.request, 'signature.completed', { documentCount: opts.documentCount });
}
