// Everything of the billing feature the app loads on demand, in one chunk: each lazy chunk adds its file name and
// a loader to the app's entry, and the login route's budget (scripts/bundle-budget.ts) had little room left.
export { BillingSettingsTab } from './components/BillingSettingsTab.tsx';
export { ConsumptionPage } from './pages/ConsumptionPage.tsx';
export { TenantPricesPanel } from './components/TenantPricesPanel.tsx';
export { openBillingRequired } from './billingRequired.tsx';
export { InvoicesPage } from './pages/InvoicesPage.tsx';
export { AdminBillingPage } from './pages/AdminBillingPage.tsx';
export { TenantBillingPanel } from './components/TenantBillingPanel.tsx';
