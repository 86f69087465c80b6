import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  campaignEndpoints,
  pathOf,
  templateEndpoints,
  type Campaign,
  type CampaignStatus,
  type CampaignType,
  type GeneratePdfInput,
  type MergeDocumentInput,
  type QueryIn,
  type StartSignatoryImportInput,
} from '@paraphe/contracts';
import { apiFetch, readBody } from '../../shared/api/client.ts';
import { callEndpoint, downloadEndpoint, postFormEndpoint } from '../../shared/api/endpoints.ts';
import { keepDetails } from './campaignErrors.ts';
import { invitationPollMs, invitationsWaiting } from '../../shared/ui/invitationDelivery.ts';
import { liveAlong, liveViewPollMs, liveWhile } from '../../shared/api/liveQuery.ts';

const campaignsKey = ['campaigns'] as const;
/** Being sent, then awaiting signatures: its open view is live (shared/api/liveQuery.ts). */
const following = (status: CampaignStatus | undefined) => status === 'pending' || status === 'ready';

export type CampaignsListQuery = QueryIn<typeof campaignEndpoints.list>;
export type SignatoriesQuery = QueryIn<typeof campaignEndpoints.signatories>;

export function useCampaignsList(query: CampaignsListQuery) {
  return useQuery({
    queryKey: [...campaignsKey, 'list', query],
    queryFn: ({ signal }) => callEndpoint(campaignEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCampaign(id: string | undefined) {
  const client = useQueryClient();
  const key = [...campaignsKey, 'one', id];
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const previous = client.getQueryData<Campaign>(key);
      const campaign = (await callEndpoint(campaignEndpoints.get, { params: { id: id ?? '' }, signal })).data;
      // Its statistics and signatories stop polling with the dispatch: a new status reads them once more.
      if (previous && previous.status !== campaign.status) void client.invalidateQueries({ queryKey: key, predicate: (q) => q.queryKey.length > key.length });
      return campaign;
    },
    enabled: !!id,
    meta: { silentErrors: true },
    ...liveWhile((data: { status: CampaignStatus }) => following(data.status)),
  });
}

/** Statistics and progress; polled with the campaign while it is being sent. */
export function useCampaignStatistics(id: string, status: CampaignStatus | undefined) {
  return useQuery({
    queryKey: [...campaignsKey, 'one', id, 'statistics'],
    queryFn: ({ signal }) => callEndpoint(campaignEndpoints.statistics, { params: { id }, signal }).then((r) => r.data),
    enabled: status !== undefined && status !== 'draft',
    // Invitations still waiting (the mail server refused or is away): read again until they are delivered or failed.
    ...liveAlong(following(status)),
    refetchInterval: (query) => (following(status) ? liveViewPollMs : invitationsWaiting(query.state.data?.invitations) ? invitationPollMs : false),
  });
}

export function useSignatories(id: string, query: SignatoriesQuery, status: CampaignStatus | undefined) {
  return useQuery({
    queryKey: [...campaignsKey, 'one', id, 'signatories', query],
    queryFn: ({ signal }) => callEndpoint(campaignEndpoints.signatories, { params: { id }, query, signal }),
    placeholderData: keepPreviousData,
    ...liveAlong(following(status)),
  });
}

function useInvalidateCampaigns() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: campaignsKey });
}

/** A multipart create or update whose error keeps the body's details (a mail-merge's readiness on send). */
async function postCampaignForm(path: string, method: 'POST' | 'PUT', form: FormData): Promise<Campaign> {
  const response = await apiFetch(path, { method, audience: 'campaign', body: form, toError: keepDetails });
  return campaignEndpoints.get.responses[200].parse(await readBody(response)).data;
}

/** Create (no id: a campaign of that type) or update a draft: the multipart parts of the contract (campaignFormParts) and the files. */
export function useSaveCampaign() {
  const invalidate = useInvalidateCampaigns();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: ({ id, type, form }: { id?: string; type: CampaignType; form: FormData }) =>
      id ? postCampaignForm(pathOf(campaignEndpoints.update, { id }), 'PUT', form) : postCampaignForm(pathOf(campaignEndpoints.create, { type }), 'POST', form),
    onSuccess: invalidate,
  });
}

/** A draft's merge document alone (the mapping tab): its other parts stay as they are. */
export function useSaveMergeDocument(id: string) {
  const invalidate = useInvalidateCampaigns();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (mergeDocument: MergeDocumentInput) => {
      const form = new FormData();
      form.append('mergeDocument', JSON.stringify(mergeDocument));
      return postCampaignForm(pathOf(campaignEndpoints.update, { id }), 'PUT', form);
    },
    onSuccess: invalidate,
  });
}

