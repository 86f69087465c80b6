import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  campaignEndpoints,
  operationEndpoints,
  directLinkEndpoints,
  requestTemplateEndpoints,
  type DirectLinkSettingsInput,
  type RequestTemplate,
  type RequestTemplateListQuery,
  type UseTemplateInput,
} from '@paraphe/contracts';
import { callEndpoint, downloadEndpoint, fetchEndpointBlob, postFormEndpoint } from '../../shared/api/endpoints.ts';

const templatesKey = ['request-templates'] as const;

export function useTemplatesList(query: RequestTemplateListQuery) {
  return useQuery({
    queryKey: [...templatesKey, 'list', query],
    queryFn: ({ signal }) => callEndpoint(requestTemplateEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTemplate(id: string | undefined) {
  return useQuery({
    queryKey: [...templatesKey, 'one', id],
    queryFn: ({ signal }) => callEndpoint(requestTemplateEndpoints.get, { params: { id: id ?? '' }, signal }).then((r) => r.data),
    enabled: !!id,
    meta: { silentErrors: true },
  });
}

function useInvalidateTemplates() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: templatesKey });
}

/**
 * POST (a new template, version 1) or PUT (a new version of `id`), multipart. The lists are read again without
 * waiting: the new version re-opens the editor (a new form), and the caller's own onSuccess must run before that.
 */
export function useSaveTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: async ({ id, form }: { id?: string; form: FormData }) =>
      id
        ? (await postFormEndpoint(requestTemplateEndpoints.update, { id }, form)).data
        : (await postFormEndpoint(requestTemplateEndpoints.create, undefined, form)).data,
    onSuccess: () => void invalidate(),
  });
}

type TemplateAction = 'duplicate' | 'archive' | 'restore';

/** Duplicate (a new private copy), archive, restore: each answers the template concerned. */
export function useTemplateAction() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: async ({ action, id }: { action: TemplateAction; id: string }): Promise<RequestTemplate> => {
      const params = { id };
      switch (action) {
        case 'duplicate':
          return (await callEndpoint(requestTemplateEndpoints.duplicate, { params })).data;
        case 'archive':
          return (await callEndpoint(requestTemplateEndpoints.archive, { params })).data;
        case 'restore':
          return (await callEndpoint(requestTemplateEndpoints.restore, { params })).data;
      }
    },
    onSuccess: invalidate,
  });
}

/** A request made from the template (a draft, or sent at once); the requests' lists are read again. */
export function useRequestFromTemplate() {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: async ({ id, body }: { id: string; body: UseTemplateInput }) =>
      (await callEndpoint(requestTemplateEndpoints.use, { params: { id }, body })).data,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: templatesKey }), client.invalidateQueries({ queryKey: ['signatures'] })]),
  });
}

/** A stored document of the template's current version, as a File (back in the editor, its positions placed on it). */
export async function templateDocument(id: string, docId: string, fileName: string): Promise<File> {
  const blob = await fetchEndpointBlob(requestTemplateEndpoints.document, { params: { id, docId } });
  return new File([blob], fileName, { type: 'application/pdf' });
}

export const downloadTemplateDocument = (id: string, docId: string, fileName: string) =>
  downloadEndpoint(requestTemplateEndpoints.document, { params: { id, docId } }, fileName);

/** The template's direct link (null when never published). */
export function useDirectLink(id: string) {
  return useQuery({
    queryKey: [...templatesKey, 'direct-link', id],
    queryFn: ({ signal }) => callEndpoint(directLinkEndpoints.get, { params: { id }, signal }).then((r) => r.data),
  });
}

/** Publish, change or turn off the link; the template's list and detail show its state. */
export function usePublishDirectLink(id: string) {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: async (settings: DirectLinkSettingsInput) => (await callEndpoint(directLinkEndpoints.publish, { params: { id }, body: settings })).data,
    onSuccess: () => void invalidate(),
  });
}

/** A classic campaign's draft made from a template with one signer role (its documents, fields and options). */
export function useCampaignFromTemplate() {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: async (templateId: string) => (await callEndpoint(campaignEndpoints.createFromTemplate, { body: { templateId } })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['campaigns'] }),
  });
}

/** A draft operation made from a template with one document: its orders then name only their people. */
export function useOperationFromTemplate() {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: async (templateId: string) => (await callEndpoint(operationEndpoints.createFromTemplate, { body: { templateId } })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['operations'] }),
  });
}

/** A template's stored documents fetched back as files: the position editor renders them; saving keeps them by id. */
export function useTemplateFiles(template: RequestTemplate) {
  return useQuery({
    queryKey: [...templatesKey, template.id, 'files', template.version],
    queryFn: () => Promise.all(template.documents.map((d) => templateDocument(template.id, d.id, d.fileName))),
    staleTime: Infinity,
    gcTime: 0,
    meta: { silentErrors: true },
  });
}

/** What the embedded template editor knows of its tenant (language, features, test mode, the link's end), with its token. */
export function useTemplateEditorContext() {
  return useQuery({
    queryKey: [...templatesKey, 'editor-context'],
    queryFn: ({ signal }) => callEndpoint(requestTemplateEndpoints.editorContext, { signal }).then((r) => r.data),
    staleTime: Infinity,
    retry: false,
    meta: { silentErrors: true },
  });
}
