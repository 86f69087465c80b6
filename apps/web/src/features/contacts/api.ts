import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contactEndpoints, contactSearchLimit, normalizeSearch, type ContactInput, type QueryIn, type StartImportInput } from '@paraphe/contracts';
import { callEndpoint, downloadEndpoint, postFormEndpoint } from '../../shared/api/endpoints.ts';

const contactsKey = ['contacts'] as const;

export type ContactsListQuery = QueryIn<typeof contactEndpoints.list>;

export function useContactsList(query: ContactsListQuery) {
  return useQuery({
    queryKey: [...contactsKey, 'list', query],
    queryFn: ({ signal }) => callEndpoint(contactEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The picker's search: nothing is asked under 3 characters (the server would ignore the search and list everyone). */
export function useContactSearch(text: string) {
  const search = normalizeSearch(text);
  return useQuery({
    queryKey: [...contactsKey, 'search', search],
    queryFn: ({ signal }) =>
      callEndpoint(contactEndpoints.list, { query: { search, limit: contactSearchLimit, order: 'ASC', orderBy: 'lastname' }, signal }).then((r) => r.data),
    enabled: search !== undefined,
    // The previous matches stay while the next ones come (no flicker while typing).
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
}

export function useContact(id: string | undefined) {
  return useQuery({
    queryKey: [...contactsKey, 'one', id],
    queryFn: ({ signal }) => callEndpoint(contactEndpoints.get, { params: { id: id ?? '' }, signal }).then((r) => r.data),
    enabled: !!id,
  });
}

export function useSaveContact(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (input: ContactInput) =>
      (id ? callEndpoint(contactEndpoints.update, { params: { id }, body: input }) : callEndpoint(contactEndpoints.create, { body: input })).then(
        (r) => r.data,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: contactsKey }),
  });
}

export function useDeleteContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(contactEndpoints.delete, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: contactsKey }),
  });
}

// ----- Import -----

const importKey = (id: string) => [...contactsKey, 'import', id] as const;

/** Step 1: the spreadsheet goes up as the multipart part `file`; the answer describes its columns. */
/** `sheet`: a workbook's sheet to read (absent: the one it opens on). */
export async function uploadImport(file: File, sheet?: string) {
  const form = new FormData();
  if (sheet) form.append('sheet', sheet);
  form.append('file', file, file.name);
  return (await postFormEndpoint(contactEndpoints.uploadImport, undefined, form)).data;
}

/** The import, followed every second while its job is queued or running. */
export function useContactImport(id: string | undefined) {
  return useQuery({
    queryKey: importKey(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(contactEndpoints.getImport, { params: { id: id ?? '' }, signal }).then((r) => r.data),
    enabled: !!id,
    refetchInterval: (query) => (query.state.data?.status === 'queued' || query.state.data?.status === 'running' ? 1000 : false),
  });
}

export function useStartImport(id: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (input: StartImportInput) => callEndpoint(contactEndpoints.startImport, { params: { id }, body: input }).then((r) => r.data),
    onSuccess: (started) => {
      client.setQueryData(importKey(id), started);
      return client.invalidateQueries({ queryKey: [...contactsKey, 'list'] });
    },
  });
}

export type ImportRowsQuery = QueryIn<typeof contactEndpoints.importRows>;

/** The skipped and warned rows of a finished import. */
export function useImportRows(id: string, query: ImportRowsQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...importKey(id), 'rows', query],
    queryFn: ({ signal }) => callEndpoint(contactEndpoints.importRows, { params: { id }, query, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Each resolves false when the server had nothing to give (204: no rejected row). */
export const downloads = {
  export: (query: ContactsListQuery) => downloadEndpoint(contactEndpoints.export, { query }, 'contacts.xlsx'),
  rejected: (id: string) => downloadEndpoint(contactEndpoints.importRejected, { params: { id } }, 'rejected-rows.xlsx'),
};
