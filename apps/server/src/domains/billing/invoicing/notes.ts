import { amountOf, consumptionKinds, type ConsumptionKind, type SaleBuyer, type SaleLine, type VolumeDiscount } from '@paraphe/contracts';
import type { Platform } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/client.ts';
import { audit } from '../../../platform/audit.ts';
import { applicationById } from '../../tenants/index.ts';
import { findUserById } from '../../users/index.ts';
import { pricesInForce } from '../prices.ts';
import * as billingRepo from '../repository.ts';
import { discountShare } from '../report.ts';
import { accountOf } from './accounts.ts';
import * as repo from './repository.ts';

/**
 * Delivery notes (docs/invoicing.md): a tenant's billable consumption from where its last note ended (or the start
 * of the boundary's month, before its first note) up to a boundary (exclusive), priced with the units' own prices
 * and the volume discounts in force, frozen in one row. The next note starts where this one ended, and the unique
 * (tenant, start) key makes a re-run, a concurrent run or a run after a crash add nothing twice.
 */

/** First instant of the UTC month of `at`. */
export const monthStartOf = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
/** First instant of the UTC month after `month` (`YYYY-MM`). */
export const monthEndOf = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1));

/**
 * The note's lines from the consumption groups: per month, kind and unit price. The discount percent of a month's
 * kind is the one its volume reached from the month's start to the boundary (units already on an earlier note of
 * the month count toward it), applied to this note's units only. Pure.
 */
export function noteLines(groups: readonly repo.ConsumptionGroup[], discounts: readonly VolumeDiscount[]): SaleLine[] {
  const volume = new Map<string, { quantity: number; grossCents: number }>();
  for (const g of groups) {
    const key = `${g.month}|${g.kind}`;
    const v = volume.get(key) ?? { quantity: 0, grossCents: 0 };
    v.quantity += g.quantity;
    v.grossCents += g.quantity * g.unitPriceCents;
    volume.set(key, v);
  }
  return groups
    .filter((g) => g.inRange && g.quantity > 0)
    .map((g) => {
      const v = volume.get(`${g.month}|${g.kind}`)!;
      const discountPercent = amountOf(v.quantity, v.grossCents, discounts).discountPercent;
      const grossCents = g.quantity * g.unitPriceCents;
      return {
        kind: g.kind as ConsumptionKind,
        month: g.month,
        quantity: g.quantity,
        unitPriceCents: g.unitPriceCents,
        grossCents,
        discountPercent,
        netCents: grossCents - discountShare(grossCents, discountPercent),
      };
    })
    .sort(
      (a, b) => a.month.localeCompare(b.month) || consumptionKinds.indexOf(a.kind) - consumptionKinds.indexOf(b.kind) || a.unitPriceCents - b.unitPriceCents,
    );
}

/** The buyer from the tenant's billing profile now; without one, the tenant's name only. */
export async function buyerOf(tx: Tx, appId: string): Promise<{ buyer: SaleBuyer; complete: boolean }> {
  const profile = await billingRepo.findProfile(tx, appId);
  if (profile) {
    const { companyName, registrationNumber, vatNumber, address, postalCode, city, country, billingEmail } = profile;
    return { buyer: { companyName, registrationNumber, vatNumber, address, postalCode, city, country, billingEmail }, complete: true };
  }
  const application = await applicationById(tx, appId);
  return {
    buyer: {
      companyName: application?.company ?? '',
      registrationNumber: null,
      vatNumber: null,
      address: '',
      postalCode: '',
      city: '',
      country: 'FR',
      billingEmail: null,
    },
    complete: false,
  };
}

/** The tenant's invoice language: its owner's (GERANT who opened the account); fr by default. */
export async function languageOf(tx: Tx, appId: string): Promise<string> {
  const application = await applicationById(tx, appId);
  const owner = application?.ownerUserId ? await findUserById(tx, application.ownerUserId) : undefined;
  return owner?.language ?? 'fr';
}

export type NoteOutcome = 'created' | 'empty' | 'exists';

