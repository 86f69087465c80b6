import type { RouteObject } from 'react-router';
import { loadAuthenticatedRoutes } from './features.ts';

/** The authenticated shell (router.tsx loads it from here). */
export const loadAuthenticatedLayout = () => import('./shell/AuthenticatedLayout.tsx').then((m) => m.AuthenticatedLayout);

/** The children of the authenticated layout: every feature's screens (loaded by the router on first need). */
export const loadAuthenticatedChildren = async (): Promise<RouteObject[]> => [...(await loadAuthenticatedRoutes())];
