import type { RouteObject } from 'react-router';
import { authenticatedRoutes } from './features.ts';

/** The children of the authenticated layout: every feature's screens (loaded by the router on first need). */
export const authenticatedChildren: RouteObject[] = [...authenticatedRoutes];
