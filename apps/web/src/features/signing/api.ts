import { useQuery } from '@tanstack/react-query';
import {
  signingPageEndpoints,
  type ApproveInput,
  type DelegateInput,
  type DelegationResult,
  type RefuseInput,
  type SignInput,
  type SigningActionResult,
  type SigningCodeState,
} from '@paraphe/contracts';
import { isApiError } from '../../shared/api/apiError.ts';
import { callEndpoint } from '../../shared/api/endpoints.ts';
import { publicCall } from './publicFetch.ts';

export const signingViewKey = (token: string) => ['public-signing', token] as const;

/** The view of the link. A refused link (invalid, unavailable) is an answer, not a failure to retry. */
export function useSigningView(token: string) {
  return useQuery({
    queryKey: signingViewKey(token),
    queryFn: ({ signal }) => callEndpoint(signingPageEndpoints.view, { params: { token }, signal, ...publicCall }).then((r) => r.data),
    retry: (failures, error) => !isApiError(error) && failures < 2,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    meta: { silentErrors: true }, // the page shows the failure itself
  });
}

export function requestCode(token: string): Promise<SigningCodeState> {
  return callEndpoint(signingPageEndpoints.requestCode, { params: { token }, ...publicCall }).then((r) => r.data);
}

type ActionInput = { sign: SignInput; refuse: RefuseInput; approve: ApproveInput; reject: RefuseInput };
type Action = keyof ActionInput;

const actions: { [A in Action]: (token: string, input: ActionInput[A]) => Promise<{ data: SigningActionResult }> } = {
  sign: (token, body) => callEndpoint(signingPageEndpoints.sign, { params: { token }, body, ...publicCall }),
  refuse: (token, body) => callEndpoint(signingPageEndpoints.refuse, { params: { token }, body, ...publicCall }),
  approve: (token, body) => callEndpoint(signingPageEndpoints.approve, { params: { token }, body, ...publicCall }),
  reject: (token, body) => callEndpoint(signingPageEndpoints.reject, { params: { token }, body, ...publicCall }),
};

/** The link's token is the credential: it only ever travels in the path (encoded by the descriptor). */
export function act<A extends Action>(token: string, action: A, input: ActionInput[A]): Promise<SigningActionResult> {
  const run = actions[action] as (token: string, input: ActionInput[A]) => Promise<{ data: SigningActionResult }>;
  return run(token, input).then((r) => r.data);
}

/** Hands the request over to someone else (when the sender allows it: view.canDelegate). */
export function delegate(token: string, body: DelegateInput): Promise<DelegationResult> {
  return callEndpoint(signingPageEndpoints.delegate, { params: { token }, body, ...publicCall }).then((r) => r.data);
}
