import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { normalizeSearch } from '@paraphe/contracts';
import { usePaging } from './usePaging.ts';

/**
 * A holder's rows (a campaign's signatories, an operation's orders) in their order, a page at a time, filtered by
 * status and by a search as typed (debounced): the list call's query, the paging, and the filters RowsPanel shows.
 */
export function useRowsQuery<S extends string>() {
  const paging = usePaging(20);
  const [status, setStatus] = useState<S | undefined>();
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text, 300);
  const query = { limit: paging.limit, offset: paging.offset, status, search: normalizeSearch(search), orderBy: 'rowIndex' as const, order: 'ASC' as const };
  return { paging, query, filters: { text, setText, setStatus } };
}

export type RowsQuery<S extends string> = ReturnType<typeof useRowsQuery<S>>;
