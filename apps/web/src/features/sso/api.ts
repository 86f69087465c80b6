import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ssoEndpoints, type SsoConfigInput } from '@paraphe/contracts';
import { callEndpoint } from '../../shared/api/endpoints.ts';

const ssoKey = ['sso', 'config'] as const;

export function useSsoConfig() {
  return useQuery({ queryKey: ssoKey, queryFn: ({ signal }) => callEndpoint(ssoEndpoints.config, { signal }).then((r) => r.data) });
}

export function useSaveSsoConfig() {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (body: SsoConfigInput) => callEndpoint(ssoEndpoints.saveConfig, { body }).then((r) => r.data),
    onSuccess: (data) => client.setQueryData(ssoKey, data),
  });
}

export function useTestSsoConfig() {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: () => callEndpoint(ssoEndpoints.testConfig).then((r) => r.data),
    onSuccess: (data) => client.setQueryData(ssoKey, data),
  });
}
