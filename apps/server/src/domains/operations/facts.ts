import type { DomainEventData, DomainEventInput, DomainEventType } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import type { OperationRecord } from './repository.ts';

type OperationFacts = { operationId: string; label: string; ownerUserId: string | null };
type OperationEventType = Extract<DomainEventType, `operation.${string}`>;

/** Emits an operation event (its facts plus `extra`) in the transaction of the change. */
export async function emitOperationEvent<T extends OperationEventType>(
  tx: Tx,
  platform: Pick<Platform, 'events'>,
  row: Pick<OperationRecord, 'id' | 'appId' | 'label' | 'ownerUserId'>,
  type: T,
  extra: Omit<DomainEventData<T>, keyof OperationFacts>,
  actorUserId: string | null = null,
): Promise<void> {
  const facts: OperationFacts = { operationId: row.id, label: row.label, ownerUserId: row.ownerUserId };
  await platform.events.emit(tx, { type, appId: row.appId, actorUserId, data: { ...facts, ...extra } } as DomainEventInput);
}
