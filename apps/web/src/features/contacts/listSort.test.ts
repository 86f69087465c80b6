import { describe, expect, it } from 'vitest';
import { contactSortOf, sortChanges } from './listSort.ts';

describe('address book sort', () => {
  it('reads alphabetically by last name unless the address says otherwise', () => {
    expect(contactSortOf({})).toEqual({ orderBy: 'lastname', order: 'ASC' });
    expect(contactSortOf({ sort: 'company', dir: 'DESC' })).toEqual({ orderBy: 'company', order: 'DESC' });
    expect(contactSortOf({ sort: 'mobile', dir: 'sideways' })).toEqual({ orderBy: 'lastname', order: 'ASC' });
  });
  it('keeps only the columns the endpoint sorts by', () => {
    expect(sortChanges({ by: 'mail', order: 'DESC' })).toEqual({ sort: 'mail', dir: 'DESC' });
    expect(sortChanges({ by: 'lang', order: 'ASC' })).toBeNull();
  });
});
