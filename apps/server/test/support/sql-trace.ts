/**
 * Counts the work a request does instead of timing it: every SQL statement that Drizzle prepares inside `action`'s
 * async context (the request's handler and what it awaits; not the job workers, which poll in their own contexts)
 * is recorded, text only (parameters differ between two calls that do the same work). Works on both engines.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseHandle } from '../../src/platform/db/client.ts';

interface Trace {
  statements: string[];
  open: boolean;
}
const traces = new AsyncLocalStorage<Trace>();
const patched = new WeakSet<object>();
type Session = { prepareQuery: (query: { sql: string }, ...rest: unknown[]) => unknown };

/**
 * Patches the session class of this database (PgliteSession or NodePgSession, taken from the instance: the class a
 * test would import may be another module instance): its transactions open sessions of the same class.
 */
function install(database: DatabaseHandle): void {
  const prototype = Object.getPrototypeOf((database.db as unknown as { session: Session }).session) as Session;
  if (patched.has(prototype)) return;
  patched.add(prototype);
  const original = prototype.prepareQuery;
  prototype.prepareQuery = function (this: unknown, query: { sql: string }, ...rest: unknown[]) {
    const trace = traces.getStore();
    if (trace?.open) trace.statements.push(query.sql || `(statement of ${(query as { params?: unknown[] }).params?.length ?? 0} parameters)`);
    return original.call(this, query, ...rest);
  };
}

/** Runs `action` and returns what it returned with the SQL statements run for it, in order. */
export async function sqlStatementsOf<T>(database: DatabaseHandle, action: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  install(database);
  const trace: Trace = { statements: [], open: true };
  try {
    // Awaited inside the context: light-my-request's inject() returns a lazy thenable that dispatches the request
    // when it is awaited, in the awaiting context.
    const result = await traces.run(trace, async () => await action());
    return { result, statements: trace.statements };
  } finally {
    // Timers a request left behind keep its context: whatever they run later is not the request's work.
    trace.open = false;
  }
}
