import { lazyPage, type GuardedRoute } from '../../shared/routing.ts';

/** Help and the administrator's support screen (loaded with the authenticated area: index.ts). */
export const supportScreens: GuardedRoute[] = [
  {
    path: 'help',
    handle: { access: { permission: 'dashboard.view' } },
    lazy: lazyPage('support', () => import('./pages/HelpPage.tsx').then((m) => m.HelpPage)),
  },
  {
    path: 'applications/help',
    handle: { access: { permission: 'admin.applications' } },
    lazy: lazyPage('support', () => import('./pages/SupportAdminPage.tsx').then((m) => m.SupportAdminPage)),
  },
];
