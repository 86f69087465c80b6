import { sql } from 'drizzle-orm';
import { defineJob, defineModule } from '../modules.ts';

export const vacuumQueue = 'maintenance-vacuum';

/** PGlite has no autovacuum: VACUUM ANALYZE every night in embedded mode (a server runs its own autovacuum). */
export const maintenanceModule = defineModule({
  name: 'maintenance',
  jobs: [
    defineJob({
      queue: vacuumQueue,
      schedule: '17 3 * * *',
      retryLimit: 1,
      // A VACUUM of a large embedded database takes minutes: one per batch, an hour before it counts as hung.
      expireInSeconds: 3600,
      batchSize: 1,
      enabledOn: (platform) => platform.database.engine === 'pglite',
      async run(platform) {
        const started = Date.now();
        await platform.database.db.execute(sql`VACUUM ANALYZE`);
        platform.logger.info({ ms: Date.now() - started }, 'vacuum analyze done');
      },
    }),
  ],
});
