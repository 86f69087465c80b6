import { directLinkEndpoints, requestTemplateEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { storageKeysReferenced } from './repository.ts';
import { requestTemplateRoutes } from './routes.ts';
import { directLinkRoutes } from './link-routes.ts';
import { requestTemplateMailTemplates } from './templates.ts';

/** Reusable request templates (docs/templates.md). */
export const requestTemplatesModule = defineModule({
  name: 'request-templates',
  endpoints: [requestTemplateEndpoints, directLinkEndpoints],
  routes: async (app, platform) => {
    await requestTemplateRoutes(app, platform);
    directLinkRoutes(app, platform);
  },
  templates: requestTemplateMailTemplates,
  // Template files are shared by the versions (and duplicates) that keep them: the sweep asks before removing one.
  storageReferences: (platform, keys) => platform.database.inSystem((tx) => storageKeysReferenced(tx, [...keys])),
});
