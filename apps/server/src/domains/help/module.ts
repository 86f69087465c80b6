import { helpEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { referencedKeys } from './repository.ts';
import { helpRoutes } from './routes.ts';
import { helpTemplates } from './templates.ts';

/** Help requests: the form, the product administrator's list (docs/help-and-maintenance.md). */
export const helpModule = defineModule({
  name: 'help',
  endpoints: [helpEndpoints],
  routes: helpRoutes,
  templates: helpTemplates,
  // Attachments stay with their request: the storage sweep must not take them for orphans.
  storageReferences: (platform, keys) => platform.database.inSystem((tx) => referencedKeys(tx, [...keys])),
});
