import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { stampEndpoints, type SealRequest } from '@paraphe/contracts';
import { callEndpoint, downloadEndpoint, postFormEndpoint } from '../../shared/api/endpoints.ts';

const key = ['stamps'] as const;

export function useStampAccounts() {
  return useQuery({ queryKey: [...key, 'accounts'], queryFn: ({ signal }) => callEndpoint(stampEndpoints.listAccounts, { signal }).then((r) => r.data) });
}
export function useStampHistory(offset: number, limit: number) {
  return useQuery({
    queryKey: [...key, 'history', offset, limit],
    queryFn: ({ signal }) => callEndpoint(stampEndpoints.history, { query: { limit, offset }, signal }),
    placeholderData: (p) => p,
  });
}

/** Every stamps mutation refreshes the feature's queries (accounts and history).: each caller says its own errors (an alert naming
 * the problem, e.g. a wrong .p12 password, or notifyApiError), so no generic toast is added beside them. */
function useStampsMutation<T, R>(run: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ meta: { ownErrors: true }, mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export const useCreateBuiltinAccount = () =>
  useStampsMutation((body: { label: string; reason: string; isDefault: boolean }) =>
    callEndpoint(stampEndpoints.createBuiltinAccount, { body }).then((r) => r.data),
  );
export const useImportAccount = () =>
  useStampsMutation((input: { file: File; password: string; label: string; reason: string; isDefault: boolean }) => {
    const form = new FormData();
    form.append('password', input.password);
    form.append('label', input.label);
    form.append('reason', input.reason);
    form.append('isDefault', String(input.isDefault));
    form.append('file', input.file, input.file.name);
    return postFormEndpoint(stampEndpoints.importAccount, undefined, form).then((r) => r.data);
  });
export const useSetDefaultAccount = () =>
  useStampsMutation((id: string) => callEndpoint(stampEndpoints.setDefaultAccount, { params: { id } }).then((r) => r.data));
export const useDeleteAccount = () => useStampsMutation((id: string) => callEndpoint(stampEndpoints.deleteAccount, { params: { id } }));
export const useSealFile = () =>
  useStampsMutation((input: { file: File; request: SealRequest }) => {
    const form = new FormData();
    form.append('request', JSON.stringify(input.request));
    form.append('file', input.file, input.file.name);
    return postFormEndpoint(stampEndpoints.seal, undefined, form).then((r) => r.data);
  });

export const sealedFileName = (fileName: string) => `${fileName.replace(/\.pdf$/i, '')}-sealed.pdf`;
export const downloadSealed = (id: string, fileName: string) => downloadEndpoint(stampEndpoints.download, { params: { id } }, sealedFileName(fileName));
