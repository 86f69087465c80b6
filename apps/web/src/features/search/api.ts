import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { normalizeSearch, searchEndpoints, type GlobalSearchResult } from '@paraphe/contracts';
import { callEndpoint } from '../../shared/api/endpoints.ts';

/** GET /api/search; nothing is asked below 3 characters (spec §5). */
export function useGlobalSearch(text: string) {
  const q = normalizeSearch(text);
  return useQuery<GlobalSearchResult>({
    queryKey: ['search', q],
    queryFn: ({ signal }) => callEndpoint(searchEndpoints.search, { query: { q }, signal }).then((r) => r.data),
    enabled: q !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
