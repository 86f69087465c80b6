import { stampEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { referencedKeys } from './repository.ts';
import { stampRoutes } from './routes.ts';

/** The company seal: stamp accounts and sealed files (docs/stamps.md). */
export const stampsModule = defineModule({
  name: 'stamps',
  endpoints: [stampEndpoints],
  routes: stampRoutes,
  // Sealed files are kept as long as their history row: the storage sweep must not take them for orphans.
  storageReferences: (platform, keys) => platform.database.inSystem((tx) => referencedKeys(tx, [...keys])),
});
