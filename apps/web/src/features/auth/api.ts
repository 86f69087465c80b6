import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authEndpoints, type BodyIn, type Locale } from '@paraphe/contracts';
import { tokenManager } from '../../shared/api/client.ts';
import { callEndpoint } from '../../shared/api/endpoints.ts';
import { queryClient } from '../../shared/api/queryClient.ts';
import { clientName, sessionQueryKey } from './session.ts';
import { homePath } from './returnPath.ts';
import { i18n } from '../../shared/i18n/i18n.ts';
import { localeFromTag } from '../../shared/i18n/language.ts';

type LoginInput = BodyIn<typeof authEndpoints.login>;
type CommuteInput = BodyIn<typeof authEndpoints.enterCommutedMode>;

/** After a login step the identity changes: tokens and cached answers of the previous one are dropped. */
export async function refreshIdentity(): Promise<void> {
  tokenManager.invalidate();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  await queryClient.refetchQueries({ queryKey: sessionQueryKey });
}

export function useLogin() {
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: async (input: LoginInput) => {
      tokenManager.reset();
      // The login page's language: an account whose language nobody chose adopts it (docs/languages.md).
      const result = await callEndpoint(authEndpoints.login, { body: { language: localeFromTag(i18n.language), ...input } });
      await refreshIdentity();
      return result.data;
    },
  });
}

export function useVerifyCode() {
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: async (input: { appId: string; userId: string; code: string }) => {
      await callEndpoint(authEndpoints.verifySecondFactor, {
        params: { id: clientName, appId: input.appId, userId: input.userId },
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
    mutationFn: () => callEndpoint(authEndpoints.resendCode, { sessionRequired: false }),
  });
}

export function useConfirmAccount() {
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (token: string) => callEndpoint(authEndpoints.confirmAccount, { body: { token } }),
  });
}

/** The link mailed to a new address: the account's login address becomes that one. */
export function useConfirmEmailChange() {
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (token: string) => callEndpoint(authEndpoints.confirmEmailChange, { body: { token } }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: { email: string; language: Locale }) => callEndpoint(authEndpoints.forgotPassword, { body: input }),
  });
}

export function useResetPassword() {
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (input: { token: string; password: string }) => callEndpoint(authEndpoints.resetPassword, { body: input }),
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
      await (input ? callEndpoint(authEndpoints.enterCommutedMode, { body: input }) : callEndpoint(authEndpoints.leaveCommutedMode));
      await navigate(homePath, { flushSync: true });
      await refreshIdentity();
    },
  });
}
