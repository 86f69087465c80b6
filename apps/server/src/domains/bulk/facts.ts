import type { DomainEventData, DomainEventInput, DomainEventType } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';

/** What every event of a holder tells of it. */
interface HolderFacts {
  id: string;
  appId: string;
  label: string;
  ownerUserId: string | null;
}

/**
 * The emitter of a domain's holder events (`campaign.*` with `campaignId`, `operation.*` with `operationId`): the
 * holder's facts plus the event's own data, in the transaction of the change.
 */
export function holderEvents<Prefix extends string, Key extends string>(idKey: Key) {
  type Facts = Record<Key, string> & { label: string; ownerUserId: string | null };
  return async function emit<T extends Extract<DomainEventType, `${Prefix}.${string}`>>(
    tx: Tx,
    platform: Pick<Platform, 'events'>,
    row: HolderFacts,
    type: T,
    extra: Omit<DomainEventData<T>, keyof Facts>,
    actorUserId: string | null = null,
  ): Promise<void> {
    const facts = { [idKey]: row.id, label: row.label, ownerUserId: row.ownerUserId };
    await platform.events.emit(tx, { type, appId: row.appId, actorUserId, data: { ...facts, ...extra } } as unknown as DomainEventInput);
  };
}
