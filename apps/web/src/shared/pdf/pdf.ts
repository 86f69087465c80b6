import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// pdf.js parses in a worker that Vite ships as its own file.
GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfDocument = PDFDocumentProxy;

export type OpenedPdf = { doc: PdfDocument; close: () => Promise<void> };

/** Opens the locally selected file (before any upload); `close` frees the worker's copy. */
export async function openPdf(file: Blob): Promise<OpenedPdf> {
  const task = getDocument({ data: new Uint8Array(await file.arrayBuffer()) });
  return { doc: await task.promise, close: () => task.destroy() };
}
