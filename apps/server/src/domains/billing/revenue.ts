import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import { amountOf, packPriceLists, type VolumeDiscount } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { companiesAndPacksOf } from '../tenants/index.ts';
import { billingPrices, consumptionMonthly } from './schema.ts';

/**
 * Billed consumption excluding VAT across tenants, per month (the product administrator's super dashboard,
 * docs/dashboards.md): each tenant's month and kind gets the discount its volume reached under its prices in force
 * (as the consumption report computes it), summed. From the monthly figures (one row per tenant, month, user and
 * kind), grouped in SQL; invoices (the next part of billing) will be the real revenue.
 */
export async function billedConsumptionByMonth(db: Executor, from: string, to: string): Promise<Map<string, number>> {
  const groups = await db
    .select({
      appId: consumptionMonthly.appId,
      month: consumptionMonthly.month,
      quantity: sql<number>`sum(${consumptionMonthly.quantity})::bigint`.mapWith(Number),
      grossCents: sql<number>`sum(${consumptionMonthly.grossCents})::bigint`.mapWith(Number),
      kind: consumptionMonthly.kind,
    })
    .from(consumptionMonthly)
    .where(and(gte(consumptionMonthly.month, from), lte(consumptionMonthly.month, to)))
    .groupBy(consumptionMonthly.appId, consumptionMonthly.month, consumptionMonthly.kind);
  const appIds = [...new Set(groups.map((g) => g.appId))];
  const own = appIds.length ? await db.select({ appId: billingPrices.appId, discounts: billingPrices.discounts }).from(billingPrices).where(inArray(billingPrices.appId, appIds)) : [];
  const tenants = await companiesAndPacksOf(db, appIds);
  const discountsOf = new Map<string, readonly VolumeDiscount[]>(appIds.map((id) => [id, packPriceLists[tenants.get(id)?.pack ?? 'free'].discounts]));
  for (const row of own) discountsOf.set(row.appId, row.discounts);
  const byMonth = new Map<string, number>();
  for (const g of groups) {
    const month = g.month.slice(0, 7);
    byMonth.set(month, (byMonth.get(month) ?? 0) + amountOf(g.quantity, g.grossCents, discountsOf.get(g.appId) ?? []).netCents);
  }
  return byMonth;
}
