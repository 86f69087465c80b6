/** Public surface of the dashboards feature (spec §2 `home`, `dashboardAdmin`): its routes and texts. */
import type { FeatureModule } from '../../shared/routing.ts';
import { dashboardsRoutes } from './routes.tsx';

export const dashboardsFeature: FeatureModule = {
  namespace: 'dashboards',
  routes: dashboardsRoutes,
};
