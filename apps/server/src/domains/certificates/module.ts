import { certificateEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { certificateJobs } from './activation.ts';
import { referencedKeys } from './repository.ts';
import { certificateRoutes } from './routes.ts';

/** Qualified certificates: orders, identity checks by the operator, activation, lifecycle (docs/qualified.md). */
export const certificatesModule = defineModule({
  name: 'certificates',
  endpoints: [certificateEndpoints],
  routes: certificateRoutes,
  jobs: certificateJobs,
  // Identity documents are kept with their order: the storage sweep must not take them for orphans.
  storageReferences: (platform, keys) => platform.database.inSystem((tx) => referencedKeys(tx, [...keys])),
});
