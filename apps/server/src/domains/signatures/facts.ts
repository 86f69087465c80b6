import { signerDisplayName, type DomainEventData, type DomainEventInput, type DomainEventType } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import type { RequestRow, SignerRow } from './repository.ts';

/**
 * Domain events of signature requests (contracts: signatures/events.ts), emitted in the transaction of the
 * change they report. Every event carries the request's facts its subscribers need (notifications: owner and
 * label; billing: level and test mode) so that none of them reads the request again.
 */
type RequestFacts = {
  requestId: string;
  label: string;
  ownerUserId: string | null;
  level: RequestRow['level'];
  testMode: boolean;
  campaignId?: string | null;
  operationId?: string | null;
};
type SignerFacts = RequestFacts & { signerId: string; signerIndex: number; role: SignerRow['role']; signerName: string };

export const requestFacts = (
  request: Pick<RequestRow, 'id' | 'label' | 'ownerUserId' | 'level' | 'testMode'> & Partial<Pick<RequestRow, 'source' | 'sourceId'>>,
): RequestFacts => ({
  requestId: request.id,
  label: request.label,
  ownerUserId: request.ownerUserId,
  level: request.level,
  testMode: request.testMode,
  // A bulk copy says where it comes from: subscribers then speak of the campaign / operation, not of each copy.
  ...(request.source === 'campaign' ? { campaignId: request.sourceId ?? null } : {}),
  ...(request.source === 'operation' ? { operationId: request.sourceId ?? null } : {}),
});

export const signerFacts = (request: Parameters<typeof requestFacts>[0], signer: SignerRow): SignerFacts => ({
  ...requestFacts(request),
  signerId: signer.id,
  signerIndex: signer.signerIndex,
  role: signer.role,
  signerName: signerDisplayName(signer),
});

type Extra<T extends DomainEventType, F> = Omit<DomainEventData<T>, keyof F>;

/** Emits an event about the request (its facts plus `extra`). */
export async function emitRequestEvent<T extends DomainEventType>(
  tx: Tx,
  platform: Pick<Platform, 'events'>,
  request: RequestRow,
  type: T,
  extra: Extra<T, RequestFacts>,
  actorUserId: string | null = null,
): Promise<void> {
  await platform.events.emit(tx, { type, appId: request.appId, actorUserId, data: { ...requestFacts(request), ...extra } } as DomainEventInput);
}

/** Emits an event about one participant of the request. */
export async function emitSignerEvent<T extends DomainEventType>(
  tx: Tx,
  platform: Pick<Platform, 'events'>,
  request: RequestRow,
  signer: SignerRow,
  type: T,
  extra: Extra<T, SignerFacts>,
  actorUserId: string | null = null,
): Promise<void> {
  await platform.events.emit(tx, { type, appId: request.appId, actorUserId, data: { ...signerFacts(request, signer), ...extra } } as DomainEventInput);
}
