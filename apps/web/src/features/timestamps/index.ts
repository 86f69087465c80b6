/** Public surface of the timestamps feature: time-stamping of files and the public verification page. */
import type { FeatureModule } from '../../shared/routing.ts';
import { timestampsRoutes } from './routes.tsx';

export const timestampsFeature: FeatureModule = {
  namespace: 'timestamps',
  routes: timestampsRoutes,
};
