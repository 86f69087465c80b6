import { describe, expect, it } from 'vitest';
import { packs } from '../shared/access.ts';
import { amountOf, consumptionKinds, discountFor, packPriceLists } from './pricing.ts';

const tiers = [
  { threshold: 1000, percent: 5 },
  { threshold: 5000, percent: 12.5 },
];

describe('volume discounts', () => {
  it('applies no discount below the lowest threshold, and the highest threshold reached at or above it', () => {
    expect(discountFor(0, tiers)).toBeNull();
    expect(discountFor(999, tiers)).toBeNull();
    expect(discountFor(1000, tiers)).toEqual({ threshold: 1000, percent: 5 });
    expect(discountFor(4999, tiers)?.percent).toBe(5);
    expect(discountFor(5000, tiers)?.percent).toBe(12.5);
    expect(discountFor(1_000_000, [...tiers].reverse())?.percent).toBe(12.5);
    expect(discountFor(10, [])).toBeNull();
  });

  it('takes the discount off the whole amount once the threshold is reached (not only the units past it)', () => {
    expect(amountOf(999, 999 * 40, tiers)).toEqual({ quantity: 999, grossCents: 39960, discountPercent: 0, discountCents: 0, netCents: 39960 });
    expect(amountOf(1000, 1000 * 40, tiers)).toEqual({ quantity: 1000, grossCents: 40000, discountPercent: 5, discountCents: 2000, netCents: 38000 });
    expect(amountOf(5000, 5000 * 40, tiers).netCents).toBe(175000);
  });

  it('rounds the discount half up to the cent, in integers', () => {
    // 12.5 % of 1,001 cents = 125.125 → 125; of 1,004 = 125.5 → 126.
    expect(amountOf(5000, 1001, tiers).discountCents).toBe(125);
    expect(amountOf(5000, 1004, tiers).discountCents).toBe(126);
    expect(amountOf(1000, 0, tiers).netCents).toBe(0);
  });
});

describe('pack defaults', () => {
  it('price every kind of every pack in integer cents; the Base pack is free', () => {
    for (const pack of packs) {
      for (const kind of consumptionKinds) expect(Number.isInteger(packPriceLists[pack].unitPrices[kind])).toBe(true);
    }
    expect(Object.values(packPriceLists.free.unitPrices).every((c) => c === 0)).toBe(true);
  });
  it('make a bigger pack cheaper per unit', () => {
    for (const kind of consumptionKinds) {
      expect(packPriceLists.medium.unitPrices[kind]).toBeLessThanOrEqual(packPriceLists.small.unitPrices[kind]);
      expect(packPriceLists.large.unitPrices[kind]).toBeLessThanOrEqual(packPriceLists.medium.unitPrices[kind]);
    }
  });
});
