/** Public surface of the signatures feature (signature requests): its routes. */
import type { FeatureModule } from '../../shared/routing.ts';
import { signaturesRoutes } from './routes.tsx';

export const signaturesFeature: FeatureModule = {
  namespace: 'signatures',
  locales: import.meta.glob('./locales/*.json', { import: 'default' }),
  routes: signaturesRoutes,
};
