import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  applicationListResponse,
  applicationResponse,
  type ApplicationCreateInput,
  type ApplicationUpdateInput,
} from '@paraphe/contracts';
import { apiRequest } from '../api/client.ts';
import { sessionQueryKey } from '../auth/session.ts';

const applicationsKey = ['applications'] as const;

export function useApplicationsList(query: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: [...applicationsKey, 'list', query],
    queryFn: ({ signal }) => apiRequest('/api/applications', applicationListResponse, { audience: 'application', query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useApplication(id: string | undefined) {
  return useQuery({
    queryKey: [...applicationsKey, 'one', id],
    queryFn: ({ signal }) => apiRequest(`/api/applications/${id}`, applicationResponse, { audience: 'application', signal }).then((r) => r.data),
    enabled: !!id,
  });
}

export function useCreateApplication() {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (input: ApplicationCreateInput) =>
      apiRequest('/api/applications', applicationResponse, { method: 'POST', audience: 'application', body: input }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: applicationsKey }),
  });
}

/** PUT of one tab's part; the tenant's own banner and colour follow when it is the admin's own application. */
export function useUpdateApplication(id: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (input: ApplicationUpdateInput) =>
      apiRequest(`/api/applications/${id}`, applicationResponse, { method: 'PUT', audience: 'application', body: input }).then((r) => r.data),
    onSuccess: (application) => {
      client.setQueryData([...applicationsKey, 'one', id], application);
      void client.invalidateQueries({ queryKey: [...applicationsKey, 'list'] });
      void client.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
