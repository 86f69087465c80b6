import { operationEndpoints } from '@paraphe/contracts';
import { defineJob, defineModule } from '../../platform/modules.ts';
import { fanOutJobs, storageReferencesOf } from '../bulk/index.ts';
import { dispatchQueue, operationKind, runDispatchJob, type OperationJob } from './dispatch.ts';
import { operationSubscriptions } from './orders.ts';
import { operationRoutes } from './routes.ts';

/** Operations (batches): each order its own signature request, dispatched in chunks by the bulk engine (docs/operations.md). */
export const operationsModule = defineModule({
  name: 'operations',
  endpoints: [operationEndpoints],
  routes: operationRoutes,
  jobs: [
    defineJob<OperationJob>({
      queue: dispatchQueue,
      retryLimit: 20,
      expireInSeconds: 300,
      batchSize: 1,
      run: (platform, data) => runDispatchJob(platform, data),
    }),
    // Cancel the sent requests, relaunch, archive: the bulk engine's.
    ...fanOutJobs(operationKind),
  ],
  subscriptions: (platform) => operationSubscriptions(platform),
  // Its pool (shared by the orders' requests) and archives.
  storageReferences: storageReferencesOf(operationKind),
});
