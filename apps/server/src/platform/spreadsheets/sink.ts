/** Back-pressure and early-close handling shared by the writers. */
import type { Writable } from 'node:stream';

export const closedEarly = () => new Error('The export destination was closed before the export ended.');

/** Resolves when `sink` can take more (at once if it can); rejects if it closes or fails first. */
export function drained(sink: Writable): Promise<void> {
  if (sink.destroyed || sink.writableEnded) return Promise.reject(closedEarly());
  if (!sink.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      sink.off('drain', onDrain);
      sink.off('close', onClose);
      sink.off('error', onError);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(closedEarly());
    const onError = (error: Error) => done(error);
    sink.on('drain', onDrain);
    sink.on('close', onClose);
    sink.on('error', onError);
  });
}

/** Gives the event loop a turn (zip and zlib work, the sink drains), then waits for the sink as `drained` does. */
export async function breathe(sink: Writable): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await drained(sink);
}

/**
 * A promise that rejects if `sink` closes before it finished or fails; `dispose` removes its listeners. Raced with a
 * library's own completion promise, it keeps a closed sink from hanging the export.
 */
export function watchSink(sink: Writable): { failed: Promise<never>; dispose: () => void } {
  let onClose = () => {};
  let onError = (_error: Error) => {};
  const failed = new Promise<never>((_, reject) => {
    onClose = () => {
      if (!sink.writableFinished) reject(closedEarly());
    };
    onError = (error) => reject(error);
    sink.on('close', onClose);
    sink.on('error', onError);
  });
  failed.catch(() => {});
  return {
    failed,
    dispose: () => {
      sink.off('close', onClose);
      sink.off('error', onError);
    },
  };
}

/**
 * Calls `write` for each row, and awaits `pause` every `every` rows (back-pressure, and a turn for the event loop).
 * A plain iterable (an array, a generator) is walked without a promise per row. Returns the number of rows.
 */
export async function forEachRow<T>(rows: Iterable<T> | AsyncIterable<T>, write: (row: T) => void, every: number, pause: () => Promise<void>): Promise<number> {
  let count = 0;
  if (typeof (rows as AsyncIterable<T>)[Symbol.asyncIterator] === 'function') {
    for await (const row of rows as AsyncIterable<T>) {
      write(row);
      if (++count % every === 0) await pause();
    }
  } else {
    for (const row of rows as Iterable<T>) {
      write(row);
      if (++count % every === 0) await pause();
    }
  }
  return count;
}
