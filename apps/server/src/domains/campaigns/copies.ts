import { sql } from 'drizzle-orm';
import type { DomainEvent, DomainEventType, SignatoryStatus } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { defineSubscription } from '../../platform/modules.ts';
import { settleCampaign } from './dispatch.ts';
import * as repo from './repository.ts';
import { campaignSignatories } from './schema.ts';

/**
 * The signatories follow their copies: each signature event of a campaign copy moves its signatory (only forward:
 * an event delivered late or twice changes nothing) and the campaign's counters, in the event's transaction (the
 * bus records the receipt there too). When the last signatory becomes final, the campaign is completed.
 */
const waiting: SignatoryStatus[] = ['sent', 'opened'];
export const copyTransitions: Partial<Record<DomainEventType, { to: SignatoryStatus; from: SignatoryStatus[] }>> = {
  'signature.signer_viewed': { to: 'opened', from: ['sent'] },
  'signature.signed': { to: 'signed', from: waiting },
  'signature.completed': { to: 'signed', from: waiting },
  'signature.signer_refused': { to: 'refused', from: waiting },
  'signature.refused': { to: 'refused', from: waiting },
  'signature.expired': { to: 'expired', from: waiting },
  'signature.canceled': { to: 'canceled', from: waiting },
  'signature.failed': { to: 'failed', from: waiting },
};
const followed = Object.keys(copyTransitions) as DomainEventType[];

export async function followCopy(tx: Tx, platform: Platform, event: DomainEvent) {
  const data = event.data as { requestId?: string; campaignId?: string | null };
  const move = copyTransitions[event.type];
  if (!move || !data.campaignId || !data.requestId) return;
  const result = (await tx.execute(sql`
    with old as (
      select id, status, campaign_id from ${campaignSignatories}
      where app_id = ${event.appId} and request_id = ${data.requestId} for update
    )
    update ${campaignSignatories} s set status = ${move.to}, updated_at = now()
    from old where s.id = old.id and old.status in (${sql.join(move.from.map((f) => sql`${f}`), sql`, `)})
    returning old.status as "from", old.campaign_id as "campaignId"`)) as unknown as { rows: { from: SignatoryStatus; campaignId: string }[] };
  const [moved] = result.rows;
  if (!moved) return;
  await repo.bump(tx, event.appId, moved.campaignId, [{ from: moved.from, to: move.to, n: 1 }]);
  if (move.to !== 'opened') await settleCampaign(tx, platform, event.appId, moved.campaignId);
}

export const campaignSubscriptions = (platform: Platform) => [
  defineSubscription({
    name: 'campaigns.copies',
    events: followed,
    // Deliveries are short (two updates); fetched 50 at a time for a campaign's burst of events.
    batchSize: 50,
    async handle(event, tx) {
      await followCopy(tx as Tx, platform, event);
    },
  }),
];
