import type { ApplicationSettings, FeatureFlags, Logo, Pack, TenantTemplates } from '@paraphe/contracts';

/**
 * What other domains read and write of a tenant: plain views, written out here so that the public surface does
 * not change when a column is added (the repository's rows are checked against them where service.ts returns
 * them). The table stays this domain's own.
 */

/** The tenant's logo (settings → General): its storage key and what was read from its header at upload. */
export type StoredLogo = Omit<Logo, 'url'> & { key: string; version: string };

/**
 * The company identity the product administrator verified (docs/stamps.md "Who a seal is attributed to"): what was
 * checked — legal name, registration number, country — when and by whom. Null until verified, and again after the
 * tenant changes its company name, legal name or number.
 */
export interface StoredCompanyIdentity {
  legalName: string;
  registrationNumber: string;
  country: string;
  verifiedAt: string;
  verifiedByUserId: string;
}

export interface ApplicationView {
  id: string;
  company: string;
  ownerUserId: string | null;
  pack: Pack;
  enabled: boolean;
  testMode: boolean;
  isPlatform: boolean;
  features: FeatureFlags;
  settings: ApplicationSettings;
  logo: StoredLogo | null;
  messageTemplates: TenantTemplates;
  companyIdentity: StoredCompanyIdentity | null;
  consentPersonalDataAt: Date | null;
  consentPartnersAt: Date | null;
  consentBrandPublicationAt: Date | null;
  termsAcceptedAt: Date | null;
  lastConnectionAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What may change of a tenant through this domain (its id and dates are its own). */
export type ApplicationChanges = Partial<Omit<ApplicationView, 'id' | 'createdAt' | 'updatedAt'>>;

/** A new tenant: its name, features and settings; the rest takes the table's defaults. */
export type NewApplication = Pick<ApplicationView, 'company' | 'features' | 'settings'> & ApplicationChanges;

/** The product administrator's list of tenants. */
export interface ApplicationFilter {
  search?: string;
  enabled?: boolean;
  pack?: Pack;
  limit: number;
  offset: number;
  order: 'ASC' | 'DESC';
}

/** A tenant's name and pack, for figures across tenants. */
export interface CompanyAndPack {
  company: string;
  pack: Pack;
}
