import { createHashRouter, type RouteObject } from 'react-router';
import type { FeatureRoutes } from '../shared/routing.ts';
import { ForbiddenPage, NotFoundPage } from '../shared/ui/MessagePage.tsx';
import { comingSoonRoutes, publicComingSoonRoutes } from './comingSoon.tsx';
import { authenticatedRoutes, features } from './features.ts';
import { PublicLayout } from './shell/PublicLayout.tsx';
import { RootLayout } from './shell/RootLayout.tsx';
import { RouteErrorPage } from './shell/RouteErrorPage.tsx';
import { ScreenLoader } from './shell/ScreenLoader.tsx';

const featureRoutes = (frame: keyof FeatureRoutes): RouteObject[] => features.flatMap((feature) => feature.routes[frame] ?? []);

/**
 * Routes of spec §2 on the address hash, composed from the features' routes (each page a lazy chunk). The
 * authenticated shell is lazy too: the login screen never downloads it.
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
        children: [
          ...featureRoutes('public'),
          ...publicComingSoonRoutes,
          { path: '403', element: <ForbiddenPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        lazy: () => import('./shell/AuthenticatedLayout.tsx').then((m) => ({ Component: m.AuthenticatedLayout })),
        children: [...authenticatedRoutes, ...comingSoonRoutes],
      },
    ],
  },
];

export const router = createHashRouter(routes);
