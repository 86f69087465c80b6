/** Public surface of the search feature: its route, and the header's search box. */
import type { FeatureModule } from '../../shared/routing.ts';
import { searchRoutes } from './routes.tsx';

export { HeaderSearchBox } from './components/HeaderSearchBox.tsx';

export const searchFeature: FeatureModule = {
  namespace: 'search',
  routes: searchRoutes,
};
