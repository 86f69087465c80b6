import { createPrivateKey } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { SignerIdentity } from '@paraphe/signing';
import { AppError } from '../errors.ts';
import {
  checkTaskModule,
  reviveError,
  runTask,
  type OpenedPkcs12,
  type TaskInput,
  type TaskName,
  type TaskOutput,
  type TaskResult,
  type WorkerTaskModule,
} from './tasks.ts';

/**
 * The worker pool (piscina): CPU-heavy work on untrusted input (tasks.ts) runs on worker threads, so a hostile file
 * costs one thread for at most the task's time limit and never stalls the event loop that answers every tenant
 * (docs/security.md, "No request stalls the event loop"). Bounded three ways, each in docs/configuration.md:
 *
 * - WORKER_THREADS threads (default: the cores, at least 2 and at most 4): the most such tasks running at once;
 * - WORKER_QUEUE tasks waiting (default 64): past that a task is refused at once with 503 UNAVAILABLE (the server
 *   is busy; nothing was done) instead of piling up memory and latency;
 * - WORKER_TASK_TIMEOUT_SECONDS per task (default 30), waiting time included: past it the task is aborted (a running
 *   thread is terminated and replaced) and the caller gets WorkerTaskTimeout, a 400 saying the file took too long;
 * - WORKER_HEAP_MB of JavaScript heap per thread (default 1024): a parser that loops allocating (SheetJS did, on a 4 KB
 *   .xls) ends its own thread with WorkerTaskOutOfMemory, a 400 saying the file needs too much memory, instead of
 *   taking the whole process's heap — and every tenant's requests — with it.
 *
 * WORKER_THREADS=0 runs the tasks inline on the main thread (a debugging aid, not for a shared server).
 */
export interface WorkerPoolOptions {
  threads: number;
  maxQueue: number;
  taskTimeoutMs: number;
  /** Threads kept started even when idle (default 0: a quiet server keeps none; a terminated one is replaced). */
  warmThreads?: number;
  /** The old-generation heap of each thread, in MB (undefined: V8's default, which grows with the machine's memory). */
  heapMb?: number;
}

/** Each thread's young generation (semi-spaces + the space they are promoted through): `--max-semi-space-size=4`'s. */
const workerYoungGenerationMb = 12;

export const defaultWorkerThreads = () => Math.min(4, Math.max(2, availableParallelism()));

export interface WorkerPool {
  run<N extends TaskName>(task: N, input: TaskInput<N>): Promise<TaskOutput<N>>;
  /** A task of a domain's module (tasks.ts, WorkerTaskModule), under the same bounds; `workerTasksOf` types it. */
  runModule(module: string, task: string, input: unknown): Promise<unknown>;
  /** Tasks running and waiting now (/healthz does not show them; the bench and the tests read them). */
  stats(): { threads: number; running: number; queued: number };
  close(): Promise<void>;
}

/**
 * The typed runner of a domain's worker tasks: `workerTasksOf<typeof import('./worker-tasks.ts').workerTasks>(new
 * URL('./worker-tasks.ts', import.meta.url).href)` gives `(pool, task, input) => output`, each task on a thread.
 */
export function workerTasksOf<Tasks extends WorkerTaskModule['workerTasks']>(module: string) {
  const href = checkTaskModule(module);
  return <N extends keyof Tasks & string>(pool: WorkerPool, task: N, input: Parameters<Tasks[N]>[0]) =>
    pool.runModule(href, task, input) as Promise<Awaited<ReturnType<Tasks[N]>>>;
}

/** A task that ran past WORKER_TASK_TIMEOUT_SECONDS (it was aborted): the file it read is refused. */
export class WorkerTaskTimeout extends AppError {
  readonly task: string;
  readonly limitSeconds: number;
  constructor(task: string, limitSeconds: number) {
    const message = `This file takes too long to process (over ${limitSeconds} s): it was refused. Send a simpler file.`;
    super('VALIDATION_FAILED', message, {
      fields: [{ field: 'file', rule: 'processing_timeout', message, params: { seconds: limitSeconds } }],
      details: { reason: 'processing_timeout' },
    });
    this.task = task;
    this.limitSeconds = limitSeconds;
  }
}

