import { describe, expect, it } from 'vitest';
import { pagingOf } from './usePaging.ts';

describe('pagingOf', () => {
  it('turns a 1-based page and a page size into the limit and offset of a list call', () => {
    expect(pagingOf(1, 20)).toEqual({ limit: 20, offset: 0 });
    expect(pagingOf(3, 50)).toEqual({ limit: 50, offset: 100 });
  });
});
