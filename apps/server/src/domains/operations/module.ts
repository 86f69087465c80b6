import { inArray } from 'drizzle-orm';
import { operationEndpoints } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import { defineJob, defineModule } from '../../platform/modules.ts';
import { dispatchQueue, runDispatchJob, type OperationJob } from './dispatch.ts';
import { archiveQueue, cancelQueue, relaunchQueue, runArchiveJob, runCancelJob, runRelaunchJob, type ArchiveJob } from './jobs.ts';
import { operationSubscriptions } from './orders.ts';
import { operationRoutes } from './routes.ts';
import { operationDocuments, operations } from './schema.ts';

/** The files an operation's rows reference (its pool, shared by the orders' requests; archives). */
async function referencedKeys(platform: Platform, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (!keys.length) return found;
  const list = [...keys];
  await platform.database.inSystem(async (tx) => {
    for (const r of await tx.select({ key: operationDocuments.storageKey }).from(operationDocuments).where(inArray(operationDocuments.storageKey, list))) found.add(r.key);
    for (const r of await tx.select({ key: operations.archiveKey }).from(operations).where(inArray(operations.archiveKey, list))) if (r.key) found.add(r.key);
  });
  return found;
}

/** Operations (batches): each order its own signature request, dispatched in chunks with campaigns' machinery (docs/operations.md). */
export const operationsModule = defineModule({
  name: 'operations',
  endpoints: [operationEndpoints],
  routes: operationRoutes,
  jobs: [
    defineJob<OperationJob>({ queue: dispatchQueue, retryLimit: 20, expireInSeconds: 300, batchSize: 1, run: (platform, data) => runDispatchJob(platform, data) }),
    defineJob<OperationJob>({ queue: cancelQueue, retryLimit: 10, expireInSeconds: 900, batchSize: 1, run: (platform, data) => runCancelJob(platform, data) }),
    defineJob<OperationJob>({ queue: relaunchQueue, retryLimit: 3, expireInSeconds: 900, batchSize: 1, run: (platform, data) => runRelaunchJob(platform, data) }),
    defineJob<ArchiveJob>({ queue: archiveQueue, retryLimit: 3, expireInSeconds: 900, batchSize: 1, run: (platform, data) => runArchiveJob(platform, data) }),
  ],
  subscriptions: (platform) => operationSubscriptions(platform),
  storageReferences: (platform, keys) => referencedKeys(platform, keys),
});
