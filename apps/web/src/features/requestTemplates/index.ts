/** Public surface of the request templates feature (docs/templates.md): its routes. */
import type { FeatureModule } from '../../shared/routing.ts';
import { requestTemplatesRoutes } from './routes.tsx';

export const requestTemplatesFeature: FeatureModule = {
  namespace: 'requestTemplates',
  routes: requestTemplatesRoutes,
};
