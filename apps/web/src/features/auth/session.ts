import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { authEndpoints, type Me, type secondFactorRequiredSchema } from '@paraphe/contracts';
import { ApiError } from '../../shared/api/apiError.ts';
import { callEndpointWithStatus } from '../../shared/api/endpoints.ts';
import { sessionQueryKey } from '../../shared/api/queryClient.ts';
import { liveWhile } from '../../shared/api/liveQuery.ts';

export type SecondFactorChallenge = z.infer<typeof secondFactorRequiredSchema>;
/** What the session probe tells: nobody, a login waiting for its code, or a ready identity. */
export type Session = { kind: 'anonymous' } | { kind: 'secondFactor'; challenge: SecondFactorChallenge } | { kind: 'ready'; me: Me };

/** The client name of this back-office in `GET /api/Users/{app}/me`. */
export const clientName = 'web';

export async function fetchSession(signal?: AbortSignal): Promise<Session> {
  try {
    const answer = await callEndpointWithStatus(authEndpoints.me, { params: { id: clientName }, sessionRequired: false, signal });
    if (answer.status === 206) return { kind: 'secondFactor', challenge: answer.body.data };
    return { kind: 'ready', me: answer.body.data };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { kind: 'anonymous' };
    throw error;
  }
}

export { sessionQueryKey };
export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => fetchSession(signal),
  meta: { silentErrors: true },
  // A suspended account's notice is live: reactivated, the app comes back by itself (docs/architecture.md).
  ...liveWhile((session: Session) => session.kind === 'ready' && !session.me.application.enabled),
});
