import { useState } from 'react';
import { maxListOffset } from '@paraphe/contracts';

/**
 * Past the numbered pages (docs/lists.md "Deep pages"): the lists that reach a million rows are read by cursor, one
 * page after the other. `trail` holds the cursors of the pages shown past the last numbered one; "next" pushes the
 * page's `nextCursor`, "previous" pops (the last numbered page again when the trail empties).
 */
export interface CursorTrail {
  trail: string[];
}

/** The last page reachable by number at this page size (offset `maxListOffset`: page 51 of 20 rows). */
export const lastNumberedPage = (pageSize: number) => Math.floor(maxListOffset / pageSize) + 1;

/** The page shown: a numbered one, or the last numbered one plus how far the cursors went. */
export const shownPage = (page: number, pageSize: number, trail: CursorTrail) => (trail.trail.length ? lastNumberedPage(pageSize) + trail.trail.length : page);

export const nextTrail = (trail: CursorTrail, cursor: string): CursorTrail => ({ trail: [...trail.trail, cursor] });
export const previousTrail = (trail: CursorTrail): CursorTrail => ({ trail: trail.trail.slice(0, -1) });

/** What the list call takes: the cursor of the page shown (offset 0), or the numbered page's offset (at most `maxListOffset`). */
export function cursorQuery(trail: CursorTrail, paging: { limit: number; offset: number }): { limit: number; offset: number; cursor?: string } {
  const cursor = trail.trail.at(-1);
  // A page number past the last numbered one (an old address) shows the last numbered page, not a 400.
  return cursor ? { limit: paging.limit, offset: 0, cursor } : { ...paging, offset: Math.min(paging.offset, maxListOffset) };
}

/**
 * The trail of a list, emptied when `key` changes (its search, filters, page size or numbered page: a cursor belongs
 * to the list it came from). Spread `tableProps` onto PaginatedTable.
 */
export function useCursorTrail(key: string) {
  const [state, setState] = useState<{ key: string; trail: CursorTrail }>({ key, trail: { trail: [] } });
  const trail = state.key === key ? state.trail : { trail: [] };
  return {
    trail,
    tableProps: {
      cursorDepth: trail.trail.length,
      onNextCursor: (cursor: string) => setState({ key, trail: nextTrail(trail, cursor) }),
      onPreviousCursor: () => setState({ key, trail: previousTrail(trail) }),
    },
  };
}
