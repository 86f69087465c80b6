import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';

const ns = 'dashboards';
/** The feature's one lazy chunk (screens.tsx, with the charts), loaded from one place. */
const loadScreens = () => import('./screens.tsx');

/** Spec §2 `home` (the landing page after login) and `dashboardAdmin` (product administrator). */
export const dashboardsRoutes: FeatureRoutes = {
  authenticated: [
    { path: 'home', handle: { access: { permission: 'dashboard.view' } }, lazy: lazyPage(ns, () => loadScreens().then((m) => m.HomePage)) },
    {
      path: 'dashboardAdmin',
      handle: { access: { permission: 'admin.dashboard' } },
      lazy: lazyPage(ns, () => loadScreens().then((m) => m.AdminDashboardPage)),
    },
  ],
};
