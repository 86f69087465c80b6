import { amountOf, packPriceLists, type VolumeDiscount } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { companiesAndPacks } from '../tenants/index.ts';
import * as repo from './repository.ts';

/**
 * Billed consumption excluding VAT across tenants, per month (the product administrator's super dashboard,
 * docs/dashboards.md): each tenant's month and kind gets the discount its volume reached under its prices in force
 * (as the consumption report computes it), summed. From the monthly figures: the gross per month is summed in SQL;
 * only the (tenant, month, kind) groups whose volume reaches the lowest threshold of any price list in force can
 * have a discount, and only those come back to be discounted here. Invoices (the next part of billing) will be
 * the real revenue.
 */
export async function billedConsumptionByMonth(db: Executor, from: string, to: string): Promise<Map<string, number>> {
  const gross = await repo.grossByMonth(db, from, to);
  const custom = await repo.customDiscounts(db);
  const thresholds = [...Object.values(packPriceLists), ...custom].flatMap((list) => list.discounts.map((d) => d.threshold));
  const byMonth = new Map(gross.map((g) => [g.month.slice(0, 7), g.grossCents]));
  if (!thresholds.length) return byMonth;

  const discountable = await repo.groupsFromVolume(db, from, to, Math.min(...thresholds));
  const ownDiscounts = new Map(custom.map((c) => [c.appId, c.discounts]));
  const packs = await companiesAndPacks(db, [...new Set(discountable.map((g) => g.appId).filter((id) => !ownDiscounts.has(id)))]);
  const discountsOf = (appId: string): readonly VolumeDiscount[] => ownDiscounts.get(appId) ?? packPriceLists[packs.get(appId)?.pack ?? 'free'].discounts;
  for (const g of discountable) {
    const month = g.month.slice(0, 7);
    byMonth.set(month, (byMonth.get(month) ?? 0) - amountOf(g.quantity, g.grossCents, discountsOf(g.appId)).discountCents);
  }
  return byMonth;
}
