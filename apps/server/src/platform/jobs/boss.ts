import { PgBoss, fromDrizzle, fromPglite, type Job, type JobResult, type Queue } from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Tx } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { isDatabaseUnavailable, throttledReporter } from '../faults.ts';

export type JobHandler<T> = (data: T, job: Job<T>) => Promise<void>;

/** Defaults of a queue (platform/modules.ts JobSpec documents each). */
export const defaultBatchSize = 10;
export const defaultExpireInSeconds = 120;
export const defaultRetryLimit = 5;
/**
 * PostgreSQL only: a worker refreshes its jobs' heartbeat every 5 s; a job whose heartbeat is 10 s old belongs to
 * a dead process and pg-boss's supervisor (every `superviseSeconds`) gives it back to the queue. 10 s is the least
 * pg-boss accepts. The embedded database has one process (the data-folder lock), so it reclaims at start instead.
 */
export const heartbeatSeconds = 10;
export const superviseSeconds = 15;
/**
 * How often an idle worker looks for jobs when it is woken by NOTIFY (see createJobs): a safety net for jobs whose
 * start time comes later (retries after their backoff, delayed jobs), which no NOTIFY announces when they become due.
 */
export const wakeBackstopSeconds = 15;

export interface QueueSettings {
  retryLimit?: number;
  /** Cron (UTC) when the queue is a periodic job. */
  schedule?: string;
  expireInSeconds?: number;
  batchSize?: number;
  /**
   * Jobs of one batch run at once (default 1: one after the other). For jobs that mostly wait on the network
   * (mail delivery), whose own pace is bounded elsewhere (the transport's pool).
   */
  concurrency?: number;
  /**
   * A second worker on the queue that only takes jobs of at least this priority (`enqueue`'s `priority`), so
   * they never wait behind a batch of ordinary ones (login and signing codes behind a campaign).
   */
  priorityLane?: { minPriority: number; batchSize: number };
}

export interface EnqueueOptions {
  startAfterSeconds?: number;
  singletonKey?: string;
  /** Higher first (pg-boss fetches by priority, then age); default 0. */
  priority?: number;
}

interface QueueDefinition extends QueueSettings {
  name: string;
  /** Stored without its payload type: each queue's handler gets the payload its producers send. */
  handler: JobHandler<never>;
}

/** What createQueue/updateQueue are given for a queue (pg-boss's queue options and its `notify`). */
export type QueueSettingsOf = Omit<Queue, 'name'>;

export interface Jobs {
  /** Enqueues in the caller's transaction: a rollback drops the job. */
  enqueue<T extends object>(tx: Tx, queue: string, data: T, options?: EnqueueOptions): Promise<void>;
  /** Many jobs of one queue in one statement, in the caller's transaction (bulk work: a sweep, a campaign). */
  enqueueMany<T extends object>(tx: Tx, queue: string, jobs: readonly { data: T; priority?: number; startAfterSeconds?: number }[]): Promise<void>;
  define<T>(name: string, handler: JobHandler<T>, options?: QueueSettings): void;
  start(options: { work: boolean }): Promise<void>;
  /** Stops fetching; waits for handlers in flight (graceful shutdown). */
  stop(): Promise<void>;
  boss: PgBoss;
  /** The queues defined so far and their pg-boss options (what `start` creates or updates). */
  queueOptions(): { name: string; options: QueueSettingsOf; batchSize: number }[];
}

/**
 * On the embedded database, workers are woken by NOTIFY, not by polling every second. pg-boss inserts a job with a
 * `pg_notify` that PostgreSQL (here PGlite, in-process) delivers when the inserting transaction commits (a rolled-back
 * job wakes nobody). PostgreSQL servers keep polling every `pollingIntervalSeconds` (their polls run in the database
 * server, not on our event loop; NOTIFY across split api/worker nodes is not proven yet — issue 24 note, session 12).
 * Between wake-ups an idle worker looks once every
 * `wakeBackstopSeconds` (15 s) for jobs that became due on their own (retry backoffs, delayed jobs). Measured on the
 * embedded database: about 45 workers polling every second ran ~45 fetch statements a second on the main thread
 * — most of its database time while the server did nothing, and the first cause of /healthz's p99 under load
 * (docs/security.md, "No request stalls the event loop"). When the listener cannot be set up (PgBouncer in
 * transaction mode), pg-boss says so in a warning and the workers poll every `pollingIntervalSeconds` as before.
 * `pollingIntervalSeconds` given (the tests: 0.5 s) is also the backstop unless `wakeBackstopSeconds` is.
 */
