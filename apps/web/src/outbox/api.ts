import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { outboxListResponse, outboxMessageResponse } from '@paraphe/contracts';
import { apiRequest } from '../api/client.ts';

export function useOutboxList(query: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: ['outbox', 'list', query],
    queryFn: ({ signal }) => apiRequest('/api/outbox', outboxListResponse, { audience: 'outbox', query, signal }),
    placeholderData: keepPreviousData,
    // Mails arrive while the administrator watches: always refetch when the list is opened again, and poll while open.
    staleTime: 0,
    refetchInterval: 10_000,
  });
}

export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: ['outbox', 'one', id],
    queryFn: ({ signal }) => apiRequest(`/api/outbox/${id}`, outboxMessageResponse, { audience: 'outbox', signal }).then((r) => r.data),
    enabled: !!id,
  });
}
