import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applicationEndpoints, type ApplicationCreateInput, type ApplicationUpdateInput, type ApplicationUser, type ListEnvelope, type QueryIn } from '@paraphe/contracts';
import { callEndpoint } from '../../shared/api/endpoints.ts';
import { sessionQueryKey } from '../../shared/api/queryClient.ts';

const applicationsKey = ['applications'] as const;

export type ApplicationsListQuery = QueryIn<typeof applicationEndpoints.list>;

export function useApplicationsList(query: ApplicationsListQuery) {
  return useQuery({
    queryKey: [...applicationsKey, 'list', query],
    queryFn: ({ signal }) => callEndpoint(applicationEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useApplication(id: string | undefined) {
  return useQuery({
    queryKey: [...applicationsKey, 'one', id],
    queryFn: ({ signal }) => callEndpoint(applicationEndpoints.get, { params: { id: id ?? '' }, signal }).then((r) => r.data),
    enabled: !!id,
  });
}

export function useCreateApplication() {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (input: ApplicationCreateInput) => callEndpoint(applicationEndpoints.create, { body: input }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: applicationsKey }),
  });
}

/** PUT of one tab's part; the tenant's own banner and colour follow when it is the admin's own application. */
export function useUpdateApplication(id: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (input: ApplicationUpdateInput) => callEndpoint(applicationEndpoints.update, { params: { id }, body: input }).then((r) => r.data),
    onSuccess: (application) => {
      client.setQueryData([...applicationsKey, 'one', id], application);
      void client.invalidateQueries({ queryKey: [...applicationsKey, 'list'] });
      void client.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

export type TenantUsersQuery = QueryIn<typeof applicationEndpoints.users>;

/** Tab Users: the tenant's users as the product administrator sees them. */
export function useTenantUsers(appId: string, query: TenantUsersQuery) {
  return useQuery<ListEnvelope<ApplicationUser>>({
    queryKey: [...applicationsKey, 'users', appId, query],
    queryFn: ({ signal }) => callEndpoint(applicationEndpoints.users, { params: { id: appId }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useResendInvitation(appId: string) {
  return useMutation({
    mutationFn: (userId: string) => callEndpoint(applicationEndpoints.resendInvitation, { params: { id: appId, userId } }),
  });
}

export function useSetTenantUserActive(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, active }: { userId: string; active: boolean }) => callEndpoint(applicationEndpoints.setUserActive, { params: { id: appId, userId }, body: { active } }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: [...applicationsKey, 'users', appId] }),
  });
}
