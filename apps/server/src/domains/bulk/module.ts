import { defineModule } from '../../platform/modules.ts';

/**
 * The bulk engine (docs/architecture.md "The bulk engine"): what campaigns and operations share — claiming chunks,
 * creating the requests, counters, cancel/relaunch fan-out, archive, retention. It owns no table, route or queue:
 * each domain that uses it gives its own (BulkKind) and registers its jobs.
 */
export const bulkModule = defineModule({ name: 'bulk' });
