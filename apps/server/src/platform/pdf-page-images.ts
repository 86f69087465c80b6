import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';

/**
 * One page of a PDF as a WebP image (the signing page shows these instead of shipping pdf.js to the signer's phone:
 * docs/signing-page.md, "What the signer downloads"). Runs on a worker thread only (workers/tasks.ts `renderPdfPage`):
 * pdf.js parses untrusted bytes with no bounds of its own, so the pool's time and heap limits are its bounds.
 *
 * pdf.js (legacy build, the one for Node) draws on @napi-rs/canvas (prebuilt N-API, no node-gyp). Nothing reaches
 * the network: the bytes are given as data, and the standard fonts, CMaps and WebAssembly decoders pdf.js may need
 * are read from its own package folder (in Node it reads such URLs with fs). No font loading into the
 * process, no scripting, no XFA.
 */

/** Past this many pixels (a page far taller than wide), the image is scaled down to fit: 1600 × 5000 at the largest width. */
const maxPixels = 8_000_000;
const webpQuality = 82;

const pdfjsFolder = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const localResources = {
  standardFontDataUrl: path.join(pdfjsFolder, 'standard_fonts') + path.sep,
  cMapUrl: path.join(pdfjsFolder, 'cmaps') + path.sep,
  cMapPacked: true,
  wasmUrl: path.join(pdfjsFolder, 'wasm') + path.sep,
  iccUrl: path.join(pdfjsFolder, 'iccs') + path.sep,
};

export interface RenderedPage {
  /** WebP bytes. */
  image: Uint8Array;
  width: number;
  height: number;
  pageCount: number;
}

/** A page outside the document: the caller answers 404 (the page does not exist), not a failure. */
export class PageOutOfRange extends Error {
  readonly code = 'PAGE_OUT_OF_RANGE';
  constructor(page: number, pageCount: number) {
    super(`The document has ${pageCount} page(s): page ${page} does not exist.`);
    this.name = 'PageOutOfRange';
  }
}

/** Draws page `page` (1-based) of `bytes` at `width` pixels wide (the page's visible box, rotation applied). */
export async function renderPdfPage(input: { bytes: Uint8Array; page: number; width: number }): Promise<RenderedPage> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: input.bytes,
    ...localResources,
    // Bounds of its own where pdf.js has them: an image over 40 megapixels is not decoded (drawn blank).
    maxImageSize: 40_000_000,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    if (input.page < 1 || input.page > doc.numPages) throw new PageOutOfRange(input.page, doc.numPages);
    const page = await doc.getPage(input.page);
    const unit = page.getViewport({ scale: 1 });
    let scale = input.width / unit.width;
    if (unit.width * scale * unit.height * scale > maxPixels) scale = Math.sqrt(maxPixels / (unit.width * unit.height));
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.max(1, Math.floor(viewport.width)), Math.max(1, Math.floor(viewport.height)));
    const context = canvas.getContext('2d');
    // Annotations drawn from their appearances (ENABLE, not ENABLE_FORMS): an image has no form layer over it, so
    // filled-in form fields must be painted, as pdftoppm does.
    // A white sheet under the page: a PDF page has no background of its own, and WebP would keep it transparent.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
      annotationMode: pdfjs.AnnotationMode.ENABLE,
    }).promise;
    const image = await canvas.encode('webp', webpQuality);
    return { image: new Uint8Array(image.buffer, image.byteOffset, image.byteLength), width: canvas.width, height: canvas.height, pageCount: doc.numPages };
  } finally {
    await task.destroy();
  }
}
