import { useMutation, useQuery } from '@tanstack/react-query';
import { applicationEndpoints, consentEndpoints, type Locale, type SignUpInput } from '@paraphe/contracts';
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

/** The current terms of service and consents in a language (sign-up shows them and sends back their versions). */
export function useLegalTexts(language: Locale) {
  return useQuery({
    queryKey: ['legal-texts', language],
    queryFn: ({ signal }) => callEndpoint(consentEndpoints.current, { query: { language }, signal, sessionRequired: false }).then((r) => r.data),
    staleTime: 10 * 60_000,
  });
}
