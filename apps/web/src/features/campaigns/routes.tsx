import type { ComponentType } from 'react';
import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';
import { loadKit } from './signatureKit.ts';

/** The form and the view use the signatures form's pieces (and texts) and the contacts import steps (and texts). */
const namespaces = ['campaigns', 'signatures', 'contacts'] as const;
type Pages = typeof import('./pages/index.ts');
const page = (pick: (pages: Pages) => ComponentType) =>
  lazyPage(namespaces, async () => pick((await Promise.all([import('./pages/index.ts'), loadKit()]))[0]));
const formPage = page((p) => p.CampaignFormPage);
const read = { permission: 'campaigns.read' } as const;
const manage = { permission: 'campaigns.manage' } as const;

/** Spec §2 `campaigns/list`, `campaigns/new`, `campaigns/view/:id`; a draft's form is `campaigns/edit/:id`. */
export const campaignsRoutes: FeatureRoutes = {
  authenticated: [
    { path: 'campaigns/list', handle: { access: read }, lazy: lazyPage('campaigns', () => import('./pages/CampaignsListPage.tsx').then((m) => m.CampaignsListPage)) },
    { path: 'campaigns/new', handle: { access: manage }, lazy: formPage },
    { path: 'campaigns/edit/:id', handle: { access: manage }, lazy: formPage },
    { path: 'campaigns/view/:id', handle: { access: read }, lazy: page((p) => p.CampaignViewPage) },
  ],
};
