import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';
import { embeddedTemplateEditorPath } from './embed/templateEditorEmbed.ts';
import { loadKit } from './signatureKit.ts';

const ns = 'requestTemplates';
const create = { permission: 'signatures.create' } as const;
/** The editor reuses the request form's pieces and texts; the use page the address-book picker's. */
const loadEditor = () => Promise.all([import('./pages/TemplateEditorPage.tsx'), loadKit()]).then(([m]) => m.TemplateEditorPage);
const editor = lazyPage([ns, 'signatures', 'contacts'], loadEditor);
const embeddedEditor = lazyPage([ns, 'signatures'], () =>
  Promise.all([import('./pages/EmbeddedTemplateEditorPage.tsx'), loadKit()]).then(([m]) => m.EmbeddedTemplateEditorPage),
);

/** Reusable request templates (docs/templates.md): list, new, edit (a new version), use; standalone, the embedded template editor. */
export const requestTemplatesRoutes: FeatureRoutes = {
  standalone: [
    { path: `${embeddedTemplateEditorPath}/:id`, lazy: embeddedEditor },
    { path: embeddedTemplateEditorPath, lazy: embeddedEditor },
  ],
  authenticated: [
    { path: 'templates/list', handle: { access: create }, lazy: lazyPage(ns, () => import('./pages/TemplatesListPage.tsx').then((m) => m.TemplatesListPage)) },
    { path: 'templates/new', handle: { access: create }, lazy: editor },
    { path: 'templates/edit/:id', handle: { access: create }, lazy: editor },
    {
      path: 'templates/use/:id',
      handle: { access: create },
      lazy: lazyPage([ns, 'signatures', 'contacts'], () => import('./pages/TemplateUsePage.tsx').then((m) => m.TemplateUsePage)),
    },
  ],
};
