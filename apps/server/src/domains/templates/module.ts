import { templateEndpoints } from '@paraphe/contracts';
import { defineJob, defineModule } from '../../platform/modules.ts';
import { batchQueue, batchRetryLimit, runBatchJob, type BatchJob } from './batch-job.ts';
import { referencedKeys } from './repository.ts';
import { templateRoutes } from './routes.ts';

/** Mail-merge: templates with `${variables}`, filled PDFs one at a time or by the batch, the xlsx ↔ csv converters. */
export const templatesModule = defineModule({
  name: 'templates',
  endpoints: [templateEndpoints],
  routes: templateRoutes,
  jobs: [
    // One batch per fetch; 1,000 two-page PDFs take about a minute on two cores (bench/mail-merge.bench.ts), 10,000
    // ten: 30 minutes covers a busy machine. A retry resumes: PDFs already stored are not made again.
    defineJob<BatchJob>({
      queue: batchQueue,
      retryLimit: batchRetryLimit,
      expireInSeconds: 1800,
      batchSize: 1,
      run: (platform, data, job) => runBatchJob(platform, data, { last: job.retryCount >= batchRetryLimit }),
    }),
  ],
  // Templates, their sheets and a batch's PDFs; PDFs made for others (campaigns) are theirs to claim.
  storageReferences: (platform, keys) => platform.database.inSystem((tx) => referencedKeys(tx, [...keys])),
});
