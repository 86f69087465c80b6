import { signingPageEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { completionJob, completionSubscriptions } from './completion.ts';
import { signingPageRoutes } from './routes.ts';
import { signingTemplates } from './templates.ts';

/** The public signing page (signers, validators, observers) and the finalisation of signed requests. */
export const signingModule = defineModule({
  name: 'signing',
  endpoints: [signingPageEndpoints],
  routes: signingPageRoutes,
  templates: signingTemplates,
  jobs: [completionJob],
  subscriptions: completionSubscriptions,
});
