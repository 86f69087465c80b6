/** Public surface of the request templates feature (docs/templates.md): its routes. */
import type { FeatureModule } from '../../shared/routing.ts';
import { requestTemplatesRoutes } from './routes.tsx';

/** Run by app/embedStart.ts before the router reads the address: `/embed/template/<token>` opens the embedded template editor. */
export { startEmbeddedTemplateEditor } from './embed/templateEditorEmbed.ts';

export const requestTemplatesFeature: FeatureModule = {
  namespace: 'requestTemplates',
  routes: requestTemplatesRoutes,
  loadAuthenticatedRoutes: () => import('./authenticatedRoutes.tsx').then((m) => m.requestTemplatesScreens),
};
