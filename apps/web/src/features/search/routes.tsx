import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';

export const searchRoutes: FeatureRoutes = {
  authenticated: [
    {
      path: 'search',
      handle: { access: { permission: 'signatures.read' } },
      lazy: lazyPage('search', () => import('./pages/SearchPage.tsx').then((m) => m.SearchPage)),
    },
  ],
};
