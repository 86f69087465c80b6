/**
 * The embedded editor's page, imported from here rather than from routes.tsx: the page's long list of chunks to
 * preload then lives in this small chunk, not in the first load of every route (the login's budget). The editor
 * loses no time: startEmbeddedEditor fetches this chunk as the app starts (editorEmbed.ts).
 */
export const loadEmbeddedEditorPage = () => import('../pages/EmbeddedEditorPage.tsx').then((m) => m.EmbeddedEditorPage);
