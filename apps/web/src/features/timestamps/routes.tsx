import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';

const ns = 'timestamps';
/** The feature's one lazy chunk (screens.tsx). */
const loadScreens = () => import('./screens.tsx');

/** `timestamp` (permission `timestamp.create`, feature `timestamp`) and the public verification page `verify`. */
export const timestampsRoutes: FeatureRoutes = {
  authenticated: [
    { path: 'timestamp', handle: { access: { permission: 'timestamp.create' } }, lazy: lazyPage(ns, () => loadScreens().then((m) => m.TimestampPage)) },
  ],
  public: [{ path: 'verify', lazy: lazyPage(ns, () => loadScreens().then((m) => m.VerifyPage)) }],
};
