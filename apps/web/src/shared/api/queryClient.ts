import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './apiError.ts';
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

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      reloadIdentityIfSuspended(error);
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
      refetchOnWindowFocus: false,
      // Client errors are answers, not accidents: only server failures are retried, once.
      retry: (failureCount, error) => failureCount < 1 && (!(error instanceof ApiError) || error.status >= 500),
    },
  },
});
