import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { Access } from './access.ts';
import { loadNamespaces } from './i18n/i18n.ts';

/**
 * What a route of the authenticated area needs: the app's route guard reads it from the matched route's
 * `handle` (no permission → /403, feature off → "contact sales").
 */
export type RouteHandle = { access?: Access };

/** A route of the authenticated area: guarded by the permission (and feature) it needs. */
export type GuardedRoute = RouteObject & { handle: RouteHandle };

/** The routes a feature contributes, by the frame they are shown in. */
export type FeatureRoutes = {
  /** Under the public layout (login, sign-up, password…). */
  public?: RouteObject[];
  /** Under the authenticated shell (session required), each guarded. */
  authenticated?: GuardedRoute[];
  /** In no layout of the app (a frame of their own, e.g. the white-label signing page). */
  standalone?: RouteObject[];
};

/** A feature as the app composes it (features/<name>/index.ts exports one; app/features.ts lists them). */
export type FeatureModule = {
  /** The i18next namespace of the feature's locales/<lang>.json (its name; served by scripts/localesPlugin.ts). */
  namespace: string;
  routes: FeatureRoutes;
  /**
   * A feature with screens before login (app/frameFeatures.ts) is in the first load: its authenticated screens come
   * from this loader instead of `routes.authenticated`, so the login route does not carry their route table (each
   * lazy page's list of chunks to preload: about 3 kB gzipped for signatures, templates and support).
   */
  loadAuthenticatedRoutes?: () => Promise<GuardedRoute[]>;
};

type LazyRoute = Pick<RouteObject, 'Component' | 'ErrorBoundary'>;

/**
 * React Router's `lazy` for a screen: the page's chunk and the translations it needs (its namespaces, plus
 * `common`) are loaded together, before the navigation commits, so a screen never shows raw keys. `load`
 * gives the page component, or the route's Component and ErrorBoundary.
 */
export function lazyPage(namespaces: string | readonly string[], load: () => Promise<ComponentType | LazyRoute>): () => Promise<LazyRoute> {
  return async () => {
    const [loaded] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return 'Component' in loaded || 'ErrorBoundary' in loaded ? (loaded as LazyRoute) : { Component: loaded as ComponentType };
  };
}
