import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';

const ns = 'stamps';
/** The feature's one lazy chunk (screens.tsx): nothing of it in the login route. */
export const loadScreens = () => import('./screens.tsx');

/** `cachet/new` (spec §2): seal a file, the history, the stamp accounts — `stamp.create` (feature `stamp`). */
export const stampsRoutes: FeatureRoutes = {
  authenticated: [{ path: 'cachet/new', handle: { access: { permission: 'stamp.create' } }, lazy: lazyPage(ns, () => loadScreens().then((m) => m.StampPage)) }],
};
