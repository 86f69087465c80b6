import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';

const ns = 'certificates';
const loadScreens = () => import('./screens.tsx');

/** Qualified certificates: the holder's page (`certificates.order`, feature level3) and the operator queue (`certificates.verify`). */
export const certificatesRoutes: FeatureRoutes = {
  authenticated: [
    { path: 'certificate', handle: { access: { permission: 'certificates.order' } }, lazy: lazyPage(ns, () => loadScreens().then((m) => m.MyCertificatePage)) },
    {
      path: 'certificates/queue',
      handle: { access: { permission: 'certificates.verify' } },
      lazy: lazyPage(ns, () => loadScreens().then((m) => m.CertificateQueuePage)),
    },
  ],
};
