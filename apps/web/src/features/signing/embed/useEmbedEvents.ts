import { useEffect, useRef } from 'react';
import type { SigningActionResult } from '@paraphe/contracts';
import type { SigningScreen } from '../signingState.ts';
import { postEmbedEvent } from './embedMode.ts';
import { pageEventsOf } from './pageEvents.ts';

/** Tells the embedding page what happens on the signing page, each event once (nothing outside embed mode). */
export function useEmbedEvents(screen: SigningScreen, result: SigningActionResult | null) {
  const posted = useRef(new Set<string>());
  useEffect(() => {
    for (const event of pageEventsOf(screen, result)) {
      if (posted.current.has(event.type)) continue;
      posted.current.add(event.type);
      postEmbedEvent(event.type, event.data);
    }
  }, [screen, result]);
}
