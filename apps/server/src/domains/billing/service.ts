import type { Readable } from 'node:stream';
import { isProfileComplete, type BillingProfileValues, type ConsumptionQuery, type ConsumptionReport, type PriceList } from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { xlsxReadable } from '../../platform/spreadsheets/index.ts';
import { applicationById, withdrawCompanyIdentity } from '../tenants/index.ts';
import { displayNamesOf, findUserById } from '../users/index.ts';
import { pricesInForce, type PricesInForce } from './prices.ts';
import { buildReport, discountShare } from './report.ts';
import * as repo from './repository.ts';

interface Options {
  platform: Platform;
  actor: Actor;
}

// ----- Profile and the live-mode rule -----

/**
 * Whether the tenant may send in live mode (spec §5: sending is blocked until the billing settings are set): its
 * billing profile is complete. The platform's own tenant (the product administrator's) invoices nobody and has
 * no profile to give: it may always send.
 */
export async function isBillingComplete(db: Executor, appId: string): Promise<boolean> {
  const application = await applicationById(db, appId);
  if (application?.isPlatform) return true;
  const profile = await repo.findProfile(db, appId);
  return profile ? isProfileComplete(profile) : false;
}

/**
 * The tenant's billing profile and whether it is complete, for the payments domain (payment method, IBAN/BIC,
 * company and billing e-mail of a mandate or a failure notice); null before it is first saved.
 */
export async function billingProfileOf(db: Executor, appId: string): Promise<{ profile: repo.ProfileRow; complete: boolean } | null> {
  const profile = await repo.findProfile(db, appId);
  return profile ? { profile, complete: isProfileComplete(profile) } : null;
}

/** The profile, whether it is complete, and whether the tenant needs none (the platform's own: `exempt`). */
export async function getProfile(opts: Options): Promise<{ profile: repo.ProfileRow | null; complete: boolean; exempt: boolean }> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const profile = (await repo.findProfile(tx, actor.appId)) ?? null;
    const exempt = Boolean((await applicationById(tx, actor.appId))?.isPlatform);
    return { profile, complete: profile ? isProfileComplete(profile) : false, exempt };
  });
}

export async function saveProfile(opts: Options & { input: BillingProfileValues }) {
  const { platform, actor, input } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const before = await repo.findProfile(tx, actor.appId);
    const profile = await repo.saveProfile(tx, actor.appId, input, actor.realUserId, platform.clock());
    const complete = isProfileComplete(profile);
    const exempt = Boolean((await applicationById(tx, actor.appId))?.isPlatform);
    const changed = before
      ? (Object.keys(input) as (keyof BillingProfileValues)[]).filter((k) => (input[k] ?? null) !== (before[k] ?? null))
      : Object.keys(input);
    // The audit row names the changed fields, never their values (an IBAN is not a log's business).
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'billing.profile_saved',
      targetType: 'billing_profile',
      targetId: actor.appId,
      data: { changed },
      ip: actor.ip,
    });
    // The verified company identity was this legal name and number: a change withdraws it (docs/stamps.md).
    const identityChange = changed.includes('companyName')
      ? 'legal_name_changed'
      : changed.includes('registrationNumber')
        ? 'registration_number_changed'
        : null;
    if (identityChange) await withdrawCompanyIdentity(tx, actor.appId, identityChange, { actorUserId: actor.realUserId, ip: actor.ip });
    await platform.events.emit(tx, {
      type: 'billing.profile_saved',
      appId: actor.appId,
      actorUserId: actor.realUserId,
      data: { complete, paymentMethod: profile.paymentMethod },
    });
    return { profile, complete, exempt };
  });
}

// ----- Prices -----

export async function tenantPrices(opts: Options): Promise<PricesInForce> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, (tx) => pricesInForce(tx, actor.appId));
}

/** The product administrator's calls on another tenant: an unknown one is 404. */
export async function inExistingTenant<T>(platform: Platform, appId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return platform.database.inTenant(appId, async (tx) => {
    if (!(await applicationById(tx, appId))) throw notFound('Application');
    return fn(tx);
  });
}

export async function adminPrices(opts: Options & { appId: string }): Promise<PricesInForce> {
  return inExistingTenant(opts.platform, opts.appId, (tx) => pricesInForce(tx, opts.appId));
}

