import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';

const ns = 'billing';
/** The feature's one lazy chunk (screens.tsx), loaded from one place so that the entry holds its loader once. */
export const loadScreens = () => import('./screens.tsx');
const settingsPage = lazyPage(ns, () => loadScreens().then((m) => m.SettingsPage));
const consumptionPage = lazyPage(ns, () => loadScreens().then((m) => m.ConsumptionPage));

/**
 * Spec §2 `settings/configuration` (tabs: only Billing exists yet, so the screen needs `billing.read`; each tab
 * has its own access) and `billing/conso` (`billing` redirects to it: app/comingSoon.tsx).
 */
export const billingRoutes: FeatureRoutes = {
  authenticated: [
    { path: 'settings/configuration', handle: { access: { permission: 'billing.read' } }, lazy: settingsPage },
    { path: 'billing/conso', handle: { access: { permission: 'billing.read' } }, lazy: consumptionPage },
  ],
};
