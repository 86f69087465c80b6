import { holderEvents } from '../bulk/index.ts';

/** Emits a campaign event (its facts — campaignId, label, owner — plus its own data) in the transaction of the change. */
export const emitCampaignEvent = holderEvents<'campaign', 'campaignId'>('campaignId');
