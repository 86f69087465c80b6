import type { ComponentType } from 'react';
import type { CampaignType } from '@paraphe/contracts';
import type { Access } from '../../shared/access.ts';
import { lazyPage, type FeatureRoutes, type GuardedRoute } from '../../shared/routing.ts';
import { loadKit } from './signatureKit.ts';

/** The form and the view use the signatures form's pieces (and texts) and the contacts import steps (and texts). */
const namespaces = ['campaigns', 'signatures', 'contacts'] as const;
type Pages = typeof import('./pages/index.ts');
const page = (pick: (pages: Pages) => ComponentType) => lazyPage(namespaces, async () => pick((await Promise.all([import('./pages/index.ts'), loadKit()]))[0]));

/** `<base>/list`, `<base>/new`, `<base>/edit/:id` (a draft's form), `<base>/view/:id`: the same screens for each kind. */
function screens(base: string, type: CampaignType, read: Access, manage: Access): GuardedRoute[] {
  const form = page((p) => p.formPageOf(type));
  return [
    {
      path: `${base}/list`,
      handle: { access: read },
      lazy: lazyPage('campaigns', () => import('./pages/CampaignsListPage.tsx').then((m) => m.listPageOf(type))),
    },
    { path: `${base}/new`, handle: { access: manage }, lazy: form },
    { path: `${base}/edit/:id`, handle: { access: manage }, lazy: form },
    { path: `${base}/view/:id`, handle: { access: read }, lazy: page((p) => p.CampaignViewPage) },
  ];
}
const mailing = { permission: 'mailing.manage' } as const;

/** Spec §2 `campaigns/…` (classic) and `publipostage/…` (mail-merge). */
export const campaignsRoutes: FeatureRoutes = {
  authenticated: [
    ...screens('campaigns', 'campain', { permission: 'campaigns.read' }, { permission: 'campaigns.manage' }),
    ...screens('publipostage', 'publipostage', mailing, mailing),
  ],
};
