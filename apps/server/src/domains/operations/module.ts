import { operationEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { bulkJobs, storageReferencesOf } from '../bulk/index.ts';
import { operationKind, runDispatchJob } from './dispatch.ts';
import { operationSubscriptions } from './orders.ts';
import { operationRoutes } from './routes.ts';

/** Operations (batches): each order its own signature request, dispatched in chunks by the bulk engine (docs/operations.md). */
export const operationsModule = defineModule({
  name: 'operations',
  endpoints: [operationEndpoints],
  routes: operationRoutes,
  jobs: [
    // The dispatch (each chunk's requests); cancel the sent requests, relaunch, archive: the bulk engine's.
    ...bulkJobs(operationKind, runDispatchJob),
  ],
  subscriptions: (platform) => operationSubscriptions(platform),
  // Its pool (shared by the orders' requests) and archives.
  storageReferences: storageReferencesOf(operationKind),
});
