import { lazyPage, type GuardedRoute } from '../../shared/routing.ts';
import { loadKit } from './signatureKit.ts';

const ns = 'requestTemplates';
const create = { permission: 'signatures.create' } as const;
/** The editor reuses the request form's pieces and texts; the use page the address-book picker's. */
const loadEditor = () => Promise.all([import('./pages/TemplateEditorPage.tsx'), loadKit()]).then(([m]) => m.TemplateEditorPage);
const editor = lazyPage([ns, 'signatures', 'contacts'], loadEditor);

/** Reusable request templates (docs/templates.md): list, new, edit (a new version), use (loaded with the authenticated area: index.ts). */
export const requestTemplatesScreens: GuardedRoute[] = [
  { path: 'templates/list', handle: { access: create }, lazy: lazyPage(ns, () => import('./pages/TemplatesListPage.tsx').then((m) => m.TemplatesListPage)) },
  { path: 'templates/new', handle: { access: create }, lazy: editor },
  { path: 'templates/edit/:id', handle: { access: create }, lazy: editor },
  {
    path: 'templates/use/:id',
    handle: { access: create },
    lazy: lazyPage([ns, 'signatures', 'contacts'], () => import('./pages/TemplateUsePage.tsx').then((m) => m.TemplateUsePage)),
  },
];
