import type { BillingProfile, BillingProfileState, TenantPrices } from '@paraphe/contracts';
import { iso } from '../../platform/http/envelope.ts';
import type { PricesInForce } from './prices.ts';
import type { ProfileRow } from './repository.ts';

export function presentProfile(row: ProfileRow): BillingProfile {
  return {
    billingEmail: row.billingEmail,
    companyName: row.companyName,
    registrationNumber: row.registrationNumber,
    department: row.department,
    vatNumber: row.vatNumber,
    address: row.address,
    postalCode: row.postalCode,
    city: row.city,
    country: row.country,
    paymentMethod: row.paymentMethod,
    iban: row.iban,
    bic: row.bic,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const presentProfileState = (state: { profile: ProfileRow | null; complete: boolean; exempt: boolean }): BillingProfileState => ({
  exempt: state.exempt,
  profile: state.profile ? presentProfile(state.profile) : null,
  complete: state.complete,
});

export const presentPrices = (p: PricesInForce): TenantPrices => ({
  pack: p.pack,
  custom: p.custom,
  unitPrices: p.unitPrices,
  discounts: p.discounts,
  updatedAt: iso(p.updatedAt),
});
