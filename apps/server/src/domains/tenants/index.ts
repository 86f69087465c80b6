// The tenants domain's public surface: what other domains may use (never its repository).
export * from './service.ts';
export { tenantsModule } from './module.ts';
export { presentApplicationSummary } from './presenter.ts';
/** Company and pack of many tenants at once (the super dashboard, billed consumption across tenants). */
export { companiesAndPacksOf, logoKeysAmong } from './repository.ts';
