import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  senderEndpoints,
  settingsEndpoints,
  userEndpoints,
  type GeneralSettingsInput,
  type MailSender,
  type MailSenderInput,
  type MessageTemplateKind,
  type Locale,
  type ParametersInput,
  type ProviderCredentialsInput,
  type SignatureDefaultsLayer,
  type TenantSettings,
  type TenantTemplate,
  type TenantTemplates,
} from '@paraphe/contracts';
import { callEndpoint, postFormEndpoint } from '../../shared/api/endpoints.ts';
import { sessionQueryKey } from '../../shared/api/queryClient.ts';

/** Spec §9: configuration and additional data are cached 240 s on the client, and invalidated by a save. */
export const configurationStaleTimeMs = 240_000;

const settingsKey = (appId: string) => ['settings', appId] as const;
const myDefaultsKey = ['settings', 'me', 'signature-defaults'] as const;

export function useTenantSettings(appId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: settingsKey(appId),
    queryFn: ({ signal }) => callEndpoint(settingsEndpoints.get, { params: { appId }, signal }).then((r) => r.data),
    staleTime: configurationStaleTimeMs,
  });
}

/** The caller's defaults for a new request (theirs, else the tenant's, else the product's). */
export function useMySignatureDefaults() {
  return useQuery({
    queryKey: myDefaultsKey,
    queryFn: ({ signal }) => callEndpoint(settingsEndpoints.mySignatureDefaults, { signal }).then((r) => r.data),
    staleTime: configurationStaleTimeMs,
    meta: { silentErrors: true },
  });
}

/**
 * What a new request, campaign or operation form starts from: the effective defaults, the signers' language only
 * when the user or the tenant chose one (else the form uses the requester's own). `defaults` is undefined when they
 * could not be read: the form then starts from the product's.
 */
export function useNewRequestDefaults() {
  const mine = useMySignatureDefaults();
  const layers = mine.data?.layers;
  const defaults = mine.data && { ...mine.data.defaults, language: layers?.user.language ?? layers?.tenant.language };
  return { isPending: mine.isPending, defaults, level: mine.data?.defaults.level };
}

/** A save answers the whole settings: they replace the cache, and the defaults derived from them are read again. */
function useSettingsMutation<I>(appId: string, save: (input: I) => Promise<TenantSettings>) {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: save,
    onSuccess: (settings) => {
      client.setQueryData(settingsKey(appId), settings);
      void client.invalidateQueries({ queryKey: myDefaultsKey });
      // The theme colour and the company are part of the identity (the shell).
      void client.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

export const useSaveGeneral = (appId: string) =>
  useSettingsMutation(appId, (body: GeneralSettingsInput) => callEndpoint(settingsEndpoints.saveGeneral, { params: { appId }, body }).then((r) => r.data));
export const useSaveParameters = (appId: string) =>
  useSettingsMutation(appId, (body: ParametersInput) => callEndpoint(settingsEndpoints.saveParameters, { params: { appId }, body }).then((r) => r.data));
export const useSaveTemplates = (appId: string) =>
  useSettingsMutation(appId, (templates: TenantTemplates) =>
    callEndpoint(settingsEndpoints.saveTemplates, { params: { appId }, body: { templates } }).then((r) => r.data),
  );
export const useDeleteLogo = (appId: string) =>
  useSettingsMutation(appId, () => callEndpoint(settingsEndpoints.deleteLogo, { params: { appId } }).then((r) => r.data));
export const useUploadLogo = (appId: string) =>
  useSettingsMutation(appId, (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return postFormEndpoint(settingsEndpoints.uploadLogo, { appId }, form).then((r) => r.data);
  });

export function useSaveProvider(appId: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (body: ProviderCredentialsInput) => callEndpoint(settingsEndpoints.saveProvider, { params: { appId }, body }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKey(appId) }),
  });
}

export function useTestProvider(appId: string) {
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: () => callEndpoint(settingsEndpoints.testProvider, { params: { appId }, query: {}, body: {} }).then((r) => r.data),
  });
}

export function usePreviewTemplate(appId: string) {
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (body: { kind: MessageTemplateKind; language: Locale; template: TenantTemplate }) =>
      callEndpoint(settingsEndpoints.previewTemplate, { params: { appId }, body }).then((r) => r.data),
  });
}

export function useSendTestTemplate(appId: string) {
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (body: { kind: MessageTemplateKind; language: Locale; channel: 'email' | 'sms' }) =>
      callEndpoint(settingsEndpoints.sendTestTemplate, { params: { appId }, body }).then((r) => r.data),
  });
}

/** Tab User: the user's own layer, in their additional data (the identity is read again). */
export function useSaveMyDefaults() {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (signatureDefaults: SignatureDefaultsLayer) => callEndpoint(userEndpoints.updateOwnAdditionalData, { body: { signatureDefaults } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: myDefaultsKey });
      void client.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

// ---------------------------------------------------------------------------------------------------- mail sender
const mailSenderKey = (appId: string) => ['settings', appId, 'mail-sender'] as const;

/** The tenant's own mail sender (docs/mail-senders.md): null when it has none. */
export function useMailSender(appId: string) {
  return useQuery({
    queryKey: mailSenderKey(appId),
    queryFn: ({ signal }) => callEndpoint(senderEndpoints.get, { params: { appId }, signal }).then((r) => r.data),
  });
}

/** Declare / save, check now, remove: each answers the sender as it is now, which replaces the cache. */
function useMailSenderMutation<I>(appId: string, run: (input: I) => Promise<MailSender | null>) {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: run,
    onSuccess: (sender) => client.setQueryData(mailSenderKey(appId), sender),
  });
}
export const useSaveMailSender = (appId: string) =>
  useMailSenderMutation(appId, (body: MailSenderInput) => callEndpoint(senderEndpoints.save, { params: { appId }, body }).then((r) => r.data));
export const useCheckMailSender = (appId: string) =>
  useMailSenderMutation(appId, () => callEndpoint(senderEndpoints.check, { params: { appId } }).then((r) => r.data));
export const useRemoveMailSender = (appId: string) =>
  useMailSenderMutation(appId, () => callEndpoint(senderEndpoints.remove, { params: { appId } }).then((r) => r.data));
