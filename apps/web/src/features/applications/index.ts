/** Public surface of the applications feature (client accounts): its routes. */
import type { FeatureModule } from '../../shared/routing.ts';
import { applicationsRoutes } from './routes.tsx';

export const applicationsFeature: FeatureModule = {
  namespace: 'applications',
  routes: applicationsRoutes,
};
