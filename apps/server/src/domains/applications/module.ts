import { applicationEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { applicationRoutes } from './routes.ts';

/** Client accounts: public sign-up and the product administrator's screens. */
export const applicationsModule = defineModule({ name: 'applications', endpoints: [applicationEndpoints], routes: applicationRoutes });
