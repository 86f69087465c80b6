/** Public surface of the outbox feature (mails and SMS captured or sent): its route. */
import type { FeatureModule } from '../../shared/routing.ts';
import { outboxRoutes } from './routes.tsx';

export const outboxFeature: FeatureModule = {
  namespace: 'outbox',
  routes: outboxRoutes,
};
