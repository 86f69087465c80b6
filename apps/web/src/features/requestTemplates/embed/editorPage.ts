import { loadKit } from '../signatureKit.ts';

/**
 * The embedded template editor's page and the request form's pieces it reuses, imported from here rather than from
 * routes.tsx: their lists of chunks to preload then live in this small chunk, not in the first load of every route
 * (the login's budget). The editor loses no time: startEmbeddedTemplateEditor fetches this chunk as the app starts.
 */
export const loadEmbeddedTemplateEditorPage = () =>
  Promise.all([import('../pages/EmbeddedTemplateEditorPage.tsx'), loadKit()]).then(([m]) => m.EmbeddedTemplateEditorPage);
