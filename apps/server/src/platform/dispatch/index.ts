import type { DispatchProgress } from '@paraphe/contracts';
import type { Platform } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { isDatabaseUnavailable } from '../faults.ts';

/**
 * The durable, paced dispatch shared by campaigns and operations (docs/campaigns.md "Dispatch", docs/operations.md):
 * a job that runs chunk after chunk, each chunk ONE tenant transaction that claims its rows (`FOR UPDATE SKIP
 * LOCKED`), creates their signature requests and invitations (signatures' bulk creation) and marks them sent. The
 * domain gives the chunk (what to claim and how to record it); this module gives the loop, the run budget and its
 * continuation, and the "all at once, else one by one" creation. The pacing budget itself is per tenant across
 * every source: signatures' `dispatchAllowance` (it counts the bulk requests the tenant made in the window).
 */

/** What one chunk did: nothing more to do for now (stop), a pause (pacing or rows held elsewhere), the end, or work. */
export type ChunkOutcome = { kind: 'stop' } | { kind: 'wait'; ms: number } | { kind: 'done' } | { kind: 'sent'; sent: number; failed: number };

/** A run stops after this long and queues its continuation, so that one job never holds its claim for long. */
export const runBudgetMs = 60_000;
/** The pacing window (the per-minute rate is applied per window, pro rata). */
export const pacingWindowMs = 10_000;
/** Waiting on chunks held by another worker. */
export const heldPauseMs = 250;
/** Waiting for the tenant's window to free up. */
export const pacingPauseMs = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What the loop leaves to everything else between two chunks. On the embedded database (PGlite) it is one
 * connection whose queries run synchronously (WASM) on the main thread: a chunk's statements settle one after the
 * other without the event loop ever getting a turn, so without a pause a dispatch held every request — /healthz too —
 * until its run ended (measured on 1bfeb25: 13.6 s for /healthz during a 5,000-copy dispatch, whose database ping
 * has a 2 s timeout that could not even fire). A pause of `pglite` ms after each chunk lets the requests that came
 * meanwhile be read and run their few transactions before the next chunk takes the connection; chunks are smaller
 * there too (config.ts defaultDispatchChunk: 100 rows, a transaction of a few hundred ms). PostgreSQL has a
 * pool and does the work in its own processes: a turn of the event loop (setImmediate) is enough.
 */
export const pauseBetweenChunksMs = { pglite: 25, postgres: 0 } as const;

const breathe = (ms: number) => new Promise<void>((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));

export interface DispatchLoop {
  /** Work to do outside the chunk's transaction before each chunk (mail-merge PDFs). */
  beforeChunk?: () => Promise<void>;
  chunk: () => Promise<ChunkOutcome>;
  /** After each committed chunk (test hooks: the fault tests kill the process around it). */
  afterChunk?: (outcome: { sent: number; failed: number }) => void | Promise<void>;
  /** Queues the continuation run (should this run be retried as well, two runs share the queue safely: SKIP LOCKED). */
  continueLater: () => Promise<void>;
  /** The database engine: how long the loop pauses after each chunk (pauseBetweenChunksMs). */
  engine: 'pglite' | 'postgres';
}

export async function runDispatchLoop(loop: DispatchLoop): Promise<void> {
  const started = Date.now();
  for (;;) {
    await loop.beforeChunk?.();
    const outcome = await loop.chunk();
    if (outcome.kind === 'stop' || outcome.kind === 'done') return;
    if (outcome.kind === 'wait') await sleep(outcome.ms);
    else {
      await loop.afterChunk?.({ sent: outcome.sent, failed: outcome.failed });
      await breathe(pauseBetweenChunksMs[loop.engine]);
    }
    if (Date.now() - started > runBudgetMs) {
      await loop.continueLater();
      return;
    }
  }
}

/** How many items the window still allows (at most a chunk): a sixth of the per-minute rate per 10-second window. */
export function windowAllowance(config: Pick<Platform['config'], 'dispatchPerMinute' | 'dispatchChunk'>, recentInWindow: number): number {
  const windowQuota = Math.max(1, Math.ceil((config.dispatchPerMinute * pacingWindowMs) / 60_000));
  return Math.min(config.dispatchChunk, windowQuota - recentInWindow);
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A dispatch's progress for the views: items made over the items to send, the rate since the send started, the time
 * left at that rate while it is still `sending` (null while not measured yet, 0 once over).
 */
export function dispatchProgress(
  p: { total: number; dispatched: number; failed: number; queued: number; sending: boolean; startedAt: Date | null; finishedAt: Date | null },
  now: Date,
): DispatchProgress {
  const done = p.dispatched + p.failed;
  const end = p.finishedAt ?? now;
  const minutes = p.startedAt ? Math.max(1 / 60, (end.getTime() - p.startedAt.getTime()) / 60_000) : null;
  const rate = minutes && p.dispatched ? Math.round(p.dispatched / minutes) : null;
  return {
    total: p.total,
    dispatched: p.dispatched,
    failed: p.failed,
    percent: p.total ? round1((Math.min(done, p.total) / p.total) * 100) : 0,
    ratePerMinute: rate,
    etaSeconds: p.sending && rate ? Math.ceil((p.queued / rate) * 60) : p.sending ? null : 0,
    startedAt: p.startedAt?.toISOString() ?? null,
    finishedAt: p.finishedAt?.toISOString() ?? null,
  };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Creates the items' requests all at once in a savepoint; if that fails, one by one (each in its own savepoint), so
 * one bad item fails alone with its reason. A lost database is rethrown: the chunk rolls back and is claimed again.
 */
export async function createAllOrEach<I, R>(
  tx: Tx,
  items: readonly I[],
  create: (sp: Tx, items: readonly I[]) => Promise<R[]>,
): Promise<{ created: Map<I, R>; failures: Map<I, string> }> {
  const created = new Map<I, R>();
  const failures = new Map<I, string>();
  if (!items.length) return { created, failures };
  try {
    const made = await tx.transaction((sp) => create(sp as Tx, items));
    made.forEach((m, i) => created.set(items[i]!, m));
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    for (const item of items) {
      try {
        const [m] = await tx.transaction((sp) => create(sp as Tx, [item]));
        created.set(item, m!);
      } catch (itemError) {
        if (isDatabaseUnavailable(itemError)) throw itemError;
        failures.set(item, errorText(itemError));
      }
    }
  }
  return { created, failures };
}
