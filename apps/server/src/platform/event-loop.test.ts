import { describe, expect, it } from 'vitest';
import { cooperative, perTurn } from './event-loop.ts';

/** Rows already in memory, as an async generator hands them out: every step resolves by microtasks only. */
async function* inMemory(count: number): AsyncGenerator<number> {
  for (let i = 0; i < count; i++) yield i;
}

/** Iterates `rows` and tells at which row a callback queued with setImmediate before the loop ran (-1: only after). */
async function rowWhenOtherWorkRan(rows: AsyncIterable<number>): Promise<{ seen: number; otherRanAt: number }> {
  let otherRanAt = -1;
  let seen = 0;
  setImmediate(() => (otherRanAt = seen));
  for await (const row of rows) seen = row + 1;
  return { seen, otherRanAt };
}

describe('cooperative: a loop over many in-memory items gives the event loop its turns', () => {
  it('without it, other work waits for the whole loop (the stall a 90,000-row import caused)', async () => {
    const { seen, otherRanAt } = await rowWhenOtherWorkRan(inMemory(10_000));
    expect(seen).toBe(10_000);
    expect(otherRanAt).toBe(-1);
  });

  it('with it, other work runs within the first slice, and every item comes through once and in order', async () => {
    const items: number[] = [];
    let otherRanAt = -1;
    setImmediate(() => (otherRanAt = items.length));
    for await (const item of cooperative(inMemory(10_000), 0)) items.push(item);
    expect(items).toEqual(Array.from({ length: 10_000 }, (_, i) => i));
    expect(otherRanAt).toBe(64);
  });

  it('takes plain iterables and passes on the source error after the items before it', async () => {
    async function* failing(): AsyncGenerator<number> {
      yield 1;
      yield 2;
      throw new Error('damaged at row 3');
    }
    const items: number[] = [];
    await expect(
      (async () => {
        for await (const item of cooperative(failing())) items.push(item);
      })(),
    ).rejects.toThrow('damaged at row 3');
    expect(items).toEqual([1, 2]);
    const fromArray: string[] = [];
    for await (const item of cooperative(['a', 'b'])) fromArray.push(item);
    expect(fromArray).toEqual(['a', 'b']);
  });
});

describe('perTurn: calls of one turn of the event loop share one flush', () => {
  it('flushes the items of one turn together, the next turn separately, and gives every caller the shared outcome', async () => {
    const flushes: number[][] = [];
    const sum = perTurn(async (items: number[]) => {
      flushes.push([...items]);
      if (items.includes(-1)) throw new Error('refused');
      return items.reduce((a, b) => a + b, 0);
    });
    expect(await Promise.all([sum(1), sum(2), sum(3)])).toEqual([6, 6, 6]);
    expect(await sum(10)).toBe(10);
    const failing = await Promise.allSettled([sum(4), sum(-1)]);
    expect(failing.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    expect(flushes).toEqual([[1, 2, 3], [10], [4, -1]]);
  });
});
