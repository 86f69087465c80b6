import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { customDomainEndpoints, type DeclareCustomDomainInput } from '@paraphe/contracts';
import { callEndpoint } from '../../shared/api/endpoints.ts';

const domainsKey = ['custom-domains'] as const;

export function useCustomDomains() {
  return useQuery({ queryKey: domainsKey, queryFn: ({ signal }) => callEndpoint(customDomainEndpoints.list, { signal }).then((r) => r.data) });
}

/** Every change answers one domain: the list is read again (statuses, the records of a new one). */
function useDomainMutation<I>(call: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ meta: { ownErrors: true }, mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: domainsKey }) });
}

export const useDeclareDomain = () => useDomainMutation((body: DeclareCustomDomainInput) => callEndpoint(customDomainEndpoints.declare, { body }));
export const useCheckDomain = () => useDomainMutation((id: string) => callEndpoint(customDomainEndpoints.check, { params: { id } }));
export const useRemoveDomain = () => useDomainMutation((id: string) => callEndpoint(customDomainEndpoints.remove, { params: { id } }));
