import { describe, expect, it } from 'vitest';
import { cursorQuery, lastNumberedPage, nextTrail, previousTrail, shownPage } from './cursorPaging.ts';

describe('cursor paging past the numbered pages', () => {
  it('numbers pages up to offset 1,000 at every page size', () => {
    expect(lastNumberedPage(20)).toBe(51);
    expect(lastNumberedPage(10)).toBe(101);
    expect(lastNumberedPage(100)).toBe(11);
    expect((lastNumberedPage(50) - 1) * 50).toBe(1_000);
  });

  it('goes forward by the next cursors and back the same way, to the last numbered page', () => {
    const start = { trail: [] };
    expect(cursorQuery(start, { limit: 20, offset: 1_000 })).toEqual({ limit: 20, offset: 1_000 });
    const one = nextTrail(start, 'c1');
    const two = nextTrail(one, 'c2');
    expect(shownPage(51, 20, two)).toBe(53);
    expect(cursorQuery(two, { limit: 20, offset: 1_000 })).toEqual({ limit: 20, offset: 0, cursor: 'c2' });
    expect(cursorQuery(previousTrail(two), { limit: 20, offset: 1_000 })).toEqual({ limit: 20, offset: 0, cursor: 'c1' });
    const back = previousTrail(previousTrail(two));
    expect(shownPage(51, 20, back)).toBe(51);
    expect(cursorQuery(back, { limit: 20, offset: 1_000 })).toEqual({ limit: 20, offset: 1_000 });
  });

  it('reads a page number past the numbered pages (an old address) as the last numbered page', () => {
    expect(cursorQuery({ trail: [] }, { limit: 20, offset: 4_000 })).toEqual({ limit: 20, offset: 1_000 });
    expect(cursorQuery({ trail: ['c1'] }, { limit: 20, offset: 4_000 })).toEqual({ limit: 20, offset: 0, cursor: 'c1' });
  });
});
