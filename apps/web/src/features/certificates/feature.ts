import type { FeatureModule } from '../../shared/routing.ts';
import { certificatesRoutes } from './routes.tsx';

/** Qualified certificates as the app composes it (app/features.ts). */
export const certificatesFeature: FeatureModule = {
  namespace: 'certificates',
  routes: certificatesRoutes,
};
