import { embedDraftMetaName, embedEditPathPrefix, editorTokenPattern } from '@paraphe/contracts';
import { setEmbedCredential } from '../../../shared/api/client.ts';
import { createEmbedBridge, embedOriginsOf, reportHeight, type EmbedBridge, type EmbedCommand } from '../../../shared/embed/bridge.ts';
import { i18n } from '../../../shared/i18n/i18n.ts';

/**
 * The embedded draft editor (docs/embedding.md, embedded sending): the app opened at `/embed/edit/<token>` inside a
 * frame of the tenant's site. The token becomes the API client's only credential (no cookie, no session); the
 * editor posts its events to the parent window's allowed origin.
 */
export const editorEventTypes = ['loaded', 'saved', 'sent', 'error', 'resized'] as const;
export type EditorEventType = (typeof editorEventTypes)[number];

/** The editor route of a draft, and the one of a link that no longer opens anything. */
export const embeddedEditorPath = 'embed/edit';

let bridge: EmbedBridge<EditorEventType> | null = null;
let active = false;

/** Posts an event to the embedding page; nothing outside the embedded editor. */
export function postEditorEvent(type: EditorEventType, data?: Record<string, unknown>) {
  bridge?.post(type, data);
}

/** Whether the app runs as the embedded editor (the screens drop what needs a session: address book, CRM…). */
export const isEmbeddedEditor = () => active;

function obey(command: EmbedCommand) {
  // For this visit only. `hideChrome`: the editor has no header to hide.
  if (command.command === 'language') void i18n.changeLanguage(command.language);
}

/** The token of `/embed/edit/<token>`, or null for any other path. */
export function editorTokenOf(pathname: string): string | null {
  if (!pathname.startsWith(embedEditPathPrefix)) return null;
  const token = pathname.slice(embedEditPathPrefix.length);
  return editorTokenPattern.test(token) ? token : null;
}

/**
 * Run before the router is created (main.tsx imports it first): at `/embed/edit/<token>`, the hash route becomes the
 * editor of the draft the server named (or the "link ended" screen when it named none), the API client sends the
 * token, and the bridge starts when the page is framed. Any other path: nothing.
 */
export function startEmbeddedEditor(win: Window) {
  if (!win.location.pathname.startsWith(embedEditPathPrefix)) return;
  const token = editorTokenOf(win.location.pathname);
  const draftId = win.document.querySelector(`meta[name="${embedDraftMetaName}"]`)?.getAttribute('content') ?? '';
  const route = token && /^[0-9a-f-]{36}$/.test(draftId) ? `#/${embeddedEditorPath}/${draftId}` : `#/${embeddedEditorPath}`;
  win.history.replaceState(null, '', `${win.location.pathname}${route}`);
  active = true;
  if (token) setEmbedCredential(token);
  if (win.parent === win) return;
  bridge = createEmbedBridge<EditorEventType>(win, embedOriginsOf(win.document), obey);
  reportHeight(win, (height) => postEditorEvent('resized', { height }));
}
