import { workerTasksOf } from '../../platform/workers/pool.ts';
import type { workerTasks } from './worker-tasks.ts';

/** The templates' tasks (worker-tasks.ts), each on a worker thread of the platform's pool. */
export const onWorker = workerTasksOf<typeof workerTasks>(new URL('./worker-tasks.ts', import.meta.url).href);
