import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';

export const outboxRoutes: FeatureRoutes = {
  authenticated: [
    {
      path: 'outbox',
      handle: { access: { permission: 'admin.outbox' } },
      lazy: lazyPage('outbox', () => import('./pages/OutboxPage.tsx').then((m) => m.OutboxPage)),
    },
  ],
};
