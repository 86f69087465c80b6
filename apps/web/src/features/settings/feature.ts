import type { FeatureModule } from '../../shared/routing.ts';
import { settingsRoutes } from './routes.tsx';

/** The settings feature as the app composes it (app/features.ts imports it from here, see index.ts). */
export const settingsFeature: FeatureModule = {
  namespace: 'settings',
  routes: settingsRoutes,
};
