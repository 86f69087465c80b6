import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';

/** The public signing page: its own white-label frame (the tenant's name, not the product's), no session. */
const missingToken = lazyPage('signing', () => import('./pages/SigningPage.tsx').then((m) => m.SigningLinkMissing));

export const signingRoutes: FeatureRoutes = {
  standalone: [
    {
      path: 'sign/:encodedData',
      lazy: lazyPage('signing', () => import('./pages/SigningPage.tsx').then((m) => ({ Component: m.SigningPage, ErrorBoundary: m.SigningRouteError }))),
    },
    // A template's direct link (docs/templates.md): name and e-mail, the mailed code, then the signing page.
    { path: 'd/:slug', lazy: lazyPage('signing', () => import('./pages/DirectLinkPage.tsx').then((m) => m.DirectLinkPage)) },
    // A link cut before its token, or with more after it: the invalid-link screen, not the app's 404.
    { path: 'sign', lazy: missingToken },
    { path: 'sign/*', lazy: missingToken },
  ],
};
