import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readListParams, updateListSearch, type ListParams } from './listParams.ts';

const noFilters: readonly string[] = [];

/** List state (page, size, search, filters) kept in the address query; pass filter names as a constant. */
export function useListParams(filterNames: readonly string[] = noFilters) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params: ListParams = useMemo(() => readListParams(searchParams, filterNames), [searchParams, filterNames]);
  const update = useCallback(
    (changes: Record<string, string | number | null>) => setSearchParams((current) => updateListSearch(current, changes), { replace: true }),
    [setSearchParams],
  );
  return { params, update };
}
