import type { FeatureModule } from '../../shared/routing.ts';
import { billingRoutes } from './routes.tsx';

/** The billing feature as the app composes it (app/features.ts imports it from here, see index.ts). */
export const billingFeature: FeatureModule = {
  namespace: 'billing',
  routes: billingRoutes,
};