export function createJobs(database: DatabaseHandle, logger: Logger, options: { pollingIntervalSeconds?: number; wakeBackstopSeconds?: number } = {}): Jobs {
  const onServer = database.engine === 'postgres';
  const boss = database.boss.pglite
    ? new PgBoss({ db: fromPglite(database.boss.pglite as never), schema: 'pgboss', useListenNotify: true })
    : new PgBoss({
        connectionString: database.boss.connectionString,
        schema: 'pgboss',
        max: 4,
        connectionTimeoutMillis: 5_000,
        // Expired jobs and stale heartbeats are looked for at each pass (defaults: 60 s each).
        superviseIntervalSeconds: superviseSeconds,
        monitorIntervalSeconds: superviseSeconds,
      });
  // pg-boss's own pool has its 'error' listener (re-emitted here): a dropped connection is logged, never fatal.
  // While the database is away every poll fails: say it once, then every 30 s with the count.
  const reportUnavailable = throttledReporter((error, repeats) =>
    logger.warn({ err: error, repeats }, 'job queue: database unreachable, the workers keep polling and resume when it is back'),
  );
  // e.g. "LISTEN/NOTIFY unavailable: polling only" (pg-boss goes on polling every pollingIntervalSeconds).
  boss.on('warning', (warning) => logger.warn({ warning }, 'job queue warning'));
  boss.on('error', (error) => (isDatabaseUnavailable(error) ? reportUnavailable('boss', error) : logger.error({ err: error }, 'job queue error')));
  const queues: QueueDefinition[] = [];
  let reclaimTimer: NodeJS.Timeout | undefined;

  const optionsOf = (q: QueueDefinition): QueueSettingsOf => ({
    retryLimit: q.retryLimit ?? defaultRetryLimit,
    retryBackoff: true,
    retryDelay: 5,
    retryDelayMax: 600,
    expireInSeconds: q.expireInSeconds ?? defaultExpireInSeconds,
    // null clears a heartbeat set before (the type says number; pg-boss's updateQueue takes null).
    heartbeatSeconds: onServer ? heartbeatSeconds : (null as unknown as number),
    // Embedded: a job inserted on this queue wakes its workers when its transaction commits (createJobs).
    notify: !onServer,
  });

  /**
   * Jobs left `active` by a process that died (kill -9, OOM, power cut) go back to the queue at once instead of
   * waiting for their expiry (pg-boss's default was 15 minutes). Only jobs whose worker is surely gone: on the
   * embedded database every active job (one process per data folder, enforced by the lock file; this one has
   * not fetched anything yet); on PostgreSQL, where other nodes may be working, only jobs whose heartbeat is
   * stale or whose expiry has passed. The crash costs the job one attempt, so a job that kills its process
   * every time cannot loop forever: at its last attempt it is left to pg-boss's expiry, which fails it.
   */
  async function reclaimAbandoned() {
    const abandoned = onServer
      ? sql`(heartbeat_seconds is not null and heartbeat_on + heartbeat_seconds * interval '1 second' < now())
            or started_on + expire_seconds * interval '1 second' < now()`
      : sql`true`;
    const result = (await database.db.execute(sql`
      update pgboss.job set state = 'retry', start_after = now()
      where state = 'active' and retry_count < retry_limit and (${abandoned})
      returning name`)) as unknown as { rows: { name: string }[] };
    if (result.rows.length) {
      const byQueue: Record<string, number> = {};
      for (const { name } of result.rows) byQueue[name] = (byQueue[name] ?? 0) + 1;
      logger.warn({ reclaimed: byQueue }, 'jobs left active by a stopped process are retried now');
    }
  }

  return {
    boss,
    queueOptions: () => queues.map((q) => ({ name: q.name, options: optionsOf(q), batchSize: q.batchSize ?? defaultBatchSize })),
    define(name, handler, opts = {}) {
      queues.push({ name, handler: handler as JobHandler<never>, ...opts });
    },
    async enqueue(tx, queue, data, opts = {}) {
      await boss.send(queue, data, {
        db: fromDrizzle(tx as never, sql as never),
        ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
        ...(opts.priority ? { priority: opts.priority } : {}),
      });
    },
    async enqueueMany(tx, queue, items) {
      if (!items.length) return;
      // insert() takes the queue's options (retries, expiry) like send() does.
      await boss.insert(
        queue,
        items.map((item) => ({
          data: item.data,
          ...(item.priority ? { priority: item.priority } : {}),
          ...(item.startAfterSeconds ? { startAfter: item.startAfterSeconds } : {}),
        })),
        { db: fromDrizzle(tx as never, sql as never) },
      );
    },
    async start({ work }) {
      await boss.start();
      for (const q of queues) {
        // Created outside any transaction: on PGlite a cold queue created inside one deadlocks. An existing queue
        // gets today's options (expiry, heartbeat, retries): createQueue leaves an existing one as it was.
        const existing = await boss.getQueue(q.name);
        if (existing) await boss.updateQueue(q.name, optionsOf(q));
        else await boss.createQueue(q.name, optionsOf(q));
      }
      // Tenant-scoped transactions run as app_user and enqueue from there. One node at a time (a transaction-level
      // advisory lock): nodes starting together updated the same catalog rows, and PostgreSQL refused one of them with
      // "tuple concurrently updated" — that node did not start (test/platform/roles-split.test.ts, four at once).
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(72350002)`);
        for (const statement of [
          'GRANT USAGE ON SCHEMA pgboss TO app_user',
          'GRANT SELECT, INSERT, UPDATE ON ALL TABLES IN SCHEMA pgboss TO app_user',
          'ALTER DEFAULT PRIVILEGES IN SCHEMA pgboss GRANT SELECT, INSERT, UPDATE ON TABLES TO app_user',
          'GRANT USAGE ON ALL SEQUENCES IN SCHEMA pgboss TO app_user',
          'GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA pgboss TO app_user',
        ])
          await tx.execute(sql.raw(statement));
      });
      await reclaimAbandoned();
      // PostgreSQL: the jobs of a process killed just before this start still have a fresh heartbeat; once it is
      // stale they are reclaimed here too, at once (pg-boss's supervisor would retry them after its backoff).
      if (onServer) {
        reclaimTimer = setTimeout(
          () => void reclaimAbandoned().catch((error: unknown) => logger.warn({ err: error }, 'reclaiming abandoned jobs failed')),
          (heartbeatSeconds + 1) * 1000,
        );
        reclaimTimer.unref();
      }
      if (!work) return;
      const reportFailure = throttledReporter((error, repeats) => logger.warn({ err: error, repeats }, 'jobs fail: database unreachable, they will retry'));
      for (const q of queues) {
        if (q.schedule) await boss.schedule(q.name, q.schedule);
        // A batch per fetch and no pause while batches come back full (burst): with one job per fetch a worker
        // waits the polling interval after every job, i.e. 1 job/s (measured: 1,000 send jobs took 500 s).
        // Each job is settled on its own, so a failing job never drags its batch mates into retries.
        const batchSize = q.batchSize ?? defaultBatchSize;
        const concurrency = Math.max(1, q.concurrency ?? 1);
        const runBatch = async (jobs: Job<unknown>[]): Promise<JobResult[]> => {
          const results: JobResult[] = [];
          const runOne = async (job: Job<unknown>) => {
            // The claim lapsed while earlier batch mates ran (expired, or failed by a stale heartbeat): another
            // attempt owns the job now. Left out of the results, it is settled by nobody here.
            if (job.signal?.aborted) return;
            try {
              await q.handler(job.data as never, job as never);
              results.push({ id: job.id, status: 'completed' });
            } catch (error) {
              if (isDatabaseUnavailable(error)) reportFailure(q.name, error);
              else logger.warn({ err: error, queue: q.name, jobId: job.id }, 'job failed, will retry');
              results.push({ id: job.id, status: 'failed', output: { message: (error as Error).message } });
            }
          };
          // `concurrency` runners take the batch's jobs in order (one runner: strictly one after the other).
          let next = 0;
          await Promise.all(
            Array.from({ length: Math.min(concurrency, jobs.length) }, async () => {
              while (next < jobs.length) await runOne(jobs[next++]!);
            }),
          );
          return results;
        };
        // A batch per fetch and no pause while batches come back full (burst): with one job per fetch a worker
        // waits the polling interval after every job, i.e. 1 job/s (measured: 1,000 send jobs took 500 s).
        // Each job is settled on its own, so a failing job never drags its batch mates into retries.
        const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
        const notifyPollingIntervalSeconds = Math.max(
          pollingIntervalSeconds,
          options.wakeBackstopSeconds ?? options.pollingIntervalSeconds ?? wakeBackstopSeconds,
        );
        const polling = { pollingIntervalSeconds, notifyPollingIntervalSeconds };
        // Jobs that run at once also fetch with two workers: a batch's slow tail does not hold back the next one.
        const localConcurrency = concurrency > 1 ? 2 : 1;
        await boss.work(q.name, { ...polling, batchSize, burstWhenBatchFull: batchSize > 1, perJobResults: true, localConcurrency }, runBatch);
        if (q.priorityLane) {
          const lane = q.priorityLane;
          await boss.work(
            q.name,
            { ...polling, batchSize: lane.batchSize, burstWhenBatchFull: lane.batchSize > 1, perJobResults: true, minPriority: lane.minPriority },
            runBatch,
          );
        }
      }
    },
    async stop() {
      clearTimeout(reclaimTimer);
      await boss.stop({ graceful: true, timeout: 20_000 });
    },
  };
}
