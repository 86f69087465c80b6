/**
 * Paraphe embedding, the embedding page's side (docs/embedding.md). Shows a signer's signing page (`embedUrl` of
 * `POST /api/v1/requests/{id}/signers/{signerId}/link`) or a draft's editor (`url` of
 * `POST /api/v1/requests/{id}/editor-link`) in an iframe, hands its events to `onEvent` and sends it commands. Only
 * messages from that iframe's window and origin reach `onEvent`.
 */

export type ParapheEventType = 'loaded' | 'viewed' | 'signed' | 'refused' | 'completed' | 'error' | 'resized';
export type ParapheEvent = { source: 'paraphe'; type: ParapheEventType; [key: string]: unknown };
/** The editor's events: `loaded`, `saved` and `sent` carry `requestId` (and `status`), `error` a `reason`. */
export type ParapheEditorEventType = 'loaded' | 'saved' | 'sent' | 'error' | 'resized';
export type ParapheEditorEvent = { source: 'paraphe'; type: ParapheEditorEventType; [key: string]: unknown };
export type ParapheCommand = { command: 'language'; language: string } | { command: 'hideChrome'; hide?: boolean };

export type EmbedSigningOptions = {
  /** The signer's `embedUrl`. */
  url: string;
  /** Where the iframe goes: an element or a CSS selector. */
  container: HTMLElement | string;
  onEvent?: (event: ParapheEvent) => void;
  /** Follow the page's height (`resized` events); default true. */
  autoResize?: boolean;
  /** Sent once the page is loaded. */
  language?: string;
  hideChrome?: boolean;
  /** The iframe's accessible name; default "Signing". */
  title?: string;
};

export type EmbeddedSigning = {
  iframe: HTMLIFrameElement;
  send(command: ParapheCommand): void;
  destroy(): void;
};

export type EmbedEditorOptions = Omit<EmbedSigningOptions, 'url' | 'onEvent' | 'hideChrome' | 'title'> & {
  /** The draft's editor link (`url` of POST /api/v1/requests/{id}/editor-link), valid 15 minutes. */
  url: string;
  onEvent?: (event: ParapheEditorEvent) => void;
  /** The iframe's accessible name; default "Request editor". */
  title?: string;
};

const signingEventTypes: readonly string[] = ['loaded', 'viewed', 'signed', 'refused', 'completed', 'error', 'resized'];
const editorEventTypes: readonly string[] = ['loaded', 'saved', 'sent', 'error', 'resized'];

/** The event in a message, when it comes from the frame's window and origin; null for anything else. */
export function eventOf<E extends { type: string } = ParapheEvent>(
  message: { data: unknown; origin: string; source: unknown },
  frame: { origin: string; window: unknown },
  eventTypes: readonly string[] = signingEventTypes,
): E | null {
  if (message.source !== frame.window || message.origin !== frame.origin) return null;
  const data = message.data as { source?: unknown; type?: unknown } | null;
  if (typeof data !== 'object' || data === null || data.source !== 'paraphe' || typeof data.type !== 'string' || !eventTypes.includes(data.type)) return null;
  return data as unknown as E;
}

/** Creates the signing page's iframe in the container and starts listening; `destroy()` removes both. */
export function embedSigning(options: EmbedSigningOptions): EmbeddedSigning {
  return embedFrame<ParapheEvent>({ ...options, title: options.title ?? 'Signing' }, signingEventTypes);
}

/** Creates a draft editor's iframe in the container (embedded sending) and starts listening; `destroy()` removes both. */
export function embedEditor(options: EmbedEditorOptions): EmbeddedSigning {
  return embedFrame<ParapheEditorEvent>({ ...options, title: options.title ?? 'Request editor' }, editorEventTypes);
}

type FrameOptions<E> = Omit<EmbedSigningOptions, 'onEvent'> & { onEvent?: (event: E) => void; title: string };

function embedFrame<E extends { type: string; [key: string]: unknown }>(options: FrameOptions<E>, eventTypes: readonly string[]): EmbeddedSigning {
  const container = typeof options.container === 'string' ? document.querySelector<HTMLElement>(options.container) : options.container;
  if (!container) throw new Error(`Paraphe: no element ${String(options.container)}`);
  const origin = new URL(options.url, window.location.href).origin;
  const iframe = document.createElement('iframe');
  iframe.src = options.url;
  iframe.title = options.title;
  iframe.allow = 'clipboard-write';
  iframe.style.cssText = 'width:100%;border:0;display:block;min-height:480px';
  const send = (command: ParapheCommand) => iframe.contentWindow?.postMessage({ source: 'paraphe', ...command }, origin);
  const listener = (message: MessageEvent) => {
    const event = eventOf<E>(message, { origin, window: iframe.contentWindow }, eventTypes);
    if (!event) return;
    if (event.type === 'resized' && options.autoResize !== false && typeof event.height === 'number') iframe.style.height = `${event.height}px`;
    if (event.type === 'loaded') {
      if (options.language) send({ command: 'language', language: options.language });
      if (options.hideChrome) send({ command: 'hideChrome', hide: true });
    }
    options.onEvent?.(event);
  };
  window.addEventListener('message', listener);
  container.appendChild(iframe);
  return {
    iframe,
    send,
    destroy() {
      window.removeEventListener('message', listener);
      iframe.remove();
    },
  };
}
