import { crmEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { crmRoutes } from './routes.ts';
import { crmJobs, crmSubscriptions } from './writeback.ts';

/** The HubSpot CRM connector: connect, state, disconnect, contacts search, and the write-back to the contacts' timelines. */
export const crmModule = defineModule({ name: 'crm', endpoints: [crmEndpoints], routes: crmRoutes, jobs: crmJobs, subscriptions: crmSubscriptions });
