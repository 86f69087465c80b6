import { Navigate, type RouteObject } from 'react-router';
import type { Access } from '../shared/access.ts';
import type { GuardedRoute } from '../shared/routing.ts';

/** The placeholder, loaded when one is shown (kept out of the login route's bundle). */
const placeholder = (titleKey: string) => async () => {
  const { ComingSoon } = await import('../shared/ui/ComingSoon.tsx');
  return { Component: () => <ComingSoon titleKey={titleKey} /> };
};

/** A screen of spec §2 that a later issue builds: it exists, is guarded, and says so honestly. */
function comingSoon(path: string, titleKey: string, access: Access): GuardedRoute {
  return { path, handle: { access }, lazy: placeholder(titleKey) };
}

/** The authenticated screens of spec §2 not built yet (titles in the common namespace). */
export const comingSoonRoutes: RouteObject[] = [
  // home and dashboardAdmin are the dashboards feature's.
  // billing/conso itself is the billing feature's.
  { path: 'billing', element: <Navigate to="/billing/conso" replace /> },
  comingSoon('search', 'screens.search', { permission: 'signatures.read' }),
  // cachet/new and timestamp are the stamps and timestamps features'.
  comingSoon('help', 'screens.help', { permission: 'dashboard.view' }),
];

/** The public one. */
export const publicComingSoonRoutes: RouteObject[] = [{ path: 'new', lazy: placeholder('screens.publicNew') }];
