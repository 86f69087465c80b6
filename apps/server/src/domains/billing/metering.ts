import type { ConsumptionKind, DomainEventOf } from '@paraphe/contracts';
import type { Tx } from '../../platform/db/client.ts';
import { addCountsAtCommit, type CounterRows } from '../../platform/db/counters.ts';
import { defineRecorder } from '../../platform/modules.ts';
import { applicationById } from '../tenants/index.ts';
import { pricesInForce } from './prices.ts';
import * as repo from './repository.ts';

/**
 * Metering (docs/billing.md): every billable event becomes exactly one consumption row per kind, in the
 * transaction of its cause (an in-transaction recorder of the event bus), at the unit price in force then, and
 * the monthly figures move with it. The unique (event, kind) key makes a replay count nothing.
 */

export const meteredEvents = [
  'signature.signer_invited',
  'signature.signer_signed',
  'signature.sent',
  'timestamp.created',
  'stamp.created',
  'certificate.activated',
  'apikey.used',
] as const;
type MeteredEvent = DomainEventOf<(typeof meteredEvents)[number]>;

interface Usage {
  kind: ConsumptionKind;
  signerId?: string;
}

/** Which kinds an event consumes (one unit each). */
export function usageOf(event: MeteredEvent): Usage[] {
  switch (event.type) {
    case 'signature.signer_invited':
      // A participant brought into the request (mail, SMS, or the link handed to the requester); the SMS option
      // is used when the invitation goes by SMS (once per request: only the first signer may be contacted by SMS).
      return [
        { kind: 'signer_contacted', signerId: event.data.signerId },
        ...(event.data.channel === 'sms' ? [{ kind: 'option_sms' as const, signerId: event.data.signerId }] : []),
      ];
    case 'signature.signer_signed':
      return [{ kind: 'signer_signed', signerId: event.data.signerId }];
    case 'signature.sent':
      // The sending option of the request: a mail-merge campaign's copy, a campaign's copy, an operation's order, or a simple request.
      return [
        {
          kind: event.data.mailMerge
            ? 'option_mailing'
            : event.data.campaignId
              ? 'option_campaign'
              : event.data.operationId
                ? 'option_operation'
                : 'option_simple',
        },
      ];
    // ----- timestamps domain (issue 13): a file time-stamped, one unit of the option whatever its kind.
    case 'timestamp.created':
      return [{ kind: 'option_timestamp' }];
    // The company seal (stamps domain): one event, one unit, per seal applied (a multi-stamp upload emits several).
    case 'stamp.created':
      return [{ kind: 'option_stamp' }];
    // A qualified certificate activated (certificates domain): the certificate itself is the unit.
    case 'certificate.activated':
      return [{ kind: 'qualified_certificate' }];
    // A successful create through the public API (apikeys domain): one call billed.
    case 'apikey.used':
      return [{ kind: 'api_call' }];
  }
}

/**
 * The request, campaign and operation a consumption belongs to, as its event names them (a seal belongs to none; the
 * api_call of a campaign's or an operation's create to that campaign or operation, before any request exists).
 */
export function linksOf(event: MeteredEvent): { requestId: string | null; campaignId: string | null; operationId: string | null } {
  const data = event.data as { requestId?: string | null; campaignId?: string | null; operationId?: string | null };
  return { requestId: data.requestId ?? null, campaignId: data.campaignId ?? null, operationId: data.operationId ?? null };
}

/** `YYYY-MM-01` of the UTC month of an instant. */
export const monthOf = (at: Date) => `${at.toISOString().slice(0, 7)}-01`;

export async function recordConsumption(tx: Tx, events: readonly MeteredEvent[]): Promise<void> {
  const pricesByApp = new Map<string, Awaited<ReturnType<typeof pricesInForce>>>();
  // The platform's own tenant (the product administrator's) invoices nobody: its activity is recorded, never billed.
  const platformTenant = new Map<string, boolean>();
  const rows: repo.ConsumptionValues[] = [];
  for (const event of events) {
    const usages = usageOf(event);
    if (!usages.length) continue;
    let prices = pricesByApp.get(event.appId);
    if (!prices) {
      // The tenant read once for both: whether it is the platform's, and its pack's prices.
      const application = await applicationById(tx, event.appId);
      platformTenant.set(event.appId, Boolean(application?.isPlatform));
      pricesByApp.set(event.appId, (prices = await pricesInForce(tx, event.appId, application)));
    }
    for (const usage of usages) {
      rows.push({
        appId: event.appId,
        userId: event.data.ownerUserId,
        kind: usage.kind,
        quantity: 1,
        unitPriceCents: prices.unitPrices[usage.kind],
        billable: !event.data.testMode && !platformTenant.get(event.appId),
        testMode: event.data.testMode,
        occurredAt: new Date(event.occurredAt),
        eventId: event.id,
        ...linksOf(event),
        signerId: usage.signerId ?? null,
      });
    }
  }
  const written = await repo.insertConsumptions(tx, rows);
  const deltas = written.map((row): repo.MonthlyDelta => {
    const billed = row.billable ? row.quantity : 0;
    return {
      appId: row.appId,
      month: monthOf(row.occurredAt),
      userId: row.userId,
      kind: row.kind,
      quantity: billed,
      grossCents: billed * row.unitPriceCents,
      testQuantity: row.quantity - billed,
    };
  });
  // Every create of a tenant's user updates the same monthly row: written with the transaction's last statement.
  await addCountsAtCommit(tx, monthlyRows(tx), deltas);
}

/** The monthly figures as counters (platform/db/counters.ts): one row per (tenant, month, owner, kind). */
const monthlyRows = (tx: Tx): CounterRows<repo.MonthlyDelta> => ({
  name: 'billing.consumption_monthly',
  keyOf: (d) => `${d.appId}|${d.month}|${d.userId ?? ''}|${d.kind}`,
  add: (into, more) => {
    into.quantity += more.quantity;
    into.grossCents += more.grossCents;
    into.testQuantity += more.testQuantity;
  },
  upsert: (deltas) => repo.addToMonthly(tx, deltas),
});

export const meteringRecorder = defineRecorder({ name: 'billing.metering', events: meteredEvents, record: (tx, events) => recordConsumption(tx, events) });
