import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';

/** The screens of the authenticated area (help, the administrator's support screen) are in authenticatedRoutes.tsx. */
export const supportRoutes: FeatureRoutes = {
  // The maintenance page is public: it must show whoever is (or is not) logged in, the signing page's visitors too.
  public: [{ path: 'maintenance', lazy: lazyPage('support', () => import('./pages/MaintenancePage.tsx').then((m) => m.MaintenancePage)) }],
};
