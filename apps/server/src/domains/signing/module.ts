import { signingPageEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { completionJob, completionSubscriptions } from './completion.ts';
import { embedPageRoutes } from './embedding.ts';
import { signingPageRoutes } from './routes.ts';
import { signingTemplates } from './templates.ts';

/** The public signing page (signers, validators, observers) and the finalisation of signed requests. */
export const signingModule = defineModule({
  name: 'signing',
  endpoints: [signingPageEndpoints],
  routes: (app, platform) => {
    signingPageRoutes(app, platform);
    embedPageRoutes(app, platform);
  },
  templates: signingTemplates,
  jobs: [completionJob],
  subscriptions: completionSubscriptions,
});
