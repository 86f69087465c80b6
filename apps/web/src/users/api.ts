import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isUsedResponse,
  managerProfiles,
  userListResponse,
  userResponse,
  type User,
  type UserInput,
} from '@paraphe/contracts';
import { apiRaw, apiRequest } from '../api/client.ts';
import { clientName } from '../auth/session.ts';

const usersKey = ['users'] as const;

export function useUsersList(query: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: [...usersKey, 'list', query],
    queryFn: ({ signal }) => apiRequest('/api/Users', userListResponse, { audience: 'user', query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: string | undefined) {
  return useQuery({
    queryKey: [...usersKey, 'one', id],
    queryFn: ({ signal }) => apiRequest(`/api/Users/${id}`, userResponse, { audience: 'user', signal }).then((r) => r.data),
    enabled: !!id,
  });
}

/** Possible line managers: the GERANT and MANAGER users (spec §6). */
export function useManagers() {
  return useQuery({
    queryKey: [...usersKey, 'managers'],
    queryFn: ({ signal }) =>
      apiRequest(`/api/Users/byProfiles/${managerProfiles.join(',')}`, userListResponse, { audience: 'user', signal }).then((r) => r.data),
  });
}

export function useChildren(id: string | null) {
  return useQuery({
    queryKey: [...usersKey, 'children', id],
    queryFn: ({ signal }) =>
      apiRequest(`/api/Users/${id}/children`, userListResponse, { audience: 'user', query: { recursif: 1 }, signal }).then((r) => r.data),
    enabled: !!id,
  });
}

export function fetchIsUsed(id: string) {
  return apiRequest(`/api/Users/isUsed/${id}`, isUsedResponse, { audience: 'user' }).then((r) => r.data);
}

export function useSaveUser(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (input: UserInput) =>
      apiRequest(id ? `/api/Users/${id}` : '/api/Users', userResponse, { method: id ? 'PUT' : 'POST', audience: 'user', body: input }).then(
        (r) => r.data,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: usersKey }),
  });
}

/** The fields of a user as the PUT body, to change one of them (e.g. deactivate). */
export function inputOf(user: User): UserInput {
  const { firstName, lastName, email, mobile, phone, language, civility, company, address, profile, parentId, active } = user;
  return { firstName, lastName, email, mobile, phone, language, civility, company, address, profile, parentId, active };
}

export function useSetUserActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ user, active }: { user: User; active: boolean }) =>
      apiRequest(`/api/Users/${user.id}`, userResponse, { method: 'PUT', audience: 'user', body: { ...inputOf(user), active } }),
    onSuccess: () => client.invalidateQueries({ queryKey: usersKey }),
  });
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (id: string) => apiRaw(`/api/Users/${id}`, { method: 'DELETE', audience: 'user' }),
    onSuccess: () => client.invalidateQueries({ queryKey: usersKey }),
  });
}

/** Sends that user the mail with a link to (re)set their password. */
export function useSendPasswordLink() {
  return useMutation({
    mutationFn: (id: string) => apiRaw(`/api/Users/${id}/password/${clientName}`, { method: 'POST', audience: 'user' }),
  });
}
