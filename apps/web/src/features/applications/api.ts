import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  applicationEndpoints,
  consentEndpoints,
  type Application,
  type ApplicationCreateInput,
  type CompanyIdentityInput,
  type ApplicationUpdateInput,
  type ApplicationUser,
  type LegalTextPublishInput,
  type ListEnvelope,
  type QueryIn,
} from '@paraphe/contracts';
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

/** What the account's users accepted or declined at sign-up and since (terms and consents, with their versions). */
export function useApplicationConsents(id: string) {
  return useQuery({
    queryKey: [...applicationsKey, 'consents', id],
    queryFn: ({ signal }) => callEndpoint(consentEndpoints.applicationConsents, { params: { id }, signal }).then((r) => r.data),
  });
}

const legalTextsKey = ['legal-texts'] as const;

/** Every version of the terms of service and the sign-up consents (product administrator). */
export function useLegalTextVersions() {
  return useQuery({
    queryKey: [...legalTextsKey, 'versions'],
    queryFn: ({ signal }) => callEndpoint(consentEndpoints.versions, { signal }).then((r) => r.data),
  });
}

export function usePublishLegalText() {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (body: LegalTextPublishInput) => callEndpoint(consentEndpoints.publish, { body }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: legalTextsKey }),
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
    mutationFn: ({ userId, active }: { userId: string; active: boolean }) =>
      callEndpoint(applicationEndpoints.setUserActive, { params: { id: appId, userId }, body: { active } }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: [...applicationsKey, 'users', appId] }),
  });
}

/** "Company identity verified" (product administrator): record what was checked, or withdraw it (docs/stamps.md). */
export function useCompanyIdentity(id: string) {
  const client = useQueryClient();
  const onSuccess = (application: Application) => {
    client.setQueryData([...applicationsKey, 'one', id], application);
    void client.invalidateQueries({ queryKey: [...applicationsKey, 'list'] });
  };
  const verify = useMutation({
    meta: { ownErrors: true },
    mutationFn: (body: CompanyIdentityInput) => callEndpoint(applicationEndpoints.verifyCompanyIdentity, { params: { id }, body }).then((r) => r.data),
    onSuccess,
  });
  const withdraw = useMutation({
    mutationFn: () => callEndpoint(applicationEndpoints.withdrawCompanyIdentity, { params: { id } }).then((r) => r.data),
    onSuccess,
  });
  return { verify, withdraw };
}
