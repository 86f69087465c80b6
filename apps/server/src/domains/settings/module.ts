import { settingsEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { referencedLogoKeys } from '../tenants/index.ts';
import { settingsRoutes } from './routes.ts';

/** settings/configuration: a tenant's General and Parameters tabs, mail wording, logo, signing-provider credentials. */
export const settingsModule = defineModule({
  name: 'settings',
  endpoints: [settingsEndpoints],
  routes: settingsRoutes,
  // Logos live in the storage: the sweep must not take them for orphans.
  storageReferences: (platform, keys) => platform.database.inSystem((tx) => referencedLogoKeys(tx, keys)),
});
