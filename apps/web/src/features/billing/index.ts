/** Public surface of the billing feature (settings → Billing, billing/conso, a tenant's prices for the administrator). */
import { lazy } from 'react';
import type { FeatureModule } from '../../shared/routing.ts';
import { isApiError } from '../../shared/api/apiError.ts';
import { loadNamespaces } from '../../shared/i18n/i18n.ts';
import { billingRoutes, loadScreens } from './routes.tsx';

export const billingFeature: FeatureModule = {
  namespace: 'billing',
  locales: import.meta.glob('./locales/*.json', { import: 'default' }),
  routes: billingRoutes,
};

/** The lazily shared pieces and their texts. */
const loadPublic = () => Promise.all([loadScreens(), loadNamespaces('billing')]);

/** Where a refused live send (BILLING_REQUIRED) sends the user: settings → Billing. */
export const billingSettingsPath = '/settings/configuration?tab=billing';

/**
 * When `error` is the live-mode refusal for want of a complete billing profile (BILLING_REQUIRED): tells the user,
 * with a button to settings → Billing when they may fill it (`billing.manage`), otherwise whom to ask (the dialog
 * and its texts load on demand), and answers true. Other errors: false, for the caller to show.
 */
export function showBillingRequired(error: unknown, navigate: (to: string) => void, canManageBilling: boolean): boolean {
  if (!isApiError(error, 'BILLING_REQUIRED')) return false;
  void loadPublic().then(([m]) => m.openBillingRequired(() => navigate(billingSettingsPath), canManageBilling));
  return true;
}

/**
 * The product administrator's editor of a tenant's prices (application view, tab Billing). Lazy, with its texts
 * (the `billing` namespace): render it inside a Suspense.
 */
export const TenantPricesPanel = lazy(() => loadPublic().then(([m]) => ({ default: m.TenantPricesPanel })));
