/**
 * Paraphe embedded signing, the embedding page's side (docs/embedding.md). Shows a signer's signing page
 * (`embedUrl` of `POST /api/v1/requests/{id}/signers/{signerId}/link`) in an iframe, hands its events to `onEvent`
 * and sends it commands. Only messages from that iframe's window and origin reach `onEvent`.
 */

export type ParapheEventType = 'loaded' | 'viewed' | 'signed' | 'refused' | 'completed' | 'error' | 'resized';
export type ParapheEvent = { source: 'paraphe'; type: ParapheEventType; [key: string]: unknown };
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

const eventTypes: readonly string[] = ['loaded', 'viewed', 'signed', 'refused', 'completed', 'error', 'resized'];

/** The event in a message, when it comes from the frame's window and origin; null for anything else. */
export function eventOf(message: { data: unknown; origin: string; source: unknown }, frame: { origin: string; window: unknown }): ParapheEvent | null {
  if (message.source !== frame.window || message.origin !== frame.origin) return null;
  const data = message.data as Partial<ParapheEvent> | null;
  if (typeof data !== 'object' || data === null || data.source !== 'paraphe' || typeof data.type !== 'string' || !eventTypes.includes(data.type)) return null;
  return data as ParapheEvent;
}

/** Creates the iframe in the container and starts listening; `destroy()` removes both. */
export function embedSigning(options: EmbedSigningOptions): EmbeddedSigning {
  const container = typeof options.container === 'string' ? document.querySelector<HTMLElement>(options.container) : options.container;
  if (!container) throw new Error(`Paraphe: no element ${String(options.container)}`);
  const origin = new URL(options.url, window.location.href).origin;
  const iframe = document.createElement('iframe');
  iframe.src = options.url;
  iframe.title = options.title ?? 'Signing';
  iframe.allow = 'clipboard-write';
  iframe.style.cssText = 'width:100%;border:0;display:block;min-height:480px';
  const send = (command: ParapheCommand) => iframe.contentWindow?.postMessage({ source: 'paraphe', ...command }, origin);
  const listener = (message: MessageEvent) => {
    const event = eventOf(message, { origin, window: iframe.contentWindow });
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
