import { billingEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { meteringRecorder } from './metering.ts';
import { billingRoutes } from './routes.ts';

/** Money, first part: the billing profile (live sending needs it), prices, metering and the consumption screens. */
export const billingModule = defineModule({
  name: 'billing',
  endpoints: [billingEndpoints],
  routes: billingRoutes,
  recorders: () => [meteringRecorder],
});
