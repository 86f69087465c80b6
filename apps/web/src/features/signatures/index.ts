/** Public surface of the signatures feature (signature requests): its routes, and its form's reusable pieces. */
import type { FeatureModule } from '../../shared/routing.ts';
import { signaturesRoutes } from './routes.tsx';
import { isEmbeddedEditor, startEmbeddedEditor as startEditorFrame } from './embed/editorEmbed.ts';

/**
 * Run by app/embedStart.ts before the router reads the address: `/embed/edit/<token>` opens the embedded editor; in
 * its frame, the chunk that imports the editor's page is fetched at once (embed/editorPage.ts).
 */
export function startEmbeddedEditor(win: Window) {
  startEditorFrame(win);
  if (isEmbeddedEditor()) void import('./embed/editorPage.ts');
}

export const signaturesFeature: FeatureModule = {
  namespace: 'signatures',
  routes: signaturesRoutes,
  loadAuthenticatedRoutes: () => import('./authenticatedRoutes.tsx').then((m) => m.signaturesScreens),
};

/**
 * The request form's documents tab (with the position editor), options tab and draft helpers, for features
 * that send documents to sign (campaigns). A loader, not static exports: what this index imports statically
 * lands in the first load. Their texts are in the `signatures` namespace: load it with the screen.
 */
export const loadSignatureFormKit = (): Promise<typeof import('./formKit.ts')> => import('./formKitLoader.ts').then((m) => m.importFormKit());
export type SignatureFormKit = Awaited<ReturnType<typeof loadSignatureFormKit>>;
export type { Draft as SignatureDraft, DraftOptions as SignatureDraftOptions, NewRequestDefaults } from './draft.ts';
