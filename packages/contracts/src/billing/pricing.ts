import type { Pack } from '../shared/access.ts';

/**
 * What the product bills (spec §3 Application prices): one consumption kind per price. Amounts are integer euro
 * cents excluding VAT (spec §9: prices in euros excluding VAT), so sums never drift.
 */
export const consumptionKinds = [
  'signer_contacted',
  'signer_signed',
  'option_simple',
  'option_campaign',
  'option_sms',
  'option_mailing',
  'option_operation',
  'option_stamp',
  'option_timestamp',
  'stamp_created',
  'server_certificate',
  'api_call',
  'qualified_certificate',
  'proposal',
  'customer_journey_user',
] as const;
export type ConsumptionKind = (typeof consumptionKinds)[number];

export type UnitPrices = Record<ConsumptionKind, number>;

/**
 * A volume discount (spec §3): once the period's volume of a kind reaches `threshold` units, `percent` comes off
 * the whole amount of that kind (every unit, not only those past the threshold).
 */
export interface VolumeDiscount {
  threshold: number;
  /** 0 to 100, at most two decimals. */
  percent: number;
}

export interface PriceList {
  unitPrices: UnitPrices;
  discounts: VolumeDiscount[];
}

const zero = Object.fromEntries(consumptionKinds.map((k) => [k, 0])) as UnitPrices;

/**
 * The default price table of each pack (spec §9: Base free, Mini, Medium, Large), in cents excluding VAT, used
 * for a tenant until the product administrator sets its own prices. A bigger pack pays less per unit and gets
 * its discounts sooner. These are the product's starting figures, meant to be overridden per tenant: the spec
 * gives no amounts. The Base pack is free: its activity is metered at 0.
 */
export const packPriceLists: Record<Pack, PriceList> = {
  free: { unitPrices: { ...zero }, discounts: [] },
  small: {
    unitPrices: {
      ...zero,
      signer_contacted: 50,
      signer_signed: 150,
      option_simple: 20,
      option_campaign: 30,
      option_sms: 15,
      option_mailing: 40,
      option_operation: 30,
      option_stamp: 50,
      option_timestamp: 20,
      stamp_created: 1000,
      server_certificate: 5000,
      api_call: 1,
      qualified_certificate: 9900,
      proposal: 100,
      customer_journey_user: 500,
    },
    discounts: [{ threshold: 1000, percent: 5 }],
  },
  medium: {
    unitPrices: {
      ...zero,
      signer_contacted: 40,
      signer_signed: 120,
      option_simple: 15,
      option_campaign: 25,
      option_sms: 12,
      option_mailing: 30,
      option_operation: 25,
      option_stamp: 40,
      option_timestamp: 15,
      stamp_created: 800,
      server_certificate: 4500,
      api_call: 1,
      qualified_certificate: 8900,
      proposal: 80,
      customer_journey_user: 400,
    },
    discounts: [
      { threshold: 1000, percent: 5 },
      { threshold: 5000, percent: 10 },
    ],
  },
  large: {
    unitPrices: {
      ...zero,
      signer_contacted: 30,
      signer_signed: 90,
      option_simple: 10,
      option_campaign: 20,
      option_sms: 10,
      option_mailing: 20,
      option_operation: 20,
      option_stamp: 30,
      option_timestamp: 10,
      stamp_created: 600,
      server_certificate: 4000,
      api_call: 0,
      qualified_certificate: 7900,
      proposal: 60,
      customer_journey_user: 300,
    },
    discounts: [
      { threshold: 1000, percent: 10 },
      { threshold: 10000, percent: 15 },
      { threshold: 50000, percent: 20 },
    ],
  },
};

/** The discount a volume reaches: the highest threshold at or below it; none below the lowest threshold. */
export function discountFor(volume: number, discounts: readonly VolumeDiscount[]): VolumeDiscount | null {
  let best: VolumeDiscount | null = null;
  for (const d of discounts) if (volume >= d.threshold && (!best || d.threshold > best.threshold)) best = d;
  return best;
}

export interface KindAmount {
  quantity: number;
  /** Sum of each unit's price in force when it was consumed. */
  grossCents: number;
  discountPercent: number;
  discountCents: number;
  netCents: number;
}

/**
 * The amount of one kind over a period: the gross sum of the units' prices (each kept at the price in force when
 * it was consumed), less the discount the period's volume reached. The discount is rounded half up to the cent.
 */
export function amountOf(quantity: number, grossCents: number, discounts: readonly VolumeDiscount[]): KindAmount {
  const percent = discountFor(quantity, discounts)?.percent ?? 0;
  // Percent has at most two decimals: basis points keep the arithmetic in integers.
  const basisPoints = Math.round(percent * 100);
  const discountCents = Math.floor((grossCents * basisPoints + 5000) / 10000);
  return { quantity, grossCents, discountPercent: percent, discountCents, netCents: grossCents - discountCents };
}
