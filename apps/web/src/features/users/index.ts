/** Public surface of the users feature: its routes. */
import type { FeatureModule } from '../../shared/routing.ts';
import { usersRoutes } from './routes.tsx';

export const usersFeature: FeatureModule = {
  namespace: 'users',
  routes: usersRoutes,
};