/** The view's actions that answer nothing the screen needs (the campaign is read again after each). */
const commands = {
  send: (id: string) => callEndpoint(campaignEndpoints.send, { params: { id }, toError: keepDetails }),
  cancel: (id: string) => callEndpoint(campaignEndpoints.setStatus, { params: { id }, body: { status: 'canceled' } }),
  relaunch: (id: string) => callEndpoint(campaignEndpoints.relaunch, { params: { id } }),
  retry: (id: string) => callEndpoint(campaignEndpoints.retry, { params: { id } }),
  remove: (id: string) => callEndpoint(campaignEndpoints.delete, { params: { id } }),
  requestArchive: (id: string) => callEndpoint(campaignEndpoints.requestArchive, { params: { id } }),
};
export type CampaignCommand = keyof typeof commands;

export function useCampaignCommand() {
  const invalidate = useInvalidateCampaigns();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: async ({ command, id }: { command: CampaignCommand; id: string }) => {
      await commands[command](id);
    },
    onSuccess: invalidate,
  });
}

export function useDuplicateCampaign() {
  const invalidate = useInvalidateCampaigns();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (id: string) => callEndpoint(campaignEndpoints.duplicate, { params: { id } }).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useCancelSignatory(id: string) {
  const invalidate = useInvalidateCampaigns();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (signerId: string) => callEndpoint(campaignEndpoints.cancelSignatory, { params: { id, signerId } }),
    onSuccess: invalidate,
  });
}

// ----- Signatory import (the address book's wizard, on a campaign) -----

export async function uploadSignatoryImport(id: string, file: File, sheet?: string) {
  const form = new FormData();
  if (sheet) form.append('sheet', sheet);
  form.append('file', file, file.name);
  return (await postFormEndpoint(campaignEndpoints.uploadImport, { id }, form)).data;
}

/** The import, followed every second while its job runs; once it is over, the campaign and its signatories are read again. */
export function useSignatoryImport(id: string, importId: string | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...campaignsKey, 'one', id, 'import', importId],
    queryFn: async ({ signal }) => {
      const state = (await callEndpoint(campaignEndpoints.getImport, { params: { id, importId: importId ?? '' }, signal })).data;
      if (state.status === 'done') void client.invalidateQueries({ queryKey: [...campaignsKey, 'one', id], predicate: (q) => !q.queryKey.includes('import') });
      return state;
    },
    enabled: !!importId,
    refetchInterval: (query) => (query.state.data?.status === 'queued' || query.state.data?.status === 'running' ? 1000 : false),
  });
}

export function useStartSignatoryImport(id: string, importId: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (input: StartSignatoryImportInput) =>
      callEndpoint(campaignEndpoints.startImport, { params: { id, importId }, body: input }).then((r) => r.data),
    onSuccess: (started) => client.setQueryData([...campaignsKey, 'one', id, 'import', importId], started),
  });
}

/** Each resolves false when the server had nothing to give (204: no archive yet). */
export const downloads = {
  export: (id: string, label: string) => downloadEndpoint(campaignEndpoints.export, { params: { id } }, `${label}.xlsx`),
  archive: (id: string, label: string) => downloadEndpoint(campaignEndpoints.archive, { params: { id } }, `${label}.zip`),
};

// ----- Mail-merge: the template and its preview -----

/** Stores a .docx or .odt template; answers its id, name and `${variables}`. */
export async function uploadTemplate(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await postFormEndpoint(templateEndpoints.upload, undefined, form)).data;
}

/** The template filled with these values, as a PDF (the mapping's live preview); null while there is nothing to fill. */
export function useFilledPreview(input: GeneratePdfInput | null) {
  return useQuery({
    queryKey: ['templates', 'preview', input],
    queryFn: async ({ signal }) => {
      const endpoint = templateEndpoints.generatePdf;
      const response = await apiFetch(pathOf(endpoint), {
        method: endpoint.method,
        audience: endpoint.auth.audience,
        body: input,
        signal,
        toError: keepDetails,
      });
      return new File([await response.blob()], 'preview.pdf', { type: 'application/pdf' });
    },
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
    meta: { silentErrors: true },
  });
}

/** Mail-merge: the PDF a signatory of a saved campaign gets (the saved mapping); for a campaign past its draft. */
export function useCopyPreview(id: string, signerId: string | undefined) {
  return useQuery({
    queryKey: [...campaignsKey, 'one', id, 'copyPreview', signerId],
    queryFn: async ({ signal }) => {
      const endpoint = campaignEndpoints.previewCopy;
      const response = await apiFetch(pathOf(endpoint, { id, signerId: signerId ?? '' }), {
        method: endpoint.method,
        audience: endpoint.auth.audience,
        signal,
        toError: keepDetails,
      });
      return new File([await response.blob()], 'preview.pdf', { type: 'application/pdf' });
    },
    enabled: !!signerId,
    placeholderData: keepPreviousData,
    retry: false,
    meta: { silentErrors: true },
  });
}
