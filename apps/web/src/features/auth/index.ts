/**
 * Public surface of the auth feature: its routes, the identity of the authenticated area (`useMe`, the session
 * query), logout and commuted mode. Other features and the app import these from here only.
 */
import { lazy } from 'react';
import type { FeatureModule } from '../../shared/routing.ts';
import { authRoutes } from './routes.tsx';

export const authFeature: FeatureModule = {
  namespace: 'auth',
  routes: authRoutes,
};

export { MeContext, useMe } from './MeContext.tsx';
export { clientName, sessionQuery, sessionQueryKey, type Session } from './session.ts';
export { rememberReturnPath } from './returnPath.ts';
export { logout, setLogoutNavigator } from './logout.ts';
export { useCommute, useForgotPassword } from './api.ts';
/** The blocking dialog of new terms of service (loaded apart: most sessions never show it). */
export const PendingTermsGate = lazy(() => import('./components/PendingTermsGate.tsx').then((m) => ({ default: m.PendingTermsGate })));
