import type { SigningActionResult } from '@paraphe/contracts';
import type { SigningScreen } from '../signingState.ts';
import type { EmbedEventType } from './bridge.ts';

export type PageEvent = { type: EmbedEventType; data: Record<string, unknown> };

const finishedStatuses = ['signed', 'completed'];

/**
 * The events the signing page's state calls for (docs/embedding.md), each posted once per page by the hook:
 * `loaded` when the link's answer is shown, `viewed` when the documents are, `error` when the page can offer
 * nothing, `signed` / `refused` after the signer's action, `completed` when the request is fully signed.
 */
export function pageEventsOf(screen: SigningScreen, result: SigningActionResult | null): PageEvent[] {
  const events: PageEvent[] = [];
  if (screen.kind !== 'loading') events.push({ type: 'loaded', data: { screen: screen.kind } });
  switch (screen.kind) {
    case 'invalid':
    case 'unsignable':
    case 'error':
      events.push({ type: 'error', data: { reason: screen.kind } });
      break;
    case 'unavailable':
      events.push({ type: 'error', data: { reason: screen.reason } });
      break;
    case 'sign':
    case 'validate':
    case 'read':
      events.push({ type: 'viewed', data: { documents: screen.view.documents.length } });
      break;
    default:
      break;
  }
  if ('view' in screen && screen.view.request.status === 'completed') events.push({ type: 'completed', data: {} });
  if (result) {
    const positive = result.outcome === 'signed' || result.outcome === 'approved';
    events.push({ type: positive ? 'signed' : 'refused', data: { outcome: result.outcome } });
    if (positive && finishedStatuses.includes(result.requestStatus)) events.push({ type: 'completed', data: {} });
  }
  return events;
}
