import type { ReactNode } from 'react';
import { Navigate, useMatches } from 'react-router';
import { useMe } from '../../features/auth/index.ts';
import { accessVerdict, type Access } from '../../shared/access.ts';
import type { RouteHandle } from '../../shared/routing.ts';
import { useNavigationId } from '../../shared/useNavigationId.ts';
import { FeatureDisabledPage } from '../../shared/ui/MessagePage.tsx';

/** The access the deepest matched route declares in its `handle` (features' routes, the coming-soon screens). */
function useRouteAccess(): Access | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const access = (matches[i]?.handle as RouteHandle | undefined)?.access;
    if (access) return access;
  }
  return undefined;
}

/** Screens of the authenticated layout need a permission (→ /403) and maybe a feature (→ contact sales). */
export function RouteGuard({ children }: { children: ReactNode }) {
  const me = useMe();
  const access = useRouteAccess();
  // The guard stays mounted from one route to the next: a new redirect element for each navigation, or a
  // second forbidden route opened before the first redirect was shown would not redirect (same props, no effect).
  const navigationId = useNavigationId();
  const verdict = access ? accessVerdict(me, access) : 'allowed';
  if (verdict === 'forbidden') return <Navigate key={navigationId} to="/403" replace />;
  if (verdict === 'featureDisabled') return <FeatureDisabledPage />;
  return children;
}
