import type { FeatureModule } from '../../shared/routing.ts';
import { certificatesRoutes } from './routes.tsx';

/** Qualified certificates as the app composes it (app/features.ts). */
export const certificatesFeature: FeatureModule = {
  namespace: 'certificates',
  locales: import.meta.glob('./locales/*.json', { import: 'default' }),
  routes: certificatesRoutes,
};
