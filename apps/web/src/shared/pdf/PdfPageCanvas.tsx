import { useEffect, useRef } from 'react';
import type { PdfDocument } from './pdf.ts';

type Props = { doc: PdfDocument; pageNumber: number; scale: number; label: string };

/** One page of the PDF drawn on a canvas at `scale` CSS pixels per PDF point (sharp on dense screens). */
export function PdfPageCanvas({ doc, pageNumber, scale, label }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let cancelled = false;
    let task: { cancel: () => void; promise: Promise<unknown> } | undefined;
    void doc.getPage(pageNumber).then((page) => {
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: scale * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
      canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
      task = page.render({ canvas, viewport });
      task.promise.catch(() => undefined); // a cancelled render rejects: nothing to report
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, pageNumber, scale]);
  return <canvas ref={canvasRef} role="img" aria-label={label} style={{ display: 'block' }} />;
}
