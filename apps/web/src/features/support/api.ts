import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { helpEndpoints, maintenanceEndpoints, type HelpRequestInput, type MaintenanceInput, type QueryIn } from '@paraphe/contracts';
import { callEndpoint, downloadEndpoint, postFormEndpoint } from '../../shared/api/endpoints.ts';

const maintenanceKey = ['maintenance'] as const;
const helpKey = ['help-requests'] as const;

/** The public maintenance status (the maintenance page polls it to come back when it ends). */
export function useMaintenanceStatus() {
  return useQuery({
    queryKey: [...maintenanceKey, 'status'],
    queryFn: ({ signal }) => callEndpoint(maintenanceEndpoints.status, { signal }).then((r) => r.data),
    staleTime: 0,
    refetchInterval: 30_000,
    meta: { silentErrors: true },
  });
}

export function useAdminMaintenance() {
  return useQuery({ queryKey: [...maintenanceKey, 'admin'], queryFn: ({ signal }) => callEndpoint(maintenanceEndpoints.get, { signal }).then((r) => r.data) });
}

export function useSetMaintenance() {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (input: MaintenanceInput) => callEndpoint(maintenanceEndpoints.set, { body: input }).then((r) => r.data),
    onSuccess: (state) => client.setQueryData([...maintenanceKey, 'admin'], state),
  });
}

/** The help form: the fields as JSON in the part `input`, the optional attachment in the part `file`. */
export function useSendHelpRequest() {
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: ({ input, attachment }: { input: HelpRequestInput; attachment: File | null }) => {
      const form = new FormData();
      form.append('input', JSON.stringify(input));
      if (attachment) form.append('file', attachment, attachment.name);
      return postFormEndpoint(helpEndpoints.create, undefined, form).then((r) => r.data);
    },
  });
}

export type HelpListQuery = QueryIn<typeof helpEndpoints.list>;

export function useHelpRequests(query: HelpListQuery) {
  return useQuery({
    queryKey: [...helpKey, query],
    queryFn: ({ signal }) => callEndpoint(helpEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSetHelpStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'open' | 'closed' }) =>
      callEndpoint(helpEndpoints.setStatus, { params: { id }, body: { status } }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: helpKey }),
  });
}

export const downloadHelpAttachment = (id: string, fileName: string) => downloadEndpoint(helpEndpoints.attachment, { params: { id } }, fileName);
