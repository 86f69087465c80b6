import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';

/** Spec §2 `settings/configuration`: every user has a tab there (User); each tab asks its own permission. */
export const settingsRoutes: FeatureRoutes = {
  authenticated: [
    {
      path: 'settings/configuration',
      handle: { access: { permission: 'settings.profile' } },
      lazy: lazyPage(['settings', 'billing'], () => import('./pages/SettingsPage.tsx').then((m) => m.SettingsPage)),
    },
  ],
};
