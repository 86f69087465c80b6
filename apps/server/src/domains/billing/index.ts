// The billing domain's public surface. Other domains use nothing else of the folder.
export { billingModule } from './module.ts';
/** The live-mode rule (docs/billing.md): the signatures domain asks it before a live send. */
export { isBillingComplete } from './service.ts';
/** The dashboards: the tenant's consumption report (home), billed consumption across tenants (super dashboard). */
export { consumptionReport } from './service.ts';
export { billedConsumptionByMonth } from './revenue.ts';
/** The payments domain reads the profile's payment method, IBAN and company (docs/payments.md). */
export { billingProfileOf } from './service.ts';
