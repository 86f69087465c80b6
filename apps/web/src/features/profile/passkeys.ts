import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { passkeyEndpoints } from '@paraphe/contracts';
import { callEndpoint } from '../../shared/api/endpoints.ts';
import { createPasskey } from '../../shared/webauthn.ts';

const passkeysKey = ['profile', 'passkeys'] as const;

export function usePasskeys() {
  return useQuery({ queryKey: passkeysKey, queryFn: async () => (await callEndpoint(passkeyEndpoints.list)).data });
}

function useRefreshingMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ meta: { ownErrors: true }, mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: passkeysKey }) });
}

/** A challenge from the server, the browser's dialog (this device, a security key or a phone), the answer registered. */
export function useAddPasskey() {
  return useRefreshingMutation(async (name: string) => {
    const { options } = (await callEndpoint(passkeyEndpoints.registrationOptions)).data;
    const response = await createPasskey(options);
    return callEndpoint(passkeyEndpoints.register, { body: { name, response: response as never } });
  });
}

export function useRenamePasskey() {
  return useRefreshingMutation((input: { id: string; name: string }) =>
    callEndpoint(passkeyEndpoints.rename, { params: { id: input.id }, body: { name: input.name } }),
  );
}

export function useRemovePasskey() {
  return useRefreshingMutation((id: string) => callEndpoint(passkeyEndpoints.remove, { params: { id } }));
}
