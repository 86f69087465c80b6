import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { meResponse, secondFactorResponse, type Me, type secondFactorRequiredSchema } from '@paraphe/contracts';
import { apiRaw } from '../api/client.ts';
import { ApiError } from '../api/apiError.ts';

export type SecondFactorChallenge = z.infer<typeof secondFactorRequiredSchema>;
/** What the session probe tells: nobody, a login waiting for its code, or a ready identity. */
export type Session =
  | { kind: 'anonymous' }
  | { kind: 'secondFactor'; challenge: SecondFactorChallenge }
  | { kind: 'ready'; me: Me };

/** The client name of this back-office in `GET /api/Users/{app}/me`. */
export const clientName = 'web';

export async function fetchSession(signal?: AbortSignal): Promise<Session> {
  try {
    const { status, body } = await apiRaw(`/api/Users/${clientName}/me`, { audience: 'user', sessionRequired: false, signal });
    if (status === 206) return { kind: 'secondFactor', challenge: secondFactorResponse.parse(body).data };
    return { kind: 'ready', me: meResponse.parse(body).data };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { kind: 'anonymous' };
    throw error;
  }
}

export const sessionQueryKey = ['session'] as const;
export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => fetchSession(signal),
  meta: { silentErrors: true },
});
