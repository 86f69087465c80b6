import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';

export const notificationsRoutes: FeatureRoutes = {
  authenticated: [
    {
      path: 'notifications/list',
      handle: { access: { permission: 'notifications.read' } },
      lazy: lazyPage('notifications', () => import('./pages/NotificationsListPage.tsx').then((m) => m.NotificationsListPage)),
    },
  ],
};
