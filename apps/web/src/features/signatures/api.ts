import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  inProgressSignatureStatuses,
  requestTemplateEndpoints,
  signatureEndpoints,
  type CertificationLevel,
  type QueryIn,
  type SignatureActionInput,
  type SignatureRequest,
  type SignatureStatus,
  type TemplateFromRequestInput,
} from '@paraphe/contracts';
import { callEndpoint, downloadEndpoint, fetchEndpointBlob, postFormEndpoint } from '../../shared/api/endpoints.ts';
import { apiErrorWithDetails } from './errorMessages.ts';
import { liveWhile } from '../../shared/api/liveQuery.ts';

const signaturesKey = ['signatures'] as const;

export type SignaturesListQuery = QueryIn<typeof signatureEndpoints.list>;

export function useSignaturesList(query: SignaturesListQuery) {
  return useQuery({
    queryKey: [...signaturesKey, 'list', query],
    queryFn: ({ signal }) => callEndpoint(signatureEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSignatureRequest(id: string | undefined) {
  return useQuery({
    queryKey: [...signaturesKey, 'one', id],
    queryFn: ({ signal }) => callEndpoint(signatureEndpoints.get, { params: { id: id ?? '' }, signal }).then((r) => r.data),
    enabled: !!id,
    meta: { silentErrors: true },
    // Out for signature or being finalised: a signature, a refusal or an expiry shows without a reload.
    ...liveWhile((data: SignatureRequest) => changesBySelf(data.status)),
  });
}

/** Statuses a request leaves by itself (a signer acts, a job runs): a draft changes only by its editor. */
const changesBySelf = (status: SignatureStatus) => inProgressSignatureStatuses.includes(status) || status === 'signed';

function useInvalidateSignatures() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: signaturesKey });
}

/** The multipart create; the answer carries the signing links of direct / face-to-face. */
export function useCreateSignatureRequest() {
  const invalidate = useInvalidateSignatures();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: async ({ level, form }: { level: CertificationLevel; form: FormData }) =>
      (await postFormEndpoint(signatureEndpoints.create, { level }, form)).data,
    onSuccess: invalidate,
  });
}

/** A saved draft edited (the whole form again; stored documents kept by id), saved or sent. */
export function useUpdateDraft() {
  const invalidate = useInvalidateSignatures();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: async ({ id, form }: { id: string; form: FormData }) => (await postFormEndpoint(signatureEndpoints.updateDraft, { id }, form)).data,
    onSuccess: invalidate,
  });
}

/** A stored document of a request as a File (a draft's documents, back in the form). */
export async function storedDocument(id: string, docId: string, fileName: string): Promise<File> {
  const blob = await fetchEndpointBlob(signatureEndpoints.document, { params: { id, docId } });
  return new File([blob], fileName, { type: 'application/pdf' });
}

/**
 * The server's check of one file, as the create call would check it (nothing stored): its kind and its PDFs with
 * their pages. Plain call (no mutation): the form shows the outcome next to the file, never a toast.
 */
export async function inspectFile(file: File, signal: AbortSignal) {
  const form = new FormData();
  form.append('files', file, file.name);
  return (await postFormEndpoint(signatureEndpoints.inspectFile, undefined, form, { signal })).data;
}

/**
 * send, cancel (the whole request, or one signer with signerId) and relaunch. Its errors keep `details`
 * (RELAUNCH_TOO_SOON's `availableAt`).
 */
export function useSignatureAction() {
  const invalidate = useInvalidateSignatures();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: ({ id, ...body }: SignatureActionInput & { id: string }) =>
      callEndpoint(signatureEndpoints.act, { params: { id }, body, toError: apiErrorWithDetails }).then((r) => r.data),
    onSuccess: invalidate,
  });
}

/**
 * The deleted request's own queries (its view, a draft's stored files) are not read again: they would answer 404
 * while the view closes (an "Oops" beside "The request is deleted."); the lists are read again.
 */
export function useDeleteSignatureRequest() {
  const client = useQueryClient();
  const ofRequest = (id: string) => (query: { queryKey: readonly unknown[] }) => query.queryKey.includes(id);
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (id: string) => callEndpoint(signatureEndpoints.delete, { params: { id } }),
    onSuccess: async (_answer, id) => {
      await client.cancelQueries({ queryKey: signaturesKey, predicate: ofRequest(id) });
      await client.invalidateQueries({ queryKey: signaturesKey, predicate: (query) => !ofRequest(id)(query) });
    },
  });
}

export function useDuplicateSignatureRequest() {
  const invalidate = useInvalidateSignatures();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (id: string) => callEndpoint(signatureEndpoints.duplicate, { params: { id } }).then((r) => r.data),
    onSuccess: invalidate,
  });
}

/**
 * The request saved as a reusable template (docs/templates.md): its documents, fields, options and signers as roles.
 * Called here, not through the templates feature, which uses this one's form pieces (features never depend both ways).
 */
export function useSaveAsTemplate() {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (body: TemplateFromRequestInput) => callEndpoint(requestTemplateEndpoints.createFromRequest, { body }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: ['request-templates'] }),
  });
}

/** 202: the archive is rebuilt in a job, a notification follows. */
export function useRegenerateArchive() {
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (id: string) => callEndpoint(signatureEndpoints.requestArchive, { params: { id } }),
  });
}

/** Each resolves false when the server had nothing to give (204). */
export type SignedMandatesQuery = QueryIn<typeof signatureEndpoints.sepaMandates>;

/** The tenant's signed SEPA pre-processing mandates (IBAN masked by the server). */
export function useSignedMandates(query: SignedMandatesQuery) {
  return useQuery({
    queryKey: [...signaturesKey, 'sepa-mandates', query],
    queryFn: ({ signal }) => callEndpoint(signatureEndpoints.sepaMandates, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export const downloads = {
  sepaMandates: () => downloadEndpoint(signatureEndpoints.sepaMandatesExport, {}, 'sepa-mandates.xlsx'),
  export: (query: QueryIn<typeof signatureEndpoints.export>) => downloadEndpoint(signatureEndpoints.export, { query }, 'signatures.xlsx'),
  document: (id: string, docId: string, name: string) => downloadEndpoint(signatureEndpoints.document, { params: { id, docId } }, name),
  /** The signed documents, as the server's zip archive. */
  archive: (id: string, label: string) => downloadEndpoint(signatureEndpoints.archive, { params: { id } }, `${label}.zip`),
  /** false (204): no attestation yet. */
  attestation: (id: string) => downloadEndpoint(signatureEndpoints.attestation, { params: { id } }, 'attestation.pdf'),
};

/**
 * The embedded editor's draft and its tenant (docs/embedding.md), with the editor link's token. Not under the
 * `signatures` key: a send invalidates those, and the sent draft's link then answers 401 (it opens drafts only).
 */
export function useEmbeddedDraft(id: string) {
  return useQuery({
    queryKey: ['embedded-editor', id],
    queryFn: async ({ signal }) => {
      const [request, context] = await Promise.all([
        callEndpoint(signatureEndpoints.get, { params: { id }, signal }),
        callEndpoint(signatureEndpoints.editorContext, { params: { id }, signal }),
      ]);
      return { request: request.data, context: context.data };
    },
    retry: false,
    staleTime: Infinity,
    meta: { silentErrors: true },
  });
}
