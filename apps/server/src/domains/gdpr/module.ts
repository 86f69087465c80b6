import { gdprEndpoints } from '@paraphe/contracts';
import { defineJob, defineModule } from '../../platform/modules.ts';
import { exportQueue, markExportFailed, runExportJob, type ExportJob } from './export.ts';
import { purgeQueue, purgeSchedule, runPurge } from './purge.ts';
import { referencedExportKeys } from './repository.ts';
import { gdprRoutes } from './routes.ts';
import { gdprTemplates } from './templates.ts';

const exportRetryLimit = 3;

/** GDPR: retention periods and their nightly purge, subject access exports, erasures (docs/gdpr.md). */
export const gdprModule = defineModule({
  name: 'gdpr',
  endpoints: [gdprEndpoints],
  routes: gdprRoutes,
  templates: gdprTemplates,
  jobs: [
    // Nightly; one run walks every tenant. A run killed midway is reclaimed and resumes (each step is marked done).
    defineJob({
      queue: purgeQueue,
      schedule: purgeSchedule,
      retryLimit: 2,
      expireInSeconds: 3600,
      batchSize: 1,
      run: async (platform) => void (await runPurge(platform)),
    }),
    defineJob<ExportJob>({
      queue: exportQueue,
      retryLimit: exportRetryLimit,
      expireInSeconds: 600,
      batchSize: 1,
      async run(platform, data, job) {
        try {
          await runExportJob(platform, data);
        } catch (error) {
          if (job.retryCount >= exportRetryLimit) await markExportFailed(platform, data);
          throw error;
        }
      },
    }),
  ],
  // The export zips: kept until their link expires (the purge deletes them then).
  storageReferences: (platform, keys) => platform.database.inSystem((tx) => referencedExportKeys(tx, keys)),
});
