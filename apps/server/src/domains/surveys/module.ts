import { surveyEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { surveySubscriptions } from './invitations.ts';
import { surveyRoutes } from './routes.ts';
import { surveyTemplates } from './templates.ts';

/** The survey connector (Typeform): connection, form choice, and the survey mail to signers after completion. */
export const surveysModule = defineModule({
  name: 'surveys',
  endpoints: [surveyEndpoints],
  routes: surveyRoutes,
  templates: surveyTemplates,
  subscriptions: surveySubscriptions,
});
