import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';
import { embeddedTemplateEditorPath } from './embed/templateEditorEmbed.ts';

const ns = 'requestTemplates';
const embeddedEditor = lazyPage([ns, 'signatures'], () => import('./embed/editorPage.ts').then((m) => m.loadEmbeddedTemplateEditorPage()));

/** Standalone: the embedded template editor (docs/templates.md); the screens of the authenticated area are in authenticatedRoutes.tsx. */
export const requestTemplatesRoutes: FeatureRoutes = {
  standalone: [
    { path: `${embeddedTemplateEditorPath}/:id`, lazy: embeddedEditor },
    { path: embeddedTemplateEditorPath, lazy: embeddedEditor },
  ],
};
