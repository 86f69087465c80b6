// The billing domain's public surface. Other domains use nothing else of the folder.
export { billingModule } from './module.ts';
/** The live-mode rule (docs/billing.md): the signatures domain asks it before a live send. */
export { isBillingComplete } from './service.ts';
