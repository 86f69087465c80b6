import { useEffect, useRef } from 'react';
import { embedEditor, embedSigning, type EmbeddedSigning, type ParapheEditorEvent, type ParapheEvent } from './embed.ts';

export type { ParapheEditorEvent, ParapheEditorEventType, ParapheEvent, ParapheEventType } from './embed.ts';

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

type EditorProps = {
  /** The draft's editor link (`url` of POST /api/v1/requests/{id}/editor-link). */
  url: string;
  onEvent?: (event: ParapheEditorEvent) => void;
  language?: string;
  title?: string;
  className?: string;
};

/** `<ParapheEditor url={editorUrl} onEvent={…} />`: a draft's editor in an iframe, embedded sending (docs/embedding.md). */
export function ParapheEditor({ url, onEvent, language, title, className }: EditorProps) {
  const container = useRef<HTMLDivElement>(null);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const language0 = useRef(language);
  const embedded = useRef<EmbeddedSigning | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const frame = embedEditor({ url, container: container.current, title, language: language0.current, onEvent: (event) => handler.current?.(event) });
    embedded.current = frame;
    return () => frame.destroy();
  }, [url, title]);

  useEffect(() => {
    if (language && language !== language0.current) embedded.current?.send({ command: 'language', language });
  }, [language]);

  return <div ref={container} className={className} />;
}
