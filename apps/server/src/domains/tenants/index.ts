// The tenants domain's public surface: what other domains may use (never its repository).
export * from './service.ts';
export { tenantsModule } from './module.ts';
export { presentApplicationSummary } from './presenter.ts';
/** The company identity the product administrator verified, and what withdraws it. */
export { isVerifiedName, recordCompanyIdentity, withdrawCompanyIdentity, type CompanyIdentityChange, type StoredCompanyIdentity } from './company-identity.ts';
