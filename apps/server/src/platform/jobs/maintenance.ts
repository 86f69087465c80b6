import { sql } from 'drizzle-orm';
import type { Platform } from '../context.ts';

export const vacuumQueue = 'maintenance-vacuum';

/** PGlite has no autovacuum: VACUUM ANALYZE every night in embedded mode (a server runs its own autovacuum). */
export function registerMaintenanceJobs(platform: Platform) {
  if (platform.database.engine !== 'pglite') return;
  platform.jobs.define(
    vacuumQueue,
    async () => {
      const started = Date.now();
      await platform.database.db.execute(sql`VACUUM ANALYZE`);
      platform.logger.info({ ms: Date.now() - started }, 'vacuum analyze done');
    },
    { schedule: '17 3 * * *', retryLimit: 1 },
  );
}
