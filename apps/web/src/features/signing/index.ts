/** Public surface of the signing feature (the page a signer, observer or validator opens from a link): its route. */
import type { FeatureModule } from '../../shared/routing.ts';
import { signingRoutes } from './routes.tsx';

export const signingFeature: FeatureModule = {
  namespace: 'signing',
  routes: signingRoutes,
};
export { startEmbeddedSigning } from './embed/embedMode.ts';
