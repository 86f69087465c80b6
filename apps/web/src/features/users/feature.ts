import type { FeatureModule } from '../../shared/routing.ts';
import { usersRoutes } from './routes.tsx';

/** The users feature as the app composes it (app/features.ts imports it from here: index.ts also gives a settings tab). */
export const usersFeature: FeatureModule = {
  namespace: 'users',
  routes: usersRoutes,
};
