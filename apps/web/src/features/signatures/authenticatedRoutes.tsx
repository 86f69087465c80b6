import { lazyPage, type GuardedRoute } from '../../shared/routing.ts';

const ns = 'signatures';
// One import site for both forms: each dynamic import adds its preload list to this chunk.
const loadNewPage = () => import('./pages/SignatureNewPage.tsx');
const newPage = lazyPage(ns, () => loadNewPage().then((m) => m.SignatureNewPage));
const read = { permission: 'signatures.read' } as const;
const create = { permission: 'signatures.create' } as const;

/** Signature requests: list, new (and its prefilled form), qualified, signed SEPA mandates, view (loaded with the authenticated area: index.ts). */
export const signaturesScreens: GuardedRoute[] = [
  { path: 'signatures/list', handle: { access: read }, lazy: lazyPage(ns, () => import('./pages/SignaturesListPage.tsx').then((m) => m.SignaturesListPage)) },
  { path: 'signatures/new', handle: { access: create }, lazy: newPage },
  {
    path: 'signatures/new_qualified',
    handle: { access: { ...create, feature: 'level3' } },
    lazy: lazyPage(ns, () => loadNewPage().then((m) => m.QualifiedSignaturePage)),
  },
  { path: 'signatures/new/:firstname/:lastname/:mail/:phone?', handle: { access: create }, lazy: newPage },
  {
    path: 'signatures/sepa-mandates',
    handle: { access: { ...read, feature: 'preprocessing' } },
    lazy: lazyPage(ns, () => import('./pages/SignedMandatesPage.tsx').then((m) => m.SignedMandatesPage)),
  },
  {
    path: 'signatures/view/:id',
    handle: { access: read },
    lazy: lazyPage(ns, () => import('./pages/SignatureViewPage.tsx').then((m) => m.SignatureViewPage)),
  },
];
