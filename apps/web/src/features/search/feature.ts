import type { FeatureModule } from '../../shared/routing.ts';
import { searchRoutes } from './routes.tsx';

/** The search feature as the app composes it (app/features.ts imports it from here: index.ts's box is the shell's). */
export const searchFeature: FeatureModule = {
  namespace: 'search',
  routes: searchRoutes,
};
