import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';
import { loadSignatureFormKit } from '../signatures/index.ts';

/** The draft editor uses the signatures form's options tab (and its texts). */
const namespaces = ['operations', 'signatures'] as const;
const read = { permission: 'operations.read' } as const;
const manage = { permission: 'operations.manage' } as const;

/** Spec §2 `batches/list`, `batches/new` (a new draft, then its page), `batches/view/:id` (a draft's editor, or a sent operation's view). */
export const operationsRoutes: FeatureRoutes = {
  authenticated: [
    { path: 'batches/list', handle: { access: read }, lazy: lazyPage('operations', () => import('./pages/OperationsListPage.tsx').then((m) => m.OperationsListPage)) },
    { path: 'batches/new', handle: { access: manage }, lazy: lazyPage('operations', () => import('./pages/OperationNewPage.tsx').then((m) => m.OperationNewPage)) },
    {
      path: 'batches/view/:id',
      handle: { access: read },
      lazy: lazyPage(namespaces, async () => {
        const [page, kit] = await Promise.all([import('./pages/OperationPage.tsx'), loadSignatureFormKit()]);
        page.provideKit(kit);
        return page.OperationPage;
      }),
    },
  ],
};
