/** Public surface of the campaigns feature (classic campaigns: one set of documents sent to many signatories): its routes. */
import type { FeatureModule } from '../../shared/routing.ts';
import { campaignsRoutes } from './routes.tsx';

export const campaignsFeature: FeatureModule = {
  namespace: 'campaigns',
  routes: campaignsRoutes,
};
