import { Navigate, type RouteObject } from 'react-router';

/** The placeholder, loaded when one is shown (kept out of the login route's bundle). */
const placeholder = (titleKey: string) => async () => {
  const { ComingSoon } = await import('../shared/ui/ComingSoon.tsx');
  return { Component: () => <ComingSoon titleKey={titleKey} /> };
};

/** The authenticated screens of spec §2 not built yet (titles in the common namespace). */
export const comingSoonRoutes: RouteObject[] = [
  // home and dashboardAdmin are the dashboards feature's.
  // billing/conso itself is the billing feature's.
  { path: 'billing', element: <Navigate to="/billing/conso" replace /> },
  // cachet/new and timestamp are the stamps and timestamps features'; help is the support feature's, search the search feature's.
];

/** The public one. */
export const publicComingSoonRoutes: RouteObject[] = [{ path: 'new', lazy: placeholder('screens.publicNew') }];
