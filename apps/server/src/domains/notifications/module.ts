import { notificationEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { notificationRoutes } from './routes.ts';
import { notificationSubscriptions } from './subscriptions.ts';

export const notificationsModule = defineModule({
  name: 'notifications',
  endpoints: [notificationEndpoints],
  routes: notificationRoutes,
  subscriptions: notificationSubscriptions,
});
