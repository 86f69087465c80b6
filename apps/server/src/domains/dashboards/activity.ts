import type { ActivityMetric, ActivitySource, DomainEventOf } from '@paraphe/contracts';
import type { Tx } from '../../platform/db/client.ts';
import { addCountsAtCommit, type CounterRows } from '../../platform/db/counters.ts';
import { defineRecorder } from '../../platform/modules.ts';
import * as repo from './repository.ts';

/**
 * The activity recorder (docs/dashboards.md): each counted signature event adds one to its metric in
 * `activity_monthly`, in the transaction of the event. A receipt per event (the bus's `domain_event_receipts`,
 * subscriber `dashboards.activity`) is written first, and only the events whose receipt is new are counted: the
 * backfill, or any replay of an event, adds nothing.
 */

export const activitySubscriber = 'dashboards.activity';

/** Which metric each counted event moves. */
const metricOf = {
  'signature.created': 'requests_created',
  'signature.sent': 'requests_sent',
  'signature.completed': 'requests_completed',
  'signature.refused': 'requests_refused',
  'signature.expired': 'requests_expired',
  'signature.canceled': 'requests_canceled',
  'signature.signer_invited': 'signers_invited',
  'signature.signer_signed': 'signers_signed',
} as const satisfies Record<string, ActivityMetric>;

export type CountedEvent = DomainEventOf<keyof typeof metricOf>;
export const countedEvents = Object.keys(metricOf) as (keyof typeof metricOf)[];

export interface ActivityDelta {
  appId: string;
  /** `YYYY-MM-01`, UTC. */
  month: string;
  userId: string | null;
  source: ActivitySource;
  metric: ActivityMetric;
  count: number;
}

/** A campaign's copy (classic or mail-merge), an operation's order (its events carry `operationId`) or a request sent alone. */
const sourceOf = (event: CountedEvent): ActivitySource => (event.data.campaignId ? 'campaign' : event.data.operationId ? 'operation' : 'single');

const activityKeyOf = (d: Omit<ActivityDelta, 'count'>) => `${d.appId}|${d.month}|${d.userId ?? ''}|${d.source}|${d.metric}`;

/** The deltas of a batch of events, one per (tenant, month, owner, source, metric): an upsert touches each key once. */
export function activityDeltas(events: readonly CountedEvent[]): ActivityDelta[] {
  const deltas = new Map<string, ActivityDelta>();
  for (const event of events) {
    const delta = {
      appId: event.appId,
      month: `${event.occurredAt.slice(0, 7)}-01`,
      userId: event.data.ownerUserId,
      source: sourceOf(event),
      metric: metricOf[event.type],
    };
    const key = activityKeyOf(delta);
    const known = deltas.get(key);
    if (known) known.count++;
    else deltas.set(key, { ...delta, count: 1 });
  }
  return [...deltas.values()];
}

/** The monthly activity as counters (platform/db/counters.ts). */
const activityRows = (tx: Tx): CounterRows<ActivityDelta> => ({
  name: 'dashboards.activity_monthly',
  keyOf: activityKeyOf,
  add: (into, more) => void (into.count += more.count),
  upsert: (deltas) => repo.addActivity(tx, deltas),
});

const isCounted = (event: { type: string }): event is CountedEvent => Object.hasOwn(metricOf, event.type);

/** Counts the events not counted yet (any other event given is left alone); returns how many were counted. */
export async function recordActivity(tx: Tx, events: readonly { id: string; appId: string; type: string }[]): Promise<number> {
  const candidates = events.filter(isCounted);
  const fresh = new Set(await repo.receiptsOf(tx, activitySubscriber, candidates));
  const counted = candidates.filter((e) => fresh.has(e.id));
  // The same monthly row for every create of a tenant's user: upserted as the transaction's last statements.
  await addCountsAtCommit(tx, activityRows(tx), activityDeltas(counted));
  return counted.length;
}

export const activityRecorder = defineRecorder({
  name: activitySubscriber,
  events: countedEvents,
  record: async (tx, events) => void (await recordActivity(tx, events)),
});
