import { embedOriginsMetaName, locales, type Locale } from '@paraphe/contracts';

/**
 * An embedded page's side of the conversation with the page that frames it (docs/embedding.md): the signing page and
 * the draft editor. Every message carries `source: 'paraphe'`. The page posts events to its parent with an allowed
 * origin as `targetOrigin` (never `'*'`: a page that navigated the frame's parent elsewhere gets nothing), and obeys
 * commands only from a window of an allowed origin that is its parent.
 */
export type EmbedCommand = { command: 'language'; language: Locale } | { command: 'hideChrome'; hide: boolean };

/** The origins the server wrote in the page's meta element (empty when the tenant lists none). */
export function embedOriginsOf(doc: Pick<Document, 'querySelector'>): string[] {
  const content = doc.querySelector(`meta[name="${embedOriginsMetaName}"]`)?.getAttribute('content') ?? '';
  return content.split(/\s+/).filter((origin) => /^https?:\/\/[^/\s]+$/.test(origin));
}

/**
 * Where to post: the parent's origin when the browser tells it (`location.ancestorOrigins`, Chromium and WebKit) and
 * it is allowed; otherwise every allowed origin (the browser delivers to the one that matches and drops the others).
 */
export function targetOriginsFor(allowed: readonly string[], parentOrigin: string | undefined): string[] {
  if (parentOrigin === undefined) return [...allowed];
  return allowed.includes(parentOrigin) ? [parentOrigin] : [];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A command, when the message is one from an allowed origin; null for anything else (ignored). */
export function commandOf(data: unknown, origin: string, allowed: readonly string[]): EmbedCommand | null {
  if (!allowed.includes(origin) || !isRecord(data) || data.source !== 'paraphe') return null;
  if (data.command === 'language' && typeof data.language === 'string' && (locales as readonly string[]).includes(data.language)) {
    return { command: 'language', language: data.language as Locale };
  }
  if (data.command === 'hideChrome') return { command: 'hideChrome', hide: data.hide !== false };
  return null;
}

/** What the bridge needs of a window (a fake one in the tests). */
export type BridgeWindow = {
  parent: { postMessage(message: unknown, targetOrigin: string): void };
  location: { ancestorOrigins?: { length: number; item(index: number): string | null } };
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};

export type EmbedBridge<T extends string = string> = { post(type: T, data?: Record<string, unknown>): void };

/** Posts events to the parent window; hands each valid command of the parent to `onCommand`. */
export function createEmbedBridge<T extends string>(win: BridgeWindow, allowed: readonly string[], onCommand: (command: EmbedCommand) => void): EmbedBridge<T> {
  const ancestors = win.location.ancestorOrigins;
  const parentOrigin = ancestors && ancestors.length > 0 ? (ancestors.item(0) ?? undefined) : undefined;
  const targets = targetOriginsFor(allowed, parentOrigin);
  win.addEventListener('message', (event) => {
    if (event.source !== win.parent) return;
    const command = commandOf(event.data, event.origin, allowed);
    if (command) onCommand(command);
  });
  return {
    post(type, data = {}) {
      const message = { ...data, source: 'paraphe', type };
      for (const origin of targets) win.parent.postMessage(message, origin);
    },
  };
}

/**
 * The page's height for the embedding page to size its frame, at each change (ResizeObserver). The body's, not the
 * document's: that one is never smaller than the frame, so a frame could grow but never shrink.
 */
export function reportHeight(win: Window, onHeight: (height: number) => void) {
  if (typeof ResizeObserver !== 'function') return;
  let last = -1;
  const observer = new ResizeObserver(() => {
    const height = Math.ceil(win.document.body.getBoundingClientRect().height);
    // Nothing rendered yet (0): not a size to give the frame.
    if (height === last || height === 0) return;
    last = height;
    onHeight(height);
  });
  observer.observe(win.document.body);
}
