import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { normalizeSearch } from '@paraphe/contracts';
import { cursorQuery, useCursorTrail } from './cursorPaging.ts';
import { usePaging } from './usePaging.ts';

/**
 * A holder's rows (a campaign's signatories, an operation's orders) in their order, a page at a time, filtered by
 * status and by a search as typed (debounced): the list call's query, the paging, and the filters RowsPanel shows.
 * Past the numbered pages, by cursor (docs/lists.md "Deep pages"): the trail starts again when a filter or the page
 * changes.
 */
export function useRowsQuery<S extends string>() {
  const paging = usePaging(20);
  const [status, setStatus] = useState<S | undefined>();
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text, 300);
  const numbered = { limit: paging.limit, offset: paging.offset, status, search: normalizeSearch(search), orderBy: 'rowIndex' as const, order: 'ASC' as const };
  const cursors = useCursorTrail(JSON.stringify(numbered));
  const query = { ...numbered, ...cursorQuery(cursors.trail, numbered) };
  return { paging, cursors, query, filters: { text, setText, setStatus } };
}

export type RowsQuery<S extends string> = ReturnType<typeof useRowsQuery<S>>;
