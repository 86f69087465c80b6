import { packPriceLists, type Pack, type PriceList } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { getApplication } from '../tenants/index.ts';
import * as repo from './repository.ts';

export interface PricesInForce extends PriceList {
  pack: Pack;
  /** True when the product administrator set the tenant's own prices. */
  custom: boolean;
  updatedAt: Date | null;
}

/**
 * The tenant's prices now: its own when set, else its pack's default table (contracts: billing/pricing.ts).
 * `known`: the tenant when the caller has just read it (not read again).
 */
export async function pricesInForce(db: Executor, appId: string, known?: Pick<Awaited<ReturnType<typeof getApplication>>, 'pack'>): Promise<PricesInForce> {
  const application = known ?? (await getApplication(db, appId));
  const own = await repo.findPrices(db, appId);
  if (own)
    return {
      pack: application.pack,
      custom: true,
      unitPrices: { ...packPriceLists[application.pack].unitPrices, ...own.unitPrices },
      discounts: own.discounts,
      updatedAt: own.updatedAt,
    };
  return { pack: application.pack, custom: false, ...packPriceLists[application.pack], updatedAt: null };
}
