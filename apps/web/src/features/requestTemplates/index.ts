/** Public surface of the request templates feature (docs/templates.md): its routes. */
import type { FeatureModule } from '../../shared/routing.ts';
import { requestTemplatesRoutes } from './routes.tsx';
import { isEmbeddedTemplateEditor, startEmbeddedTemplateEditor as startTemplateEditorFrame } from './embed/templateEditorEmbed.ts';

/**
 * Run by app/embedStart.ts before the router reads the address: `/embed/template/<token>` opens the embedded template
 * editor; in its frame, the chunk that imports the editor's page is fetched at once (embed/editorPage.ts).
 */
export function startEmbeddedTemplateEditor(win: Window) {
  startTemplateEditorFrame(win);
  if (isEmbeddedTemplateEditor()) void import('./embed/editorPage.ts');
}

export const requestTemplatesFeature: FeatureModule = {
  namespace: 'requestTemplates',
  routes: requestTemplatesRoutes,
  loadAuthenticatedRoutes: () => import('./authenticatedRoutes.tsx').then((m) => m.requestTemplatesScreens),
};
