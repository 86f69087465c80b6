import type { FeatureModule } from '../../shared/routing.ts';
import { stampsRoutes } from './routes.tsx';

/** The company seal feature as the app composes it (app/features.ts). */
export const stampsFeature: FeatureModule = {
  namespace: 'stamps',
  routes: stampsRoutes,
};
