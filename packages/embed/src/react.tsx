import { useEffect, useRef } from 'react';
import { embedSigning, type EmbeddedSigning, type ParapheEvent } from './embed.ts';

export type { ParapheEvent, ParapheEventType } from './embed.ts';

type Props = {
  /** The signer's `embedUrl`. */
  url: string;
  onEvent?: (event: ParapheEvent) => void;
  language?: string;
  hideChrome?: boolean;
  title?: string;
  className?: string;
};

/** `<ParapheSigning url={embedUrl} onEvent={…} />`: the signing page in an iframe (docs/embedding.md). */
export function ParapheSigning({ url, onEvent, language, hideChrome, title, className }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const embedded = useRef<EmbeddedSigning | null>(null);
  // The latest handler, without recreating the frame when the parent renders a new function.
  const handler = useRef(onEvent);
  handler.current = onEvent;
  // The language at creation is sent once the page is loaded; a later change is sent at once.
  const language0 = useRef(language);

  useEffect(() => {
    if (!container.current) return;
    const frame = embedSigning({
      url,
      container: container.current,
      title,
      hideChrome,
      language: language0.current,
      onEvent: (event) => handler.current?.(event),
    });
    embedded.current = frame;
    return () => frame.destroy();
  }, [url, title, hideChrome]);

  useEffect(() => {
    if (language && language !== language0.current) embedded.current?.send({ command: 'language', language });
  }, [language]);

  return <div ref={container} className={className} />;
}
