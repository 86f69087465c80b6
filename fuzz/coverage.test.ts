import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoverageGuide, countBucket, segmentsOf } from './coverage.ts';
import { classify } from './coverage-fixture.ts';

describe('coverage guidance (V8 block coverage through the inspector)', () => {
  const guide = new CoverageGuide((url) => url.includes('/fuzz/coverage-fixture.ts'));
  beforeAll(() => guide.start());
  afterAll(() => guide.stop());

  it('counts in power-of-two buckets past 3', () => {
    expect([0, 1, 2, 3, 4, 7, 8, 15, 16, 1000].map(countBucket)).toEqual([0, 1, 2, 3, 4, 4, 5, 5, 6, 11]);
  });

  it('cuts a function into pieces with the count of the innermost range (V8 omits blocks as frequent as their parent)', () => {
    const fn = { startOffset: 0, endOffset: 100, count: 1 };
    expect(segmentsOf([fn, { startOffset: 60, endOffset: 90, count: 0 }])).toEqual([
      { start: 0, end: 60, count: 1 },
      { start: 60, end: 90, count: 0 },
      { start: 90, end: 100, count: 1 },
    ]);
    expect(segmentsOf([fn, { startOffset: 20, endOffset: 80, count: 5 }, { startOffset: 30, endOffset: 40, count: 0 }])).toEqual([
      { start: 0, end: 20, count: 1 },
      { start: 20, end: 30, count: 5 },
      { start: 30, end: 40, count: 0 },
      { start: 40, end: 80, count: 5 },
      { start: 80, end: 100, count: 1 },
    ]);
  });

  it('reports a new branch, a loop run a new number of times, and nothing for the same path again', async () => {
    await guide.newFeatures(); // what ran before (the test's own set-up)
    classify([0x30, 1]);
    expect(await guide.newFeatures()).toBeGreaterThan(0);
    classify([0x30, 2]);
    expect(await guide.newFeatures(), 'the same path: nothing new').toBe(0);
    classify([0x31, 2]);
    expect(await guide.newFeatures(), 'the other branch').toBeGreaterThan(0);
    classify([0x31, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await guide.newFeatures(), 'the loop body 9 times: a new count bucket').toBeGreaterThan(0);
  });

  it('takeFresh shows without recording until commit (how a batch is replayed input by input)', async () => {
    await guide.newFeatures();
    classify(Array.from({ length: 40 }, () => 0x30));
    const fresh = await guide.takeFresh();
    expect(fresh.size).toBeGreaterThan(0);
    classify(Array.from({ length: 40 }, () => 0x30));
    expect((await guide.takeFresh()).size, 'still fresh: not committed').toBe(fresh.size);
    guide.commit(fresh);
    classify(Array.from({ length: 40 }, () => 0x30));
    expect((await guide.takeFresh()).size).toBe(0);
    expect(guide.blocks).toBeGreaterThan(0);
  });
});
