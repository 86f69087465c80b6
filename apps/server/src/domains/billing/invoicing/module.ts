import type { Recorder } from '../../../platform/events/bus.ts';
import { defineJob, type JobSpec, type StorageReferences } from '../../../platform/modules.ts';
import type { Platform } from '../../../platform/context.ts';
import { seedIssuingCompany } from './accounts.ts';
import { closeMonthQueue, closeMonthSchedule, monthStartOf, notesQueue, runNotesChunk, startRun } from './notes.ts';
import { paymentRecorder } from './payment.ts';
import * as repo from './repository.ts';

/** What invoicing adds to the billing module: its jobs, its recorder, its stored PDFs, its first-start seed. */

export const invoicingJobs: JobSpec<never>[] = [
  // The 1st of the month: the notes of the month just closed, for every tenant, in chunks (notes.ts).
  defineJob({
    queue: closeMonthQueue,
    schedule: closeMonthSchedule,
    retryLimit: 3,
    run: async (platform) => void (await startRun(platform, monthStartOf(platform.clock()), null)),
  }),
  defineJob<{ boundary: string; appIds: string[]; actorUserId: string | null }>({
    queue: notesQueue,
    retryLimit: 5,
    // 100 tenants of a few queries each: well under a minute; one chunk per batch.
    expireInSeconds: 300,
    batchSize: 1,
    run: async (platform, data) => {
      const counts = await runNotesChunk(platform, data);
      platform.logger.info({ boundary: data.boundary, ...counts }, 'delivery notes');
    },
  }),
];

export const invoicingRecorders = (platform: Platform): Recorder[] => [paymentRecorder(platform)];

export const invoicingStorageReferences: StorageReferences = (platform, keys) => platform.database.inSystem((tx) => repo.referencedPdfKeys(tx, keys));

export const invoicingInit = (platform: Platform) => seedIssuingCompany(platform);
