import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userResponse, type Locale, type ProfileInput } from '@paraphe/contracts';
import { apiRequest } from '../api/client.ts';
import { sessionQueryKey } from '../auth/session.ts';

/** PUT /api/Users/me: the user's own fields; the identity is reloaded afterwards. */
export function useUpdateOwnProfile() {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (input: ProfileInput) => apiRequest('/api/Users/me', userResponse, { method: 'PUT', audience: 'user', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

/** PATCH /api/Users/additionnalData: the interface language is kept in the user's additional data. */
export function useSaveInterfaceLanguage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lang: Locale) =>
      apiRequest('/api/Users/additionnalData', userResponse, { method: 'PATCH', audience: 'user', body: { theme: { lang } } }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
