import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { outboxEndpoints, type QueryIn } from '@paraphe/contracts';
import { callEndpoint } from '../../shared/api/endpoints.ts';

export type OutboxListQuery = QueryIn<typeof outboxEndpoints.list>;

export function useOutboxList(query: OutboxListQuery) {
  return useQuery({
    queryKey: ['outbox', 'list', query],
    queryFn: ({ signal }) => callEndpoint(outboxEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
    // Mails arrive while the administrator watches: always refetch when the list is opened again, and poll while open.
    staleTime: 0,
    refetchInterval: 10_000,
  });
}

export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: ['outbox', 'one', id],
    queryFn: ({ signal }) => callEndpoint(outboxEndpoints.get, { params: { id: id ?? '' }, signal }).then((r) => r.data),
    enabled: !!id,
  });
}

/** Sends undelivered mail again: one message (`id`), or every failed one. */
export function useResendMessages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      (id ? callEndpoint(outboxEndpoints.resend, { params: { id } }) : callEndpoint(outboxEndpoints.resendFailed, {})).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: ['outbox'] }),
  });
}
