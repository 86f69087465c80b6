import { webhookEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { webhookJobs, webhookSubscriptions } from './delivery.ts';
import { webhookRoutes } from './routes.ts';

export const webhooksModule = defineModule({ name: 'webhooks', endpoints: [webhookEndpoints], routes: webhookRoutes, jobs: webhookJobs, subscriptions: webhookSubscriptions });
