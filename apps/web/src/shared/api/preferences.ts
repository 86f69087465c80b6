import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userEndpoints, type Locale } from '@paraphe/contracts';
import { callEndpoint } from './endpoints.ts';
import { sessionQueryKey } from './queryClient.ts';

/**
 * The interface language is kept in the user's additional data (`theme.lang`): saved from the shell's language
 * menu and from the profile screen; the identity is reloaded afterwards.
 */
export function useSaveInterfaceLanguage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lang: Locale) => callEndpoint(userEndpoints.updateOwnAdditionalData, { body: { theme: { lang } } }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
