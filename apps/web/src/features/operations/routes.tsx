import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';

const read = { access: { permission: 'operations.read' } } as const;

/**
 * Spec §2 `batches/list`, `batches/new` (a new draft, then its page), `batches/view/:id` (a draft's editor, with the
 * signatures form's options tab and texts, or a sent operation's view). Everything past these lines is lazy.
 */
export const operationsRoutes: FeatureRoutes = {
  authenticated: [
    { path: 'batches/list', handle: read, lazy: lazyPage('operations', () => import('./pages/OperationsListPage.tsx').then((m) => m.OperationsListPage)) },
    {
      path: 'batches/new',
      handle: { access: { permission: 'operations.manage' } },
      lazy: lazyPage('operations', () => import('./pages/OperationNewPage.tsx').then((m) => m.OperationNewPage)),
    },
    {
      path: 'batches/view/:id',
      handle: read,
      lazy: lazyPage(['operations', 'signatures'], () => import('./pages/OperationPage.tsx').then((m) => m.loadOperationPage())),
    },
  ],
};
