import { describe, expect, it } from 'vitest';
import { emptyText, isNarrowed } from './emptyState.ts';

describe('emptyText: an empty list names what is empty', () => {
  const contacts = { nothingYet: 'No contacts yet — import a spreadsheet or add one.', nothingMatches: 'No contact matches this search.' };

  it('says there is nothing yet when neither search nor filter is set', () => {
    expect(emptyText({ ...contacts, narrowed: false })).toBe(contacts.nothingYet);
  });

  it('says nothing matches when a search or a filter hides the rows', () => {
    expect(emptyText({ ...contacts, narrowed: true })).toBe(contacts.nothingMatches);
  });

  it('a list without search or filter always says there is nothing yet', () => {
    expect(emptyText({ nothingYet: 'No payments yet.' })).toBe('No payments yet.');
  });
});

describe('isNarrowed: a search (as the server applies it) or a set filter', () => {
  it('is false with no search and no filter value', () => {
    expect(isNarrowed(undefined)).toBe(false);
    expect(isNarrowed('', undefined, null, '', [])).toBe(false);
  });

  it('ignores a search shorter than 3 characters (the server lists everything then)', () => {
    expect(isNarrowed('ab')).toBe(false);
    expect(isNarrowed('  ab  ')).toBe(false);
    expect(isNarrowed('abc')).toBe(true);
  });

  it('is true as soon as one filter is set, including a non-empty multi-choice', () => {
    expect(isNarrowed(undefined, undefined, 'pending')).toBe(true);
    expect(isNarrowed(undefined, ['signed'])).toBe(true);
    expect(isNarrowed('', false)).toBe(true);
  });
});
