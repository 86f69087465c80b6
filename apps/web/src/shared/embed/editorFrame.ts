import { editorTokenPattern } from '@paraphe/contracts';
import { setEmbedCredential } from '../api/client.ts';
import { i18n } from '../i18n/i18n.ts';
import { createEmbedBridge, embedOriginsOf, reportHeight, type EmbedBridge, type EmbedCommand } from './bridge.ts';

/**
 * An editor opened by an editor link inside a frame of the tenant's site (docs/embedding.md): the draft's editor at
 * `/embed/edit/<token>`, the template's at `/embed/template/<token>`. Before the router reads the address, the page
 * becomes the hash route the server named in its meta element (or the "link ended" route), the token becomes the API
 * client's only credential (no cookie, no session), and the bridge posts the editor's events to the parent's allowed
 * origin.
 */
export type EditorFrame<T extends string> = {
  /** Posts an event to the embedding page; nothing outside this editor's frame. */
  post(type: T, data?: Record<string, unknown>): void;
  /** Whether the app runs as this embedded editor. */
  active(): boolean;
  /** The token of `<prefix><token>`, or null for any other path. */
  tokenOf(pathname: string): string | null;
  /** Run before the router is created (app/embedStart.ts): at `<prefix><token>`, the route and the credential. */
  start(win: Window): void;
};

export function editorFrame<T extends string>(opts: {
  /** The server's path of the page (`/embed/edit/`). */
  pathPrefix: string;
  /** The meta element naming what the link opens. */
  metaName: string;
  /** Whether the meta's content is something the route may open (a uuid; `new` for a new template). */
  opens: (content: string) => boolean;
  /** The hash route, without `#/`: `<route>/<what it opens>`, or `<route>` alone for a link that opens nothing. */
  route: string;
}): EditorFrame<T> {
  let bridge: EmbedBridge<T> | null = null;
  let active = false;
  const obey = (command: EmbedCommand) => {
    // For this visit only. `hideChrome`: an editor has no header to hide.
    if (command.command === 'language') void i18n.changeLanguage(command.language);
  };
  const tokenOf = (pathname: string) => {
    if (!pathname.startsWith(opts.pathPrefix)) return null;
    const token = pathname.slice(opts.pathPrefix.length);
    return editorTokenPattern.test(token) ? token : null;
  };
  return {
    post: (type, data) => bridge?.post(type, data),
    active: () => active,
    tokenOf,
    start(win) {
      if (!win.location.pathname.startsWith(opts.pathPrefix)) return;
      const token = tokenOf(win.location.pathname);
      const opened = win.document.querySelector(`meta[name="${opts.metaName}"]`)?.getAttribute('content') ?? '';
      const route = token && opts.opens(opened) ? `#/${opts.route}/${opened}` : `#/${opts.route}`;
      win.history.replaceState(null, '', `${win.location.pathname}${route}`);
      active = true;
      if (token) setEmbedCredential(token);
      if (win.parent === win) return;
      bridge = createEmbedBridge<T>(win, embedOriginsOf(win.document), obey);
      reportHeight(win, (height) => bridge?.post('resized' as T, { height }));
    },
  };
}

export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
