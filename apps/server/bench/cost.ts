/**
 * What a call costs, for the benchmarks: the server process's CPU (process.cpuUsage, this process), the CPU of the
 * PostgreSQL backends serving this run's database (/proc/<pid>/stat of the processes whose command line names it;
 * the server's shared WAL writer and checkpointer are not counted) and the SQL statements sent (each one round
 * trip), counted on node-postgres's Client (PostgreSQL only: PGlite sends the same statements in-process).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds (user + system) of each PostgreSQL backend connected to `database`, by process id. */
export function postgresCpuByBackend(database: string): Map<string, number> {
  const tick = 100; // USER_HZ on Linux
  const byPid = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byPid.set(pid, (Number(fields[11]) + Number(fields[12])) / tick);
    } catch {
      // the process ended meanwhile
    }
  }
  return byPid;
}

/** CPU seconds the backends spent between two readings: a backend that ended meanwhile (an idle pool connection closed) counts nothing, a new one all its time. */
export function postgresCpuBetween(before: Map<string, number>, after: Map<string, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += Math.max(0, seconds - (before.get(pid) ?? 0));
  return total;
}

/** CPU seconds (user + system) of the PostgreSQL backends connected to `database` now. */
export const postgresCpuSeconds = (database: string) => [...postgresCpuByBackend(database).values()].reduce((a, b) => a + b, 0);

/**
 * Counts the statements sent to PostgreSQL while `counting` is on (whoever sends them: measure with the workers
 * stopped to count a call's own); `log` keeps their text (the first 160 characters) to print what one call sends.
 * Call before the database is opened.
 */
export async function statementCounter() {
  const counter = { counting: false, statements: 0, log: undefined as string[] | undefined };
  const pg = (await import('pg')).default;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    if (counter.counting) {
      counter.statements++;
      counter.log?.push(
        String((args[0] as { text?: string })?.text ?? args[0])
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 160),
      );
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  return counter;
}

/**
 * CPU ms of this process's threads, summed by thread name (/proc/self/task/<tid>/stat): the main thread (JavaScript,
 * syscalls), `libuv-worker` (the thread pool: file I/O, async crypto — key generation, scrypt — and zlib), `V8Worker`
 * (garbage collection, compilation) — what process.cpuUsage adds up.
 */
export function threadCpuMs(): Map<string, number> {
  const byName = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byName.set(name, (byName.get(name) ?? 0) + ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      // the thread ended meanwhile
    }
  }
  return byName;
}

/** Per thread name, the CPU ms per call between two threadCpuMs readings (only the threads that used some). */
export function threadCpuPerCall(before: Map<string, number>, after: Map<string, number>, calls: number): string {
  return [...after]
    .map(([name, ms]) => [name, (ms - (before.get(name) ?? 0)) / calls] as const)
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
    .join(', ');
}

/** Sums the CPU of this process and of the database's backends over the measured spans. */
export function cpuMeter(database: string | undefined) {
  let nodeMicros = 0;
  let postgresSeconds = 0;
  let spans = 0;
  return {
    async measure<T>(work: () => Promise<T>): Promise<T> {
      // The /proc reads are outside the process's own window.
      const pgBefore = database ? postgresCpuByBackend(database) : undefined;
      const before = process.cpuUsage();
      try {
        return await work();
      } finally {
        const used = process.cpuUsage(before);
        nodeMicros += used.user + used.system;
        if (database && pgBefore) postgresSeconds += postgresCpuBetween(pgBefore, postgresCpuByBackend(database));
        spans++;
      }
    },
    /** CPU ms per measured span: the server process's, and PostgreSQL's (undefined on PGlite: it is in the process). */
    perSpan: () => ({
      nodeCpuMs: Math.round((nodeMicros / 1000 / Math.max(1, spans)) * 10) / 10,
      postgresCpuMs: database ? Math.round(((postgresSeconds * 1000) / Math.max(1, spans)) * 10) / 10 : undefined,
    }),
  };
}
