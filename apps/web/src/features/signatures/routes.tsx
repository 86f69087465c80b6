import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';
import { embeddedEditorPath } from './embed/editorEmbed.ts';

const ns = 'signatures';

const embeddedEditor = lazyPage(ns, () => import('./embed/editorPage.ts').then((m) => m.loadEmbeddedEditorPage()));

/** Standalone: the embedded editor of a draft (`/embed/edit/<token>` opens it, docs/embedding.md); the screens of the authenticated area are in authenticatedRoutes.tsx. */
export const signaturesRoutes: FeatureRoutes = {
  standalone: [
    { path: `${embeddedEditorPath}/:id`, lazy: embeddedEditor },
    { path: embeddedEditorPath, lazy: embeddedEditor },
  ],
};
