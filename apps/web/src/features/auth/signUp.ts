import { useMutation } from '@tanstack/react-query';
import { applicationEndpoints, type SignUpInput } from '@paraphe/contracts';
import { callEndpoint } from '../../shared/api/endpoints.ts';

/**
 * The public sign-up (a new client account). In its own module, not api.ts: the login route loads api.ts, and
 * this call brings the applications' schemas with it.
 */
export function useSignUp() {
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (input: SignUpInput) => callEndpoint(applicationEndpoints.signUp, { body: input }),
  });
}
