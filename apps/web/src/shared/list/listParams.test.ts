import { describe, expect, it } from 'vitest';
import { listQueryOf, readListParams, updateListSearch } from './listParams.ts';

describe('list parameters', () => {
  it('defaults to page 1, 10 items, DESC', () => {
    const params = readListParams(new URLSearchParams(''), ['profile']);
    expect(listQueryOf(params)).toEqual({ limit: 10, offset: 0, order: 'DESC', search: undefined });
  });
  it('ignores a search shorter than 3 characters and keeps filters', () => {
    const params = readListParams(new URLSearchParams('q=ab&profile=MANAGER&page=3&size=20'), ['profile']);
    expect(listQueryOf(params)).toEqual({ limit: 20, offset: 40, order: 'DESC', search: undefined, profile: 'MANAGER' });
    expect(listQueryOf({ ...params, search: ' abc ' }).search).toBe('abc');
  });
  it('refuses a page size that is not offered', () => {
    expect(readListParams(new URLSearchParams('size=7'), []).pageSize).toBe(10);
  });
  it('goes back to page 1 when the search or a filter changes, not when the page does', () => {
    const current = new URLSearchParams('page=4&q=dup');
    expect(updateListSearch(current, { q: 'dupont' }).toString()).toBe('q=dupont');
    expect(updateListSearch(current, { page: 5 }).toString()).toBe('page=5&q=dup');
    expect(updateListSearch(current, { q: null }).toString()).toBe('');
  });
});
