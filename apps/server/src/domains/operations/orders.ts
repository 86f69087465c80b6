import { sql } from 'drizzle-orm';
import type { DomainEvent, DomainEventType, OrderStatus } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { defineSubscription } from '../../platform/modules.ts';
import { settleOperation } from './dispatch.ts';
import * as repo from './repository.ts';
import { operationOrders } from './schema.ts';

/**
 * The orders follow their requests: each signature event of an order's request (it carries `operationId`) moves the
 * order forward only (a late or repeated event changes nothing) and the operation's counters, in the event's
 * transaction (the bus records the receipt there too). The last final order finishes the operation.
 */
const waiting: OrderStatus[] = ['ready', 'pending'];
export const orderTransitions: Partial<Record<DomainEventType, { to: OrderStatus; from: OrderStatus[]; error?: string }>> = {
  'signature.signer_viewed': { to: 'pending', from: ['ready'] },
  'signature.signer_signed': { to: 'pending', from: ['ready'] },
  'signature.signed': { to: 'completed', from: waiting },
  'signature.completed': { to: 'completed', from: waiting },
  'signature.refused': { to: 'failed', from: waiting, error: 'Refused by a signer.' },
  'signature.expired': { to: 'expired', from: waiting },
  'signature.canceled': { to: 'canceled', from: waiting },
  'signature.failed': { to: 'failed', from: waiting, error: 'The request failed.' },
};
const followed = Object.keys(orderTransitions) as DomainEventType[];

export async function followOrder(tx: Tx, platform: Platform, event: DomainEvent) {
  const data = event.data as { requestId?: string; operationId?: string | null };
  const move = orderTransitions[event.type];
  if (!move || !data.operationId || !data.requestId) return;
  const result = (await tx.execute(sql`
    with old as (
      select id, status, operation_id from ${operationOrders}
      where app_id = ${event.appId} and request_id = ${data.requestId} for update
    )
    update ${operationOrders} o set status = ${move.to}, updated_at = now() ${move.error ? sql`, error = ${move.error}` : sql``}
    from old where o.id = old.id and old.status in (${sql.join(move.from.map((f) => sql`${f}`), sql`, `)})
    returning old.status as "from", old.operation_id as "operationId"`)) as unknown as { rows: { from: OrderStatus; operationId: string }[] };
  const [moved] = result.rows;
  if (!moved) return;
  await repo.bump(tx, event.appId, moved.operationId, [{ from: moved.from, to: move.to, n: 1 }]);
  if (move.to !== 'pending') await settleOperation(tx, platform, event.appId, moved.operationId);
}

export const operationSubscriptions = (platform: Platform) => [
  defineSubscription({
    name: 'operations.orders',
    events: followed,
    batchSize: 50,
    async handle(event, tx) {
      await followOrder(tx as Tx, platform, event);
    },
  }),
];
