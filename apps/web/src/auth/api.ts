import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  loginResponse,
  signUpResponse,
  type Locale,
  type SignUpInput,
  type commuteInputSchema,
  type loginInputSchema,
} from '@paraphe/contracts';
import { apiRaw, apiRequest, tokenManager } from '../api/client.ts';
import { queryClient } from '../api/queryClient.ts';
import { clientName, sessionQueryKey } from './session.ts';
import { homePath } from './returnPath.ts';

type LoginInput = z.input<typeof loginInputSchema>;
type CommuteInput = z.input<typeof commuteInputSchema>;

/** After a login step the identity changes: tokens and cached answers of the previous one are dropped. */
async function refreshIdentity(): Promise<void> {
  tokenManager.invalidate();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  await queryClient.refetchQueries({ queryKey: sessionQueryKey });
}

export function useLogin() {
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: async (input: LoginInput) => {
      tokenManager.reset();
      const result = await apiRequest('/api/auth/login', loginResponse, { method: 'POST', audience: null, body: input });
      await refreshIdentity();
      return result.data;
    },
  });
}

export function useVerifyCode() {
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: async (input: { appId: string; userId: string; code: string }) => {
      await apiRaw(`/api/Users/${clientName}/${input.appId}/logged/${input.userId}`, {
        method: 'PATCH',
        audience: 'user',
        query: { code: input.code },
        sessionRequired: false,
      });
      await refreshIdentity();
    },
  });
}

export function useResendCode() {
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: () => apiRaw('/api/auth/code/resend', { method: 'POST', audience: 'user', sessionRequired: false }),
  });
}

export function useSignUp() {
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (input: SignUpInput) =>
      apiRequest('/api/applications/public', signUpResponse, { method: 'POST', audience: null, body: input }),
  });
}

export function useConfirmAccount() {
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (token: string) => apiRaw('/api/auth/confirm', { method: 'POST', audience: null, body: { token } }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: { email: string; language: Locale }) =>
      apiRaw('/api/auth/password/forgot', { method: 'POST', audience: null, body: input }),
  });
}

export function useResetPassword() {
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (input: { token: string; password: string }) =>
      apiRaw('/api/auth/password/reset', { method: 'POST', audience: null, body: input }),
  });
}

/**
 * Enter ("view as") or leave commuted mode; either way the whole identity is reloaded, from the dashboard
 * (the screen shown before may not be allowed to the other identity).
 */
export function useCommute() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (input: CommuteInput | null) => {
      await apiRaw('/api/auth/commute', input ? { method: 'POST', audience: 'user', body: input } : { method: 'DELETE', audience: 'user' });
      await navigate(homePath, { flushSync: true });
      await refreshIdentity();
    },
  });
}
