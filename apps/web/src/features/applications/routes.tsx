import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';

const ns = 'applications';
const access = { permission: 'admin.applications' } as const;

/** The product administrator's client accounts. */
export const applicationsRoutes: FeatureRoutes = {
  authenticated: [
    { path: 'applications/list', handle: { access }, lazy: lazyPage(ns, () => import('./pages/ApplicationsListPage.tsx').then((m) => m.ApplicationsListPage)) },
    { path: 'applications/new', handle: { access }, lazy: lazyPage(ns, () => import('./pages/ApplicationNewPage.tsx').then((m) => m.ApplicationNewPage)) },
    { path: 'applications/legal-texts', handle: { access }, lazy: lazyPage(ns, () => import('./pages/LegalTextsPage.tsx').then((m) => m.LegalTextsPage)) },
    {
      path: 'applications/view/:id',
      handle: { access },
      lazy: lazyPage(ns, () => import('./pages/ApplicationViewPage.tsx').then((m) => m.ApplicationViewPage)),
    },
  ],
};
