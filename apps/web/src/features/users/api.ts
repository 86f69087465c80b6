import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { managerProfiles, userEndpoints, type QueryIn, type User, type UserInput } from '@paraphe/contracts';
import { callEndpoint } from '../../shared/api/endpoints.ts';
import { clientName } from '../auth/index.ts';

const usersKey = ['users'] as const;

export type UsersListQuery = QueryIn<typeof userEndpoints.list>;

export function useUsersList(query: UsersListQuery) {
  return useQuery({
    queryKey: [...usersKey, 'list', query],
    queryFn: ({ signal }) => callEndpoint(userEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: string | undefined) {
  return useQuery({
    queryKey: [...usersKey, 'one', id],
    queryFn: ({ signal }) => callEndpoint(userEndpoints.get, { params: { id: id ?? '' }, signal }).then((r) => r.data),
    enabled: !!id,
  });
}

/** Possible line managers: the GERANT and MANAGER users (spec §6). */
export function useManagers() {
  return useQuery({
    queryKey: [...usersKey, 'managers'],
    queryFn: ({ signal }) => callEndpoint(userEndpoints.byProfiles, { params: { profiles: managerProfiles.join(',') }, signal }).then((r) => r.data),
  });
}

export function useChildren(id: string | null) {
  return useQuery({
    queryKey: [...usersKey, 'children', id],
    queryFn: ({ signal }) => callEndpoint(userEndpoints.children, { params: { id: id ?? '' }, query: { recursif: '1' }, signal }).then((r) => r.data),
    enabled: !!id,
  });
}

export function fetchIsUsed(id: string) {
  return callEndpoint(userEndpoints.isUsed, { params: { id } }).then((r) => r.data);
}

export function useSaveUser(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (input: UserInput) =>
      (id ? callEndpoint(userEndpoints.update, { params: { id }, body: input }) : callEndpoint(userEndpoints.create, { body: input })).then((r) => r.data),
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
      callEndpoint(userEndpoints.update, { params: { id: user.id }, body: { ...inputOf(user), active } }),
    onSuccess: () => client.invalidateQueries({ queryKey: usersKey }),
  });
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (id: string) => callEndpoint(userEndpoints.delete, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: usersKey }),
  });
}

/** Sends that user the mail with a link to (re)set their password. */
export function useSendPasswordLink() {
  return useMutation({
    mutationFn: (id: string) => callEndpoint(userEndpoints.sendPasswordLink, { params: { id, client: clientName } }),
  });
}

/** The Hierarchy tab's move: a new line manager (the server refuses a cycle with 409 INVALID_LINE_MANAGER). */
export function useMoveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, parentId }: { id: string; parentId: string | null }) =>
      callEndpoint(userEndpoints.move, { params: { id }, body: { parentId } }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: usersKey }),
  });
}
