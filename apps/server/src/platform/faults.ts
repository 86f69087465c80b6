/**
 * Faults of the machinery under the product (database away, disk full), recognised wherever they surface so the
 * edge answers what is true — "try again in a moment" (503 UNAVAILABLE + Retry-After) or "the storage is full,
 * nothing was saved" (507 STORAGE_FULL) — instead of a generic 500, and the logs say it once, not once per poll.
 */

/** PostgreSQL SQLSTATEs meaning "the database cannot be reached now", not "this query is wrong". */
const unavailableSqlStates = new Set([
  '57P01', // admin_shutdown: the backend was terminated (pg_terminate_backend, a restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
  '3D000', // invalid_catalog_name: the database is gone (renamed, dropped) — seen at connect time
  '08000', // connection_exception and its subclasses
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
]);
/** Socket errors of a connection to the database (or to any service a request needs right now). */
const unavailableErrnos = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
const unavailableMessages = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /not currently accepting connections/i, // 55000 on a database with ALLOW_CONNECTIONS false
  /Cannot use a pool after calling end/i,
];
/** No space left (or quota exceeded) on the files' disk; 53100 is PostgreSQL's own disk full. */
const storageFullCodes = new Set(['ENOSPC', 'EDQUOT', '53100']);

/** The error and its causes (drizzle wraps the driver's error in `cause`), at most a few levels deep. */
function* chain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    yield current as { code?: unknown; message?: unknown };
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors)) for (const inner of errors) if (inner && typeof inner === 'object') yield inner as { code?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of chain(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (unavailableSqlStates.has(code) || unavailableErrnos.has(code)) return true;
    if (typeof e.message === 'string' && unavailableMessages.some((m) => m.test(e.message as string))) return true;
  }
  return false;
}

export function isStorageFull(error: unknown): boolean {
  for (const e of chain(error)) if (typeof e.code === 'string' && storageFullCodes.has(e.code)) return true;
  return false;
}

export interface Fault {
  status: 503 | 507;
  code: 'UNAVAILABLE' | 'STORAGE_FULL';
  /** Seconds a client should wait before trying again (the Retry-After header). */
  retryAfterSeconds?: number;
}
/** Seconds we ask clients to wait while the database is away: pg's connect timeout is 5 s, a restart a few. */
export const unavailableRetryAfterSeconds = 5;

/** What an unexpected error really is, when it is one of the known faults. */
export function classifyFault(error: unknown): Fault | undefined {
  if (isStorageFull(error)) return { status: 507, code: 'STORAGE_FULL' };
  if (isDatabaseUnavailable(error)) return { status: 503, code: 'UNAVAILABLE', retryAfterSeconds: unavailableRetryAfterSeconds };
  return undefined;
}

/**
 * Logs a recurring fault once, then at most once per `everyMs` with the number of repeats: while the database is
 * away every poll of every worker fails, and a log line per failure would bury everything else.
 */
export function throttledReporter(report: (error: unknown, repeats: number) => void, everyMs = 30_000) {
  const last = new Map<string, { at: number; repeats: number }>();
  return (key: string, error: unknown) => {
    const now = Date.now();
    const seen = last.get(key);
    if (seen && now - seen.at < everyMs) {
      seen.repeats++;
      return;
    }
    report(error, seen?.repeats ?? 0);
    last.set(key, { at: now, repeats: 0 });
  };
}
