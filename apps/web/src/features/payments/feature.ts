import type { FeatureModule } from '../../shared/routing.ts';
import { paymentsRoutes } from './routes.tsx';

/** The payments feature as the app composes it (app/features.ts). */
export const paymentsFeature: FeatureModule = {
  namespace: 'payments',
  routes: paymentsRoutes,
};
