import { webhookEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { legacyFanOutSubscriptions, webhookRecorders } from './delivery.ts';
import { webhookJobs } from './dispatch.ts';
import { webhookRoutes } from './routes.ts';

export const webhooksModule = defineModule({
  name: 'webhooks',
  endpoints: [webhookEndpoints],
  routes: webhookRoutes,
  jobs: webhookJobs,
  recorders: webhookRecorders,
  subscriptions: legacyFanOutSubscriptions,
});
