import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gdprEndpoints, type GdprRetention } from '@paraphe/contracts';
import { callEndpoint } from '../../shared/api/endpoints.ts';

const gdprKey = ['gdpr'] as const;

export function useGdprSettings() {
  return useQuery({ queryKey: [...gdprKey, 'settings'], queryFn: ({ signal }) => callEndpoint(gdprEndpoints.settings, { signal }).then((r) => r.data) });
}

export function useSaveGdprSettings() {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (body: GdprRetention) => callEndpoint(gdprEndpoints.updateSettings, { body }).then((r) => r.data),
    onSuccess: (data) => client.setQueryData([...gdprKey, 'settings'], data),
  });
}

export function useGdprRequests(page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...gdprKey, 'requests', page],
    queryFn: ({ signal }) => callEndpoint(gdprEndpoints.requests, { query: page, signal }),
    placeholderData: keepPreviousData,
  });
}

/** An export or an erasure by e-mail; the history follows. */
export function useSubjectRequest(kind: 'export' | 'erase') {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (email: string) =>
      (kind === 'export' ? callEndpoint(gdprEndpoints.export, { body: { email } }) : callEndpoint(gdprEndpoints.erase, { body: { email } })).then(
        (r) => r.data,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: [...gdprKey, 'requests'] }),
  });
}
