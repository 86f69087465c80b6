import { createHistogram, performance, type RecordableHistogram } from 'node:perf_hooks';

/**
 * Event-loop delay of this process, as /healthz shows it: p50, p99 and max in ms over the last 10 to 20 seconds.
 * A request that stalls the loop (CPU-heavy work on the main thread) shows here first: every other request waits that
 * long. A 10 ms timer records how late it fires into a perf_hooks histogram (what monitorEventLoopDelay measures; its
 * histogram cannot be merged with another, so windows could not be kept). Two windows are kept, the one filling and
 * the last full one, so a read right after a rotation never looks at an almost empty histogram. One monitor per
 * process, started with the server (or by the first read).
 */
export interface EventLoopDelay {
  p50: number;
  p99: number;
  max: number;
  /** The span the figures cover, in seconds (10 to 20 once the server has run 10 s). */
  windowSeconds: number;
}

const resolutionMs = 10;
const windowMs = 10_000;

interface Monitor {
  current: RecordableHistogram;
  previous: RecordableHistogram;
  rotatedAt: number;
  hasPrevious: boolean;
}
let monitor: Monitor | undefined;

function started(): Monitor {
  if (monitor) return monitor;
  const m: Monitor = { current: createHistogram(), previous: createHistogram(), rotatedAt: Date.now(), hasPrevious: false };
  let expected = performance.now() + resolutionMs;
  // unref: the monitor never keeps a process (a test, a CLI command) alive.
  setInterval(() => {
    const now = performance.now();
    m.current.record(Math.max(1, Math.round((now - expected) * 1e6)));
    expected = now + resolutionMs;
  }, resolutionMs).unref();
  setInterval(() => {
    m.previous.reset();
    m.previous.add(m.current);
    m.current.reset();
    m.hasPrevious = true;
    m.rotatedAt = Date.now();
  }, windowMs).unref();
  monitor = m;
  return m;
}

/** Starts sampling now (the server calls it at start: the first /healthz then covers the time since). */
export function startEventLoopMonitor(): void {
  started();
}

const beyondInterval = (nanoseconds: number) => Math.round(nanoseconds / 1e5) / 10;

export function eventLoopDelay(): EventLoopDelay {
  const m = started();
  const both = createHistogram();
  both.add(m.current);
  if (m.hasPrevious) both.add(m.previous);
  const empty = both.count === 0;
  return {
    p50: empty ? 0 : beyondInterval(both.percentile(50)),
    p99: empty ? 0 : beyondInterval(both.percentile(99)),
    max: empty ? 0 : beyondInterval(both.max),
    windowSeconds: Math.round((Date.now() - m.rotatedAt + (m.hasPrevious ? windowMs : 0)) / 1000),
  };
}

/** How long a loop over many items may hold the event loop before `cooperative` gives it a turn. */
export const cooperativeSliceMs = 5;

/**
 * `items`, with a turn of the event loop (setImmediate) whenever the consumer has held it `sliceMs` since the last
 * one. An async generator fed from memory (rows a worker thread already read) resolves by microtasks only: a loop
 * over 100,000 of them would keep every other request waiting for its whole length. The clock is read every 64 items.
 */
export async function* cooperative<T>(items: AsyncIterable<T> | Iterable<T>, sliceMs = cooperativeSliceMs): AsyncGenerator<T> {
  let sliceStart = performance.now();
  let count = 0;
  for await (const item of items) {
    yield item;
    if ((++count & 63) === 0 && performance.now() - sliceStart >= sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}

/**
 * `flush` run once for every call made in the same turn of the event loop, over all their items: the calls share
 * its promise. Delivery jobs of a batch start together, so their 50 reads (or records) become one statement.
 */
export function perTurn<I, R>(flush: (items: I[]) => Promise<R>): (item: I) => Promise<R> {
  let pending: { items: I[]; done: Promise<R> } | undefined;
  return (item) => {
    if (!pending) {
      const items: I[] = [];
      const done = new Promise<R>((resolve, reject) =>
        setImmediate(() => {
          pending = undefined;
          flush(items).then(resolve, reject);
        }),
      );
      pending = { items, done };
    }
    pending.items.push(item);
    return pending.done;
  };
}
