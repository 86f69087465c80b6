import { embedSigningPathPrefix } from '@paraphe/contracts';
import type { EmbedBridge as Bridge } from '../../../shared/embed/bridge.ts';

export { commandOf, createEmbedBridge, embedOriginsOf, targetOriginsFor, type BridgeWindow, type EmbedCommand } from '../../../shared/embed/bridge.ts';

/** The embedded signing page's events (docs/embedding.md); the conversation itself is shared/embed/bridge.ts. */
export const embedEventTypes = ['loaded', 'viewed', 'signed', 'refused', 'completed', 'error', 'resized'] as const;
export type EmbedEventType = (typeof embedEventTypes)[number];
export type EmbedEvent = { source: 'paraphe'; type: EmbedEventType } & Record<string, unknown>;

export type EmbedBridge = Bridge<EmbedEventType>;

/** The token of `/embed/sign/<token>`, or null for any other path. */
export function embedTokenOf(pathname: string): string | null {
  if (!pathname.startsWith(embedSigningPathPrefix)) return null;
  const token = pathname.slice(embedSigningPathPrefix.length);
  return /^[A-Za-z0-9_.-]+$/.test(token) ? token : null;
}
