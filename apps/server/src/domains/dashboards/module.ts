import { dashboardEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { activityRecorder } from './activity.ts';
import { startPendingBackfill } from './backfill.ts';
import { dashboardRoutes } from './routes.ts';

/** The home dashboard and the product administrator's super dashboard, from figures kept by an event recorder. */
export const dashboardsModule = defineModule({
  name: 'dashboards',
  endpoints: [dashboardEndpoints],
  routes: dashboardRoutes,
  recorders: () => [activityRecorder],
  init: (platform) => startPendingBackfill(platform),
});
