/** Public surface of the users feature: its routes, and the settings' Hierarchy tab (the settings page shows it). */
import type { FeatureModule } from '../../shared/routing.ts';
import { usersRoutes } from './routes.tsx';

export const usersFeature: FeatureModule = {
  namespace: 'users',
  routes: usersRoutes,
};
export { HierarchySettingsTab } from './components/HierarchySettingsTab.tsx';
