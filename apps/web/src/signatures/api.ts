import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  okSchema,
  signatureRequestListResponse,
  signatureRequestResponse,
  signatureSendResponse,
  type CertificationLevel,
  type SignatureActionInput,
} from '@paraphe/contracts';
import { apiRaw, apiRequest } from '../api/client.ts';
import { downloadFile, postForm } from './transfer.ts';

const signaturesKey = ['signatures'] as const;
const audience = 'history' as const;

export function useSignaturesList(query: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: [...signaturesKey, 'list', query],
    queryFn: ({ signal }) => apiRequest('/api/transactions', signatureRequestListResponse, { audience, query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSignatureRequest(id: string | undefined) {
  return useQuery({
    queryKey: [...signaturesKey, 'one', id],
    queryFn: ({ signal }) => apiRequest(`/api/transactions/${id}`, signatureRequestResponse, { audience, signal }).then((r) => r.data),
    enabled: !!id,
    meta: { silentErrors: true },
    // 'pending' lasts until the send job has invited the first signers: follow it.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2000 : false),
  });
}

function useInvalidateSignatures() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: signaturesKey });
}

/** POST /api/transactions/:level (multipart); the answer carries the signing links of direct / face-to-face. */
export function useCreateSignatureRequest() {
  const invalidate = useInvalidateSignatures();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: async ({ level, form }: { level: CertificationLevel; form: FormData }) =>
      signatureSendResponse.parse(await postForm(`/api/transactions/${level}`, form, audience)).data,
    onSuccess: invalidate,
  });
}

/** send, cancel (the whole request, or one signer with signerId) and relaunch. */
export function useSignatureAction() {
  const invalidate = useInvalidateSignatures();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: ({ id, ...body }: SignatureActionInput & { id: string }) =>
      apiRequest(`/api/transactions/${id}`, signatureSendResponse, { method: 'PUT', audience, body }).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useDeleteSignatureRequest() {
  const invalidate = useInvalidateSignatures();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (id: string) => apiRequest(`/api/transactions/${id}`, okSchema, { method: 'DELETE', audience }),
    onSuccess: invalidate,
  });
}

export function useDuplicateSignatureRequest() {
  const invalidate = useInvalidateSignatures();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (id: string) => apiRequest(`/api/transactions/${id}/duplicate`, signatureRequestResponse, { method: 'POST', audience }).then((r) => r.data),
    onSuccess: invalidate,
  });
}

/** 202: the archive is rebuilt in a job, a notification follows. */
export function useRegenerateArchive() {
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (id: string) => apiRaw(`/api/transactions/${id}/archive`, { method: 'POST', audience }),
  });
}

export const downloads = {
  export: (query: Record<string, string | number | undefined>) => downloadFile('/api/transactions/export', audience, 'signatures.xlsx', query),
  document: (id: string, docId: string, name: string) => downloadFile(`/api/transactions/${id}/documents/${docId}`, audience, name),
  /** The signed documents, as the server's zip archive. */
  archive: (id: string, label: string) => downloadFile(`/api/transactions/${id}/archive`, audience, `${label}.zip`),
  /** false (204): no attestation yet. */
  attestation: (id: string) => downloadFile(`/api/transactions/${id}/attestation`, audience, 'attestation.pdf'),
};
