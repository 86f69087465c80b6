import { useMutation, useQuery } from '@tanstack/react-query';
import { passkeyEndpoints } from '@paraphe/contracts';
import { callEndpoint } from '../../shared/api/endpoints.ts';
import { tokenManager } from '../../shared/api/client.ts';
import { signWithPasskey } from '../../shared/webauthn.ts';
import { refreshIdentity } from './api.ts';

/** Whether the pending session's user has a passkey to use instead of the code. */
export function usePasskeyAvailable(enabled: boolean) {
  return useQuery({
    queryKey: ['auth', 'passkey-available'],
    enabled,
    queryFn: async () => (await callEndpoint(passkeyEndpoints.secondFactorAvailability, { sessionRequired: false })).data.available,
  });
}

/** Step 2 with a passkey: a challenge for the session's passkeys, the browser's dialog, the server's check. */
export function usePasskeySecondFactor() {
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: async () => {
      const { options } = (await callEndpoint(passkeyEndpoints.secondFactorOptions, { sessionRequired: false })).data;
      const response = await signWithPasskey(options);
      await callEndpoint(passkeyEndpoints.verifySecondFactor, { body: { response: response as never }, sessionRequired: false });
      await refreshIdentity();
    },
  });
}

/** Both steps with a passkey alone (where the account's tenant allows it). */
export function usePasskeyLogin() {
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: async () => {
      tokenManager.reset();
      const { options } = (await callEndpoint(passkeyEndpoints.loginOptions)).data;
      const response = await signWithPasskey(options);
      await callEndpoint(passkeyEndpoints.login, { body: { response: response as never } });
      await refreshIdentity();
    },
  });
}
