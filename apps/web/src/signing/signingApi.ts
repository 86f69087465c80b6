import { useQuery } from '@tanstack/react-query';
import {
  signingActionResponse,
  signingCodeResponse,
  signingPageResponse,
  type ApproveInput,
  type RefuseInput,
  type SignInput,
  type SigningActionResult,
  type SigningCodeState,
} from '@paraphe/contracts';
import { isApiError } from '../api/apiError.ts';
import { publicRequest } from './publicFetch.ts';

/** The link's token is the credential: it only ever travels in the path, encoded. */
export const signingBase = (token: string) => `/api/public/sign/${encodeURIComponent(token)}`;

export const signingViewKey = (token: string) => ['public-signing', token] as const;

/** The view of the link. A refused link (invalid, unavailable) is an answer, not a failure to retry. */
export function useSigningView(token: string) {
  return useQuery({
    queryKey: signingViewKey(token),
    queryFn: ({ signal }) => publicRequest(signingBase(token), signingPageResponse, { signal }).then((r) => r.data),
    retry: (failures, error) => !isApiError(error) && failures < 2,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    meta: { silentErrors: true }, // the page shows the failure itself
  });
}

export function requestCode(token: string): Promise<SigningCodeState> {
  return publicRequest(`${signingBase(token)}/code`, signingCodeResponse, { method: 'POST' }).then((r) => r.data);
}

type Action = 'sign' | 'refuse' | 'approve' | 'reject';
type ActionInput = { sign: SignInput; refuse: RefuseInput; approve: ApproveInput; reject: RefuseInput };

export function act<A extends Action>(token: string, action: A, input: ActionInput[A]): Promise<SigningActionResult> {
  return publicRequest(`${signingBase(token)}/${action}`, signingActionResponse, { method: 'POST', body: input }).then((r) => r.data);
}
