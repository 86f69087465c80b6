/** Public surface of the profile feature: its route. */
import type { FeatureModule } from '../../shared/routing.ts';
import { profileRoutes } from './routes.tsx';

export const profileFeature: FeatureModule = {
  namespace: 'profile',
  routes: profileRoutes,
};
