/**
 * Public surface of the payments feature. `PaymentMethodsPanel` is for settings → Billing (the billing feature's
 * tab embeds it): lazy, with its texts (the `payments` namespace): render it inside a Suspense.
 */
import { lazy } from 'react';
import { loadNamespaces } from '../../shared/i18n/i18n.ts';
import { loadScreens } from './routes.tsx';

export { paymentsFeature } from './feature.ts';
export { paymentsQueryKey } from './api.ts';

export const PaymentMethodsPanel = lazy(() => Promise.all([loadScreens(), loadNamespaces('payments')]).then(([m]) => ({ default: m.PaymentMethodsPanel })));