/** A task whose thread ran out of its WORKER_HEAP_MB heap (the thread ended and is replaced): the file is refused. */
export class WorkerTaskOutOfMemory extends AppError {
  readonly task: string;
  readonly limitMb: number | undefined;
  /** `limitMb` undefined: V8's own limit (no WORKER_HEAP_MB given to the pool); said as 0 in the field's params. */
  constructor(task: string, limitMb: number | undefined) {
    const message = 'This file needs more memory to process than one file may use: it was refused. Send a smaller or simpler file.';
    super('VALIDATION_FAILED', message, {
      fields: [{ field: 'file', rule: 'processing_memory', message, params: { megabytes: limitMb ?? 0 } }],
      details: { reason: 'processing_memory' },
    });
    this.task = task;
    this.limitMb = limitMb;
  }
}

const busy = () =>
  new AppError('UNAVAILABLE', 'The server is busy processing other files: nothing was done. Try again in a moment.', {
    details: { reason: 'worker_queue_full' },
  });

export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const limitSeconds = options.taskTimeoutMs / 1000;
  if (options.threads === 0) {
    let running = 0;
    const inline = async (message: Parameters<typeof runTask>[0]) => {
      running++;
      try {
        return unwrap(await runTask(message));
      } finally {
        running--;
      }
    };
    return {
      run: async (task, input) => (await inline({ task, input })) as TaskOutput<typeof task>,
      runModule: (module, task, input) => inline({ module, task, input }),
      stats: () => ({ threads: 0, running, queued: 0 }),
      close: async () => undefined,
    };
  }
  const piscina = new Piscina({
    filename: new URL('./tasks.ts', import.meta.url).href,
    minThreads: options.warmThreads ?? 0,
    maxThreads: options.threads,
    maxQueue: options.maxQueue,
    // Idle threads end after a minute: a quiet server keeps none, a busy one does not pay a start per task.
    idleTimeout: 60_000,
    // No flags of the server's: a Worker refuses V8 flags (`./paraphe start` passes --max-semi-space-size=4, and every
    // task then failed with ERR_WORKER_INVALID_EXEC_ARGV), and a test runner's loader flags do not suit the tasks.
    // The tasks need none: Node 24 strips the types of tasks.ts by itself.
    execArgv: [],
    // The young generation the server's own flag gives the main thread (4 MB semi-spaces): the threads are in the
    // server's RSS, and V8's default young generation is several times larger. Its own effect was not isolated
    // (docs/mail-merge.md "The server's memory" has what was measured).
    resourceLimits: { maxYoungGenerationSizeMb: workerYoungGenerationMb, ...(options.heapMb ? { maxOldGenerationSizeMb: options.heapMb } : {}) },
  });
  let running = 0;
  const onThread = async (message: Parameters<typeof runTask>[0], task: string) => {
    if (piscina.queueSize >= options.maxQueue) throw busy();
    running++;
    try {
      return unwrap((await piscina.run(message, { signal: AbortSignal.timeout(options.taskTimeoutMs) })) as TaskResult<unknown>);
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') throw new WorkerTaskTimeout(task, limitSeconds);
      if ((error as NodeJS.ErrnoException)?.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new WorkerTaskOutOfMemory(task, options.heapMb);
      if ((error as Error)?.message === 'Task queue is at limit') throw busy();
      throw error;
    } finally {
      running--;
    }
  };
  return {
    run: async (task, input) => (await onThread({ task, input }, task)) as TaskOutput<typeof task>,
    runModule: (module, task, input) => onThread({ module, task, input }, task),
    stats: () => ({ threads: piscina.threads.length, running: Math.min(running, options.threads), queued: piscina.queueSize }),
    async close() {
      await piscina.destroy();
    },
  };
}

function unwrap<T>(result: TaskResult<T>): T {
  if (result.ok) return result.value;
  throw reviveError(result.error);
}

/** Opens a PKCS#12 on a worker thread: the identity, with its key as a KeyObject again. */
export async function openPkcs12(pool: WorkerPool, bytes: Uint8Array, password: string): Promise<SignerIdentity> {
  const opened: OpenedPkcs12 = await pool.run('openPkcs12', { bytes, password });
  return {
    privateKey: createPrivateKey({ key: Buffer.from(opened.privateKeyPkcs8), format: 'der', type: 'pkcs8' }),
    certificate: opened.certificate,
    chain: opened.chain,
  };
}
