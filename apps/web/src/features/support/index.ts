/** Public surface of the support feature: help form, maintenance page, the administrator's support screen. */
import type { FeatureModule } from '../../shared/routing.ts';
import { supportRoutes } from './routes.tsx';

export const supportFeature: FeatureModule = {
  namespace: 'support',
  routes: supportRoutes,
  loadAuthenticatedRoutes: () => import('./authenticatedRoutes.tsx').then((m) => m.supportScreens),
};
