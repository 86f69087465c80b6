import type { DomainEventData, DomainEventInput, DomainEventType } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import type { CampaignRecord } from './repository.ts';

type CampaignFacts = { campaignId: string; label: string; ownerUserId: string | null };
type CampaignEventType = Extract<DomainEventType, `campaign.${string}`>;

/** Emits a campaign event (its facts plus `extra`) in the transaction of the change. */
export async function emitCampaignEvent<T extends CampaignEventType>(
  tx: Tx,
  platform: Pick<Platform, 'events'>,
  row: Pick<CampaignRecord, 'id' | 'appId' | 'label' | 'ownerUserId'>,
  type: T,
  extra: Omit<DomainEventData<T>, keyof CampaignFacts>,
  actorUserId: string | null = null,
): Promise<void> {
  const facts: CampaignFacts = { campaignId: row.id, label: row.label, ownerUserId: row.ownerUserId };
  await platform.events.emit(tx, { type, appId: row.appId, actorUserId, data: { ...facts, ...extra } } as DomainEventInput);
}
