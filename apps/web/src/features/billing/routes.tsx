import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';

const ns = 'billing';
/** The feature's one lazy chunk (screens.tsx), loaded from one place so that the entry holds its loader once. */
export const loadScreens = () => import('./screens.tsx');
const settingsPage = lazyPage(ns, () => loadScreens().then((m) => m.SettingsPage));
const consumptionPage = lazyPage(ns, () => loadScreens().then((m) => m.ConsumptionPage));
const invoicesPage = lazyPage(ns, () => loadScreens().then((m) => m.InvoicesPage));
const adminBillingPage = lazyPage(ns, () => loadScreens().then((m) => m.AdminBillingPage));

/**
 * Spec §2 `settings/configuration` (tabs: only Billing exists yet, so the screen needs `billing.read`; each tab
 * has its own access) and `billing/conso` (`billing` redirects to it: app/comingSoon.tsx).
 */
export const billingRoutes: FeatureRoutes = {
  authenticated: [
    { path: 'settings/configuration', handle: { access: { permission: 'billing.read' } }, lazy: settingsPage },
    { path: 'billing/conso', handle: { access: { permission: 'billing.read' } }, lazy: consumptionPage },
    { path: 'billing/invoices', handle: { access: { permission: 'billing.read' } }, lazy: invoicesPage },
    // Spec §2 applications/billing: the product administrator's Invoices and To be invoiced tabs.
    { path: 'applications/billing', handle: { access: { permission: 'admin.billing' } }, lazy: adminBillingPage },
  ],
};
