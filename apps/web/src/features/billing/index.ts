/**
 * Public surface of the billing feature (the Billing tab of settings, billing/conso, a tenant's prices for the
 * administrator). The app takes the feature module from feature.ts, so that what only other features' lazy
 * screens use (below) stays out of the app's entry (the login route's budget, scripts/bundle-budget.ts).
 */
import { lazy } from 'react';
import { isApiError } from '../../shared/api/apiError.ts';
import { loadNamespaces } from '../../shared/i18n/i18n.ts';
import { loadScreens } from './routes.tsx';
import { useBillingProfile } from './api.ts';

export { billingFeature } from './feature.ts';

/** The lazily shared pieces and their texts. */
const loadPublic = () => Promise.all([loadScreens(), loadNamespaces('billing')]);

/**
 * The live-mode warning of the forms that send (issue 25): true only when the tenant is live and its billing profile
 * is known to be incomplete. A user who may not read billing (no `billing.read`) gets false: the refusal at send
 * (showBillingRequired) then says whom to ask.
 */
export function useLiveBillingIncomplete(me: { application: { testMode: boolean }; permissions: readonly string[] }): boolean {
  const profile = useBillingProfile({ enabled: !me.application.testMode && me.permissions.includes('billing.read'), quiet: true });
  return !me.application.testMode && profile.data?.complete === false;
}

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

/** settings/configuration → Billing: the billing profile and the payment methods (lazy, in a Suspense). */
export const BillingSettingsTab = lazy(() => loadPublic().then(([m]) => ({ default: m.BillingSettingsTab })));

/** The application view's Billing tab for the administrator: billing account, prices, invoices (lazy, in a Suspense). */
export const TenantBillingPanel = lazy(() => loadPublic().then(([m]) => ({ default: m.TenantBillingPanel })));
