import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';

const ns = 'payments';
/** The feature's one lazy chunk (screens.tsx). */
export const loadScreens = () => import('./screens.tsx');

/** The tenant's payment methods and payments (`billing.read`), the administrator's payments (`admin.billing`). */
export const paymentsRoutes: FeatureRoutes = {
  authenticated: [
    {
      path: 'billing/payment-methods',
      handle: { access: { permission: 'billing.read' } },
      lazy: lazyPage(ns, () => loadScreens().then((m) => m.PaymentMethodsPage)),
    },
    { path: 'billing/payments', handle: { access: { permission: 'billing.read' } }, lazy: lazyPage(ns, () => loadScreens().then((m) => m.PaymentsPage)) },
    {
      path: 'applications/payments',
      handle: { access: { permission: 'admin.billing' } },
      lazy: lazyPage(ns, () => loadScreens().then((m) => m.AdminPaymentsPage)),
    },
  ],
};
