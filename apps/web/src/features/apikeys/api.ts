import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeyEndpoints, type CreateApiKeyInput } from '@paraphe/contracts';
import { callEndpoint } from '../../shared/api/endpoints.ts';

const key = ['apikeys'] as const;

export function useApiKeys() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => callEndpoint(apiKeyEndpoints.list, { signal }).then((r) => r.data) });
}

/** Each change refreshes the list. */
function useApiKeysMutation<T, R>(run: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export const useCreateApiKey = () => useApiKeysMutation((body: CreateApiKeyInput) => callEndpoint(apiKeyEndpoints.create, { body }).then((r) => r.data));
export const useRevokeApiKey = () => useApiKeysMutation((id: string) => callEndpoint(apiKeyEndpoints.revoke, { params: { id } }).then((r) => r.data));
