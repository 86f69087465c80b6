import { AsyncLocalStorage } from 'node:async_hooks';
import type { Executor } from './client.ts';

/**
 * Rows an HTTP request reads several times, outside and inside its transactions: its tenant, read by the guard (is
 * it enabled, has it the feature), by the upload limits and by the create's transaction (docs/api-v1.md,
 * "Performance"). The guard and the route's handler run in one scope per request (guard.ts, endpoints.ts); a
 * repository keeps there what it read OUTSIDE a transaction (committed rows), and forgets it when it writes the row.
 * Inside a transaction memoOf (client.ts) still applies: a row the transaction wrote is read again, never taken from
 * here. Nothing outlives the request: no other request, tenant or node sees these rows.
 */
const scope = new AsyncLocalStorage<Map<string, unknown>>();

/** Runs `fn` with `rows` as the request's rows (the same map for the guard and the handler of one request). */
export const withRequestRows = <T>(rows: Map<string, unknown>, fn: () => T): T => scope.run(rows, fn);

/** The current request's rows (undefined outside a request: jobs, scripts). */
export const requestRows = (): Map<string, unknown> | undefined => scope.getStore();

/** Whether `db` is the plain connection (committed rows), not a transaction. */
export const outsideTransaction = (db: Executor): boolean => !('rollback' in db);
