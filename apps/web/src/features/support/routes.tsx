import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';

export const supportRoutes: FeatureRoutes = {
  // The maintenance page is public: it must show whoever is (or is not) logged in, the signing page's visitors too.
  public: [{ path: 'maintenance', lazy: lazyPage('support', () => import('./pages/MaintenancePage.tsx').then((m) => m.MaintenancePage)) }],
  authenticated: [
    {
      path: 'help',
      handle: { access: { permission: 'dashboard.view' } },
      lazy: lazyPage('support', () => import('./pages/HelpPage.tsx').then((m) => m.HelpPage)),
    },
    {
      path: 'applications/help',
      handle: { access: { permission: 'admin.applications' } },
      lazy: lazyPage('support', () => import('./pages/SupportAdminPage.tsx').then((m) => m.SupportAdminPage)),
    },
  ],
};
