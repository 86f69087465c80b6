import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { crmEndpoints } from '@paraphe/contracts';
import { callEndpoint } from '../../shared/api/endpoints.ts';
import { notifyCrmError } from './errors.ts';

const crmKey = ['crm', 'hubspot'] as const;

/** The tenant's HubSpot connection (also tells the signer forms whether to show the HubSpot picker). */
export function useCrmState(enabled = true) {
  return useQuery({
    queryKey: [...crmKey, 'state'],
    queryFn: ({ signal }) => callEndpoint(crmEndpoints.state, { signal }),
    enabled,
    meta: { silentErrors: true },
  });
}

/** Connect: the authorisation URL, where the browser goes next (HubSpot's consent page). */
export function useStartCrmConnect() {
  return useMutation({ mutationFn: () => callEndpoint(crmEndpoints.connect, {}), meta: { ownErrors: true }, onError: notifyCrmError });
}

export function useDisconnectCrm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(crmEndpoints.disconnect, {}),
    meta: { ownErrors: true },
    onError: notifyCrmError,
    onSettled: () => client.invalidateQueries({ queryKey: crmKey }),
  });
}

/** HubSpot contacts matching `q` (from 2 characters). Errors: one toast per HubSpot detail. */
export function useCrmContactSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: [...crmKey, 'contacts', query],
    queryFn: async ({ signal }) => {
      try {
        return (await callEndpoint(crmEndpoints.searchContacts, { query: { q: query }, signal })).data;
      } catch (error) {
        notifyCrmError(error);
        throw error;
      }
    },
    enabled: query.length >= 2,
    staleTime: 30_000,
    retry: false,
    meta: { silentErrors: true },
  });
}

/** The product administrator's view of a tenant's connection. */
export function useCrmAdminState(appId: string) {
  return useQuery({ queryKey: [...crmKey, 'admin', appId], queryFn: ({ signal }) => callEndpoint(crmEndpoints.adminState, { params: { id: appId }, signal }) });
}
