import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { certificateEndpoints, type CertificateDecisionInput, type CertificateStatus, type IdentityDocumentKind } from '@paraphe/contracts';
import { callEndpoint, downloadEndpoint, postFormEndpoint } from '../../shared/api/endpoints.ts';

const key = ['certificates'] as const;

export function useMyCertificates() {
  return useQuery({ queryKey: [...key, 'mine'], queryFn: ({ signal }) => callEndpoint(certificateEndpoints.mine, { signal }).then((r) => r.data) });
}
export function useCertificateQueue(query: { status?: CertificateStatus; limit: number; offset: number }) {
  return useQuery({
    queryKey: [...key, 'queue', query],
    queryFn: ({ signal }) => callEndpoint(certificateEndpoints.queue, { query, signal }),
    placeholderData: (p) => p,
  });
}
export function useOperatorCertificate(id: string | null) {
  return useQuery({
    queryKey: [...key, 'detail', id],
    enabled: !!id,
    queryFn: ({ signal }) => callEndpoint(certificateEndpoints.detail, { params: { id: id! }, signal }).then((r) => r.data),
  });
}

/** Every certificates mutation refreshes the feature's queries; errors are shown by the screen (codes translated). */
function useCertificatesMutation<T, R>(run: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ meta: { ownErrors: true }, mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export const useOrderCertificate = () =>
  useCertificatesMutation((renewsId?: string) => callEndpoint(certificateEndpoints.order, { body: renewsId ? { renewsId } : {} }).then((r) => r.data));
export const useUploadDocument = () =>
  useCertificatesMutation((input: { id: string; kind: IdentityDocumentKind; file: File }) => {
    const form = new FormData();
    form.append('kind', input.kind);
    form.append('file', input.file, input.file.name);
    return postFormEndpoint(certificateEndpoints.upload, { id: input.id }, form).then((r) => r.data);
  });
export const useSubmitOrder = () => useCertificatesMutation((id: string) => callEndpoint(certificateEndpoints.submit, { params: { id } }).then((r) => r.data));
export const useDecide = () =>
  useCertificatesMutation((input: { id: string; body: CertificateDecisionInput }) =>
    callEndpoint(certificateEndpoints.decide, { params: { id: input.id }, body: input.body }).then((r) => r.data),
  );

export const downloadCertificate = (id: string, format: 'pem' | 'der') =>
  downloadEndpoint(certificateEndpoints.download, { params: { id }, query: { format } }, `certificate.${format === 'pem' ? 'pem' : 'cer'}`);
