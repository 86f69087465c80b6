import { signerDisplayName, type SigningActionResult } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { currentParticipant, signersOfRequests, signingLinkToken } from '../signatures/index.ts';
import type { SigningAccess } from './access.ts';

/**
 * Face to face, the participants sign one after the other on the requester's device: once one has signed (or
 * approved), the page hands over to whoever's turn it is now, with that participant's own signing link — they
 * still need their own one-time code (sent to their phone or mailbox), so holding the device is not enough to
 * sign for them. The tenant's success page waits for the last one. Other chaining modes: nothing changes.
 */
export async function handOverOnThisDevice(
  tx: Tx,
  platform: Platform,
  access: SigningAccess,
  result: Omit<SigningActionResult, 'nextSigner'>,
): Promise<SigningActionResult> {
  const { request } = access.ctx;
  if (request.options.chainingMode !== 'faceToFace') return result;
  const next = currentParticipant(await signersOfRequests(tx, access.appId, [request.id]), request.options.coSignersSignFirst);
  if (!next || next.id === access.signer.id) return { ...result, nextSigner: null };
  const token = signingLinkToken(platform, { requestId: request.id, signerId: next.id, expiresAt: request.expiresAt ?? platform.clock() });
  return { ...result, redirectUrl: null, nextSigner: { name: signerDisplayName(next), token } };
}
