import { createHashRouter, type RouteObject } from 'react-router';
import type { FeatureRoutes } from '../shared/routing.ts';
import { ForbiddenPage, NotFoundPage } from '../shared/ui/MessagePage.tsx';
import { frameFeatures } from './frameFeatures.ts';
import { PublicLayout } from './shell/PublicLayout.tsx';
import { RootLayout } from './shell/RootLayout.tsx';
import { RouteErrorPage } from './shell/RouteErrorPage.tsx';
import { ScreenLoader } from './shell/ScreenLoader.tsx';

const featureRoutes = (frame: keyof FeatureRoutes): RouteObject[] => frameFeatures.flatMap((feature) => feature.routes[frame] ?? []);

/** The authenticated layout's route: its children (every feature's screens) are patched in on first need. */
const authenticatedRouteId = 'authenticated';

/**
 * Routes of spec §2 on the address hash, composed from the features' routes (each page a lazy chunk). The
 * authenticated shell is lazy too, and so are its routes: the login screen downloads neither.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: ScreenLoader,
    children: [
      // Frames of their own (the white-label signing page).
      ...featureRoutes('standalone'),
      {
        element: <PublicLayout />,
        children: [...featureRoutes('public'), { path: '403', element: <ForbiddenPage /> }, { path: '*', element: <NotFoundPage /> }],
      },
      {
        id: authenticatedRouteId,
        // Through the chunk of the authenticated routes, which the navigation has asked for already
        // (patchRoutesOnNavigation runs first): the layout's list of chunks to preload is not in the first load.
        lazy: () => import('./authenticatedRoutes.ts').then(async (m) => ({ Component: await m.loadAuthenticatedLayout() })),
        children: [],
      },
    ],
  },
];

let authenticatedChildren: Promise<RouteObject[]> | undefined;
let patched = false;

/**
 * The router's lazy route discovery: a path that matches only the 404 splat (any authenticated screen, before its
 * routes are known) loads every feature's routes once and adds them under the authenticated layout; the
 * navigation then matches them. Public paths never load them.
 */
export const router = createHashRouter(routes, {
  async patchRoutesOnNavigation({ matches, patch }) {
    // A path with parameters (the signing page's token…) asks too: only the splat means "not known yet".
    if (patched || (matches.length > 0 && matches.at(-1)?.route.path !== '*')) return;
    authenticatedChildren ??= import('./authenticatedRoutes.ts').then((m) => m.loadAuthenticatedChildren());
    const children = await authenticatedChildren;
    if (patched) return;
    patched = true;
    patch(authenticatedRouteId, children);
  },
});
