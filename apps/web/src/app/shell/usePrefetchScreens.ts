import { useEffect } from 'react';
import type { Me } from '@paraphe/contracts';
import { accessVerdict } from '../../shared/access.ts';
import { loadAuthenticatedRoutes } from '../features.ts';

/**
 * Once the shell is shown, the screens this identity may open are fetched while the browser is idle — their
 * code and their translations (each route's `lazy`, which React Router calls again on navigation and then finds
 * ready) — so moving between screens does not wait for the network. The login route loads none of this.
 */
export function usePrefetchScreens(me: Me): void {
  useEffect(() => {
    const prefetch = () =>
      void loadAuthenticatedRoutes().then((routes) => {
        for (const route of routes) {
          const access = route.handle.access;
          if (access && accessVerdict(me, access) !== 'allowed') continue;
          if (typeof route.lazy === 'function') void (route.lazy as () => Promise<unknown>)().catch(() => undefined);
        }
      });
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(prefetch, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(prefetch, 1000);
    return () => window.clearTimeout(timer);
  }, [me]);
}