/** One tenant's note up to `boundary`, in the caller's tenant transaction. */
export async function createNote(
  tx: Tx,
  platform: Platform,
  appId: string,
  boundary: Date,
  actorUserId: string | null,
): Promise<{ outcome: NoteOutcome; note?: repo.SaleRow }> {
  const start = (await repo.lastNoteEnd(tx, appId)) ?? monthStartOf(new Date(boundary.getTime() - 1));
  if (start >= boundary) return { outcome: 'empty' };
  const groups = await repo.consumptionGroups(tx, appId, monthStartOf(start), start, boundary);
  const { discounts } = await pricesInForce(tx, appId);
  const lines = noteLines(groups, discounts);
  const netCents = lines.reduce((s, l) => s + l.netCents, 0);
  // Nothing to bill (no consumption, a free pack, prices at 0): no note; the next run starts from the same point.
  if (netCents <= 0) return { outcome: 'empty' };
  const account = await accountOf(tx, appId);
  const note = await repo.insertNote(tx, {
    appId,
    kind: 'delivery_note',
    status: 'pending',
    issuingCompanyId: account.issuingCompanyId,
    periodStart: start,
    periodEnd: boundary,
    lines,
    discounts,
    netCents,
    totalCents: netCents,
    buyer: (await buyerOf(tx, appId)).buyer,
    language: await languageOf(tx, appId),
    autoPayment: account.autoPayment,
    createdAt: platform.clock(),
  });
  if (!note) return { outcome: 'exists' };
  await audit(tx, {
    appId,
    actorUserId,
    action: 'billing.note_created',
    targetType: 'sale',
    targetId: note.id,
    data: { periodStart: start.toISOString(), periodEnd: boundary.toISOString(), netCents },
  });
  return { outcome: 'created', note };
}

// ----- The run: every tenant with consumption, in chunks of jobs -----

export const notesQueue = 'billing-delivery-notes';
export const closeMonthQueue = 'billing-close-month';
/** 00:15 UTC on the 1st: the month just closed. */
export const closeMonthSchedule = '15 0 1 * *';
const tenantsPerJob = 100;
/** How far back a run looks for tenants with consumption (a tenant's note may start earlier: see the doc). */
const lookBackMonths = 12;

/** Enqueues the notes up to `boundary` for every tenant with billable consumption before it, in chunks. */
export async function startRun(platform: Platform, boundary: Date, actorUserId: string | null): Promise<{ tenants: number }> {
  return platform.database.inSystem(async (tx) => {
    const from = new Date(Date.UTC(boundary.getUTCFullYear(), boundary.getUTCMonth() - lookBackMonths, 1)).toISOString().slice(0, 10);
    const appIds = await repo.tenantsToBill(tx, from, boundary);
    const chunks: { data: { boundary: string; appIds: string[]; actorUserId: string | null } }[] = [];
    for (let i = 0; i < appIds.length; i += tenantsPerJob)
      chunks.push({ data: { boundary: boundary.toISOString(), appIds: appIds.slice(i, i + tenantsPerJob), actorUserId } });
    await platform.jobs.enqueueMany(tx, notesQueue, chunks);
    await audit(tx, {
      appId: null,
      actorUserId,
      action: 'billing.notes_run',
      targetType: 'sales',
      data: { boundary: boundary.toISOString(), tenants: appIds.length },
    });
    return { tenants: appIds.length };
  });
}

/** One chunk: each tenant in its own transaction (a failure of one is retried with the job, the others stay done). */
export async function runNotesChunk(
  platform: Platform,
  data: { boundary: string; appIds: string[]; actorUserId: string | null },
): Promise<Record<NoteOutcome, number>> {
  const counts: Record<NoteOutcome, number> = { created: 0, empty: 0, exists: 0 };
  const boundary = new Date(data.boundary);
  for (const appId of data.appIds) {
    const { outcome } = await platform.database.inTenant(appId, (tx) => createNote(tx, platform, appId, boundary, data.actorUserId));
    counts[outcome]++;
  }
  return counts;
}
