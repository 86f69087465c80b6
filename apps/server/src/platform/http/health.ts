import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorDetail, errorMessages } from '@paraphe/contracts';
import type { Platform } from '../context.ts';
import { eventLoopDelay, type EventLoopDelay } from '../event-loop.ts';
import { classifyFault } from '../faults.ts';
import { officeEngineFor, type NetworkIsolation } from '../office/index.ts';
import type { StorageHealth } from '../storage.ts';
import type { TransportHealth } from '../messaging/service.ts';

/** How long /healthz waits for the database: an unreachable server must not hold the probe for pg's 5 s. */
const pingTimeoutMs = 2_000;

export interface HealthReport {
  /** ok, or degraded (503) when the database is unreachable or the storage cannot be written. */
  status: 'ok' | 'degraded';
  database: 'ok' | 'unreachable';
  engine?: string;
  /** ok, low (under STORAGE_MIN_FREE_MB free: still 200), full or unwritable (503). */
  storage?: StorageHealth['state'];
  /** Why `full`: `no_room_for_largest_upload` (free space under STORAGE_RESERVE_*) or `write_failed`. */
  storageReason?: NonNullable<StorageHealth['reason']>;
  /** Mail-merge document conversion (LibreOffice): unavailable never degrades the server, only that feature. */
  office: 'available' | 'unavailable';
  /**
   * How the converters are kept off the network when available (docs/security.md, "Office conversion never touches
   * the network"): `namespace` (each converter in a network namespace of its own) or `profile` (the profile settings
   * and the stripped package only — the machine refuses namespaces, or OFFICE_NETWORK_NAMESPACE=off).
   */
  officeNetwork?: NetworkIsolation;
  /** Event-loop delay (ms beyond the 10 ms sampling interval) over the last 10-20 s: informative, never degrades. */
  eventLoopDelayMs: EventLoopDelay;
  /**
   * Mail and SMS delivery (docs/security.md, "A requester sees undelivered invitations"): `failing` while the
   * transport refuses or cannot be reached (never a 503: the API still works, messages wait and are retried), the
   * last success, the failures since, the age of the oldest message waiting. Absent when the database is unreachable.
   */
  mail?: TransportHealth;
  sms?: TransportHealth;
  /** What modules add (e.g. payments: `card` = stripe, stripe-standin or unavailable). */
  [detail: string]: string | EventLoopDelay | TransportHealth | undefined;
}

/** States a module adds to /healthz (a short word each, never a secret). */
const healthDetails = new WeakMap<object, Map<string, () => string>>();
export function addHealthDetail(platform: Platform, name: string, state: () => string): void {
  const details = healthDetails.get(platform) ?? new Map<string, () => string>();
  details.set(name, state);
  healthDetails.set(platform, details);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Per platform and probe: the last result, and the probe running (at most one of each kind at a time). */
const probes = new WeakMap<Platform, Map<string, { last?: unknown; running?: Promise<unknown> }>>();

/**
 * A probe /healthz does not wait for behind a busy resource. When the previous probe of this kind found a good state,
 * /healthz waits at most `waitMs` for a new one and otherwise answers with the previous state (the new probe goes on
 * and its result serves the next call); a bad state, or no state yet, is always waited for, so a bad state is never
 * reported without being checked again. Concurrent calls share one probe (a public endpoint must not let anyone
 * multiply disk writes or database statements).
 *
 * Why: the storage probe touches the disk (mkdir, statfs, a small write and delete) and under heavy writes each step
 * waits for the kernel's journal (30–110 ms each seen while four 40 MB uploads were flushed); on the embedded database
 * (PGlite: one connection, on this thread) the ping waits its turn behind every statement queued before it (p99 of
 * /healthz 172 ms under the hostile bench, the ping itself < 1 ms). A load balancer's probe must not wait for either.
 */
async function boundedProbe<T>(platform: Platform, kind: string, probe: () => Promise<T>, good: (state: T) => boolean, waitMs: number): Promise<T> {
  const byKind = probes.get(platform) ?? new Map<string, { last?: unknown; running?: Promise<unknown> }>();
  probes.set(platform, byKind);
  const entry = byKind.get(kind) ?? {};
  byKind.set(kind, entry);
  const running = (entry.running ??= probe().then((state) => {
    entry.last = state;
    entry.running = undefined;
    return state;
  })) as Promise<T>;
  const last = entry.last as T | undefined;
  if (last === undefined || !good(last)) return running;
  let timer: NodeJS.Timeout | undefined;
  const previous = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(last), waitMs)));
  return Promise.race([running, previous]).finally(() => clearTimeout(timer));
}

