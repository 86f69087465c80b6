/** Public surface of the notifications feature: its route, and the unread badge of the navigation. */
import { lazy } from 'react';
import type { FeatureModule } from '../../shared/routing.ts';
import { notificationsRoutes } from './routes.tsx';

export const notificationsFeature: FeatureModule = {
  namespace: 'notifications',
  routes: notificationsRoutes,
};

/**
 * The unread count for the navigation entry (nothing when there is nothing unread). Lazy: the app imports this
 * index for the routes, and what an index imports statically lands in the first load (render it inside a
 * Suspense; the navigation's NavLink does).
 */
export const UnreadNotificationsBadge = lazy(() => import('./components/UnreadBadge.tsx').then((m) => ({ default: m.UnreadNotificationsBadge })));
