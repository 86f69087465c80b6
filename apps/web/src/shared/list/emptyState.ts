import { normalizeSearch } from '@paraphe/contracts';

/**
 * What an empty list says, in the list's own words (issue 25 item 16: never a bare "No results"). `nothingYet`:
 * there is really nothing yet (and, where useful, what to do about it). `nothingMatches`: rows may exist, but the
 * search or the filters (`narrowed`) hide them all. A list without search or filter gives `nothingYet` only.
 */
export type EmptyTexts = { nothingYet: string } | { nothingYet: string; nothingMatches: string; narrowed: boolean };

export function emptyText(empty: EmptyTexts): string {
  return 'narrowed' in empty && empty.narrowed ? empty.nothingMatches : empty.nothingYet;
}

/**
 * Whether a list is narrowed by its search or a filter. The search counts only as the server applies it (from
 * 3 characters, spec §5): a shorter one lists everything. A filter counts when set (an empty multi-choice does not).
 */
export function isNarrowed(search: string | undefined, ...filters: unknown[]): boolean {
  if (normalizeSearch(search) !== undefined) return true;
  return filters.some((value) => (Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null && value !== ''));
}