/** The storage's state (HEALTH_STORAGE_WAIT_MS for a new probe after a healthy one). */
async function storageHealth(platform: Platform): Promise<StorageHealth | undefined> {
  const storage = platform.storage;
  if (!storage.health) return undefined;
  const probe = () => withTimeout(storage.health!(), pingTimeoutMs).catch((): StorageHealth => ({ state: 'unwritable', freeBytes: null }));
  return boundedProbe(platform, 'storage', probe, (h) => h.state === 'ok' || h.state === 'low', platform.config.healthStorageWaitMs);
}

/** The database's state (HEALTH_DATABASE_WAIT_MS for a new ping after a successful one). */
function databaseHealth(platform: Platform): Promise<'ok' | 'unreachable'> {
  const probe = () =>
    withTimeout(platform.database.ping(), pingTimeoutMs).then(
      () => 'ok' as const,
      () => 'unreachable' as const,
    );
  return boundedProbe(platform, 'database', probe, (state) => state === 'ok', platform.config.healthDatabaseWaitMs);
}

/** Mail and SMS delivery states (read from the database: the same bound as the ping). */
function transportsHealth(platform: Platform): Promise<{ mail: TransportHealth; sms: TransportHealth } | null> {
  const probe = () => withTimeout(platform.messaging.transportHealth(), pingTimeoutMs).catch(() => null);
  return boundedProbe(platform, 'transports', probe, (state) => state !== null, platform.config.healthDatabaseWaitMs);
}

/** GET /healthz: public, so states only (no free-space figure, no error text). */
export async function healthReport(platform: Platform): Promise<{ statusCode: 200 | 503; body: HealthReport }> {
  // The transports' state is read beside the ping, not after it: on the embedded database each statement waits its
  // turn on the one connection, and /healthz should wait for that queue once, not twice.
  const [database, storage, office, transportsRead] = await Promise.all([
    databaseHealth(platform),
    storageHealth(platform),
    // Detected once per process (`soffice --version`), then cached.
    withTimeout(officeEngineFor(platform.config, platform.logger).status(), pingTimeoutMs).then(
      (s) => (s.available ? { state: 'available' as const, network: s.networkIsolation } : { state: 'unavailable' as const }),
      () => ({ state: 'unavailable' as const }),
    ),
    transportsHealth(platform),
  ]);
  const transports = database === 'ok' ? transportsRead : null;
  const degraded = database === 'unreachable' || storage?.state === 'full' || storage?.state === 'unwritable';
  const body: HealthReport = {
    status: degraded ? 'degraded' : 'ok',
    database,
    ...(database === 'ok' ? { engine: platform.database.engine } : {}),
    ...(storage ? { storage: storage.state } : {}),
    ...(storage?.reason ? { storageReason: storage.reason } : {}),
    office: office.state,
    ...('network' in office ? { officeNetwork: office.network } : {}),
    eventLoopDelayMs: eventLoopDelay(),
    ...(transports ? { mail: transports.mail, sms: transports.sms } : {}),
  };
  for (const [name, state] of healthDetails.get(platform) ?? []) body[name] = state();
  return { statusCode: degraded ? 503 : 200, body };
}

/**
 * The error handler's answer to a known fault (faults.ts), or false: 503 UNAVAILABLE + Retry-After while the
 * database is away, 507 STORAGE_FULL when a disk is full. Logged as what it is, without a stack per request.
 */
export function replyToFault(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply | false {
  const fault = classifyFault(error);
  if (!fault) return false;
  if (fault.code === 'STORAGE_FULL') request.log.error({ err: error }, 'storage full: the request saved nothing');
  else request.log.warn({ err: (error as Error)?.message }, 'database unreachable: answered 503');
  if (fault.retryAfterSeconds) void reply.header('retry-after', String(fault.retryAfterSeconds));
  const message = errorMessages[fault.code]!;
  return reply.status(fault.status).send({ error: { code: fault.code, message, detail: errorDetail(fault.code, message), requestId: request.id } });
}
