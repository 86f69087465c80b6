import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';

export const profileRoutes: FeatureRoutes = {
  authenticated: [
    {
      path: 'settings/profile',
      handle: { access: { permission: 'settings.profile' } },
      lazy: lazyPage('profile', () => import('./pages/ProfilePage.tsx').then((m) => m.ProfilePage)),
    },
  ],
};
