import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './apiError.ts';
import { availability, isServiceUnavailable, type AvailabilityStore } from './availability.ts';
import { notifyApiError } from './notify.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** silentErrors: the screen shows the failure itself (or it is expected, like the session probe). */
    queryMeta: { silentErrors?: boolean };
    /** ownErrors: the form maps the error onto its fields or a message of its own. */
    mutationMeta: { ownErrors?: boolean };
  }
}

/**
 * The key of the identity query (`GET /me`, owned by the auth feature): declared here because the global error
 * handling reloads it when the tenant is suspended, and shared/ imports no feature.
 */
export const sessionQueryKey = ['session'] as const;

/** Spec §9: cache lifetime 60 s by default. */
export const defaultStaleTimeMs = 60_000;

/** A tenant suspended while the user works: reload the identity, whose notice then replaces the app. */
function reloadIdentityIfSuspended(error: unknown): void {
  if (error instanceof ApiError && error.code === 'APPLICATION_SUSPENDED') void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

/**
 * While the service is unavailable a query keeps trying, at the time the answer asked (Retry-After), for about an
 * hour before it gives up: meanwhile it keeps its data (a list is never drawn empty) or stays loading, and the
 * banner (ServiceUnavailableBanner) says why. Bounded so that a tab left open does not poll for ever.
 */
export const unavailableRetryLimit = 720;

/** The queries' retry rule: unavailable → wait and retry; another server failure → once; a client error → never. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isServiceUnavailable(error)) return failureCount < unavailableRetryLimit;
  return failureCount < 1 && (!(error instanceof ApiError) || error.status >= 500);
}

/** How long before the next try: until the service's Retry-After when unavailable, TanStack's backoff otherwise. */
export function queryRetryDelayMs(failureCount: number, error: unknown, store: AvailabilityStore = availability): number {
  if (isServiceUnavailable(error)) return store.retryDelayMs();
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      reloadIdentityIfSuspended(error);
      // The banner says it already (and the query kept its data); a toast per query would bury the screen.
      if (isServiceUnavailable(error)) return;
      if (!query.meta?.silentErrors) notifyApiError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      reloadIdentityIfSuspended(error);
      if (!mutation.meta?.ownErrors) notifyApiError(error);
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: defaultStaleTimeMs,
      // Back to the window: what is stale is read again (live views poll as well, see liveQuery.ts).
      refetchOnWindowFocus: true,
      // Client errors are answers, not accidents: only server failures are retried (see shouldRetryQuery).
      retry: shouldRetryQuery,
      retryDelay: (failureCount, error) => queryRetryDelayMs(failureCount, error),
    },
  },
});

// The service answers again: every active query refetches now (not at its next retry, nor 60 s later when stale).
availability.onRecovered(() => void queryClient.invalidateQueries());
