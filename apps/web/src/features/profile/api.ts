import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userEndpoints, type ProfileInput } from '@paraphe/contracts';
import { callEndpoint } from '../../shared/api/endpoints.ts';
import { sessionQueryKey } from '../../shared/api/queryClient.ts';

/** The user's own fields; the identity is reloaded afterwards. */
export function useUpdateOwnProfile() {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (input: ProfileInput) => callEndpoint(userEndpoints.updateOwnProfile, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