/** Sets or resets (null) a tenant's prices; consumption already recorded keeps the prices it was recorded at. */
export async function setAdminPrices(opts: Options & { appId: string; prices: PriceList | null }): Promise<PricesInForce> {
  const { platform, actor, appId, prices } = opts;
  return inExistingTenant(platform, appId, async (tx) => {
    if (prices) await repo.savePrices(tx, appId, prices, actor.realUserId, platform.clock());
    else await repo.deletePrices(tx, appId);
    const now = await pricesInForce(tx, appId);
    await audit(tx, {
      appId,
      actorUserId: actor.realUserId,
      action: prices ? 'billing.prices_changed' : 'billing.prices_reset',
      targetType: 'application',
      targetId: appId,
      data: { custom: now.custom },
      ip: actor.ip,
    });
    await platform.events.emit(tx, { type: 'billing.prices_changed', appId, actorUserId: actor.realUserId, data: { pack: now.pack, custom: now.custom } });
    return now;
  });
}

// ----- Consumption -----

const firstDay = (month: string) => `${month}-01`;

async function report(opts: Options & { query: ConsumptionQuery; userId?: string }): Promise<ConsumptionReport> {
  const { platform, actor, query, userId } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    if (userId) {
      const user = await findUserById(tx, userId);
      if (!user || user.appId !== actor.appId) throw notFound('User');
    }
    const rows = await repo.monthlyRows(tx, actor.appId, firstDay(query.from), firstDay(query.to));
    const prices = await pricesInForce(tx, actor.appId);
    const names = await displayNamesOf(
      tx,
      rows.flatMap((r) => (r.userId ? [r.userId] : [])),
    );
    return buildReport({ from: query.from, to: query.to, rows, discounts: prices.discounts, names, userId });
  });
}

export const consumptionReport = (opts: Options & { query: ConsumptionQuery }) => report(opts);
export const userConsumptionReport = (opts: Options & { query: ConsumptionQuery; userId: string }) => report(opts);

const euros = (cents: number) => cents / 100;

/**
 * The range's consumption as an .xlsx file: one row per month, user and kind (the monthly figures: a few rows
 * per month, so the report is computed first and streamed out). User names are neutralised like every export.
 */
export async function exportConsumption(opts: Options & { query: ConsumptionQuery }): Promise<Readable> {
  const { platform, actor, query } = opts;
  const { rows, names, discounts } = await platform.database.inTenant(actor.appId, async (tx) => {
    const rows = await repo.monthlyRows(tx, actor.appId, firstDay(query.from), firstDay(query.to));
    return {
      rows,
      names: await displayNamesOf(
        tx,
        rows.flatMap((r) => (r.userId ? [r.userId] : [])),
      ),
      discounts: (await pricesInForce(tx, actor.appId)).discounts,
    };
  });
  const full = buildReport({ from: query.from, to: query.to, rows, discounts, names });
  const percent = new Map(full.months.flatMap((m) => m.lines.map((l) => [`${m.month}|${l.kind}`, l.discountPercent] as const)));
  async function* sheetRows() {
    for (const row of rows) {
      const month = row.month.slice(0, 7);
      const discountPercent = percent.get(`${month}|${row.kind}`) ?? 0;
      const discountCents = discountShare(row.grossCents, discountPercent);
      yield {
        month,
        user: row.userId ? (names.get(row.userId) ?? row.userId) : '-', // neutralised by the writer (formula-guard.ts)
        kind: row.kind,
        quantity: row.quantity,
        testQuantity: row.testQuantity,
        gross: euros(row.grossCents),
        discountPercent,
        net: euros(row.grossCents - discountCents),
      };
    }
  }
  return xlsxReadable({
    sheetName: 'Consumption',
    columns: [
      { header: 'Month', key: 'month', width: 10 },
      { header: 'User', key: 'user', width: 28 },
      { header: 'Kind', key: 'kind', width: 22 },
      { header: 'Quantity', key: 'quantity', type: 'number' },
      { header: 'Test mode (not billed)', key: 'testQuantity', type: 'number' },
      { header: 'Amount excl. VAT before discount (EUR)', key: 'gross', type: 'number' },
      { header: 'Discount (%)', key: 'discountPercent', type: 'number' },
      { header: 'Amount excl. VAT (EUR)', key: 'net', type: 'number' },
    ],
    rows: sheetRows(),
  });
}
