/** Public surface of the operations feature (batches: each order its own signature request): its routes. */
import type { FeatureModule } from '../../shared/routing.ts';
import { operationsRoutes } from './routes.tsx';

export const operationsFeature: FeatureModule = {
  namespace: 'operations',
  routes: operationsRoutes,
};
