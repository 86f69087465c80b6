import { authEndpoints } from '@paraphe/contracts';
import { queryClient } from '../../shared/api/queryClient.ts';
import { tokenManager } from '../../shared/api/client.ts';
import { callEndpoint } from '../../shared/api/endpoints.ts';

let running: Promise<void> | null = null;
let navigateTo: (path: string) => Promise<void> = async (path) => {
  window.location.hash = `#${path}`;
};
/** The router registers itself here (it imports the screens that import this module). */
export function setLogoutNavigator(navigate: (path: string) => Promise<void>): void {
  navigateTo = navigate;
}

/**
 * Spec §8 logout: token requests in flight are aborted first, the server session is revoked, the
 * "logged out" page is shown, then every cached answer and stored value is dropped.
 */
export function logout(): Promise<void> {
  running ??= (async () => {
    tokenManager.beginLogout();
    await queryClient.cancelQueries();
    try {
      await callEndpoint(authEndpoints.logout);
    } catch {
      // Offline (or refused): the local state is still cleared; the server session expires on its own.
    }
    await navigateTo('/logout');
    queryClient.clear();
    localStorage.clear();
    sessionStorage.clear();
    document.body.classList.remove('u-special');
    tokenManager.reset();
  })().finally(() => {
    running = null;
  });
  return running;
}
