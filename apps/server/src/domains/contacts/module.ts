import { contactEndpoints } from '@paraphe/contracts';
import { defineJob, defineModule } from '../../platform/modules.ts';
import { referencedKeys } from './repository-import.ts';
import { importQueue, importRetryLimit, runImportJob, type ImportJob } from './import-job.ts';
import { contactRoutes } from './routes.ts';

/** The address book: contacts, their export, and spreadsheet imports (a job per import). */
export const contactsModule = defineModule({
  name: 'contacts',
  endpoints: [contactEndpoints],
  routes: contactRoutes,
  jobs: [
    // One import per batch; 100,000 rows take well under a minute on PostgreSQL (bench/contacts-import.bench.ts),
    // 10 minutes covers a slow disk. A retry resumes at the last committed chunk.
    defineJob<ImportJob>({
      queue: importQueue,
      retryLimit: importRetryLimit,
      expireInSeconds: 600,
      batchSize: 1,
      run: (platform, data, job) => runImportJob(platform, data, { last: job.retryCount >= importRetryLimit }),
    }),
  ],
  // The uploaded spreadsheets: the storage sweep keeps those an import references.
  storageReferences: (platform, keys) => platform.database.inSystem((tx) => referencedKeys(tx, [...keys])),
});
