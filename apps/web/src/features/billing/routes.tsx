import { Navigate } from 'react-router';
import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';

const ns = 'billing';
/** The feature's one lazy chunk (screens.tsx), loaded from one place so that the entry holds its loader once. */
export const loadScreens = () => import('./screens.tsx');
const consumptionPage = lazyPage(ns, () => loadScreens().then((m) => m.ConsumptionPage));
const invoicesPage = lazyPage(ns, () => loadScreens().then((m) => m.InvoicesPage));
const adminBillingPage = lazyPage(ns, () => loadScreens().then((m) => m.AdminBillingPage));

/** Spec §2 `billing/conso` (`billing` redirects to it); the Billing tab of settings/configuration is the settings feature's. */
export const billingRoutes: FeatureRoutes = {
  authenticated: [
    { path: 'billing', handle: { access: { permission: 'billing.read' } }, element: <Navigate to="/billing/conso" replace /> },
    { path: 'billing/conso', handle: { access: { permission: 'billing.read' } }, lazy: consumptionPage },
    { path: 'billing/invoices', handle: { access: { permission: 'billing.read' } }, lazy: invoicesPage },
    // Spec §2 applications/billing: the product administrator's Invoices and To be invoiced tabs.
    { path: 'applications/billing', handle: { access: { permission: 'admin.billing' } }, lazy: adminBillingPage },
  ],
};
