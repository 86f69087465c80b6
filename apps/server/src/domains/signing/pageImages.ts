import type { Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * The pages of the document to read, as images (docs/signing-page.md, "What the signer downloads"): the signing page
 * shows these instead of loading pdf.js (500 kB of script) on the signer's phone. Rendered on a worker thread
 * (platform/pdf-page-images.ts) the first time a page is asked at a width, then read from the storage: each image
 * is kept under the tenant, the version's SHA-256, the page and the width — a signature makes a new version, hence
 * new images, and an old one is never shown for a newer file. The page sizes of a version are kept the same way.
 *
 * These files are a cache: no row references them, so the hourly storage sweep removes them once
 * STORAGE_ORPHAN_GRACE_HOURS have passed (docs/configuration.md), purged documents' images with them; the next view
 * renders them again.
 */

/** A stored version of a document, as the signing page shows it. */
export interface PdfVersion {
  appId: string;
  storageKey: string;
  sha256: string;
  pageCount: number;
}

export type PageSize = { width: number; height: number };

const sizesKey = (v: PdfVersion) => `${v.appId}/page-sizes-${v.sha256}.json`;
const imageKey = (v: PdfVersion, page: number, width: number) => `${v.appId}/page-${v.sha256}-${page}-${width}.webp`;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/** Writes a cache entry; a failure (disk full) is logged, never the caller's: the answer is already computed. */
async function keep(platform: Platform, key: string, data: Uint8Array) {
  await platform.storage.put(key, data).catch((error: unknown) => platform.logger.warn({ err: error, key }, 'could not keep a page image'));
}

/**
 * The size of each page in points (visible box, rotation applied: the coordinates of the fields), read by the
 * signing engine's inspection on a worker thread the first time. A version the engine cannot read gives no sizes
 * (empty list): the page then lays the pages out as their images arrive, and the view itself still answers.
 */
export async function pageSizesOf(platform: Platform, version: PdfVersion): Promise<PageSize[]> {
  try {
    return JSON.parse((await platform.storage.get(sizesKey(version))).toString('utf8')) as PageSize[];
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  let sizes: PageSize[] = [];
  try {
    const inspection = await platform.workers.run('inspectPdf', { bytes: await platform.storage.get(version.storageKey) });
    if (inspection.ok) sizes = inspection.pages.map((p) => ({ width: p.width, height: p.height }));
  } catch (error) {
    platform.logger.warn({ err: error, key: version.storageKey }, 'could not read the page sizes of a document to sign');
    return [];
  }
  if (sizes.length) await keep(platform, sizesKey(version), Buffer.from(JSON.stringify(sizes)));
  return sizes;
}

const unrenderable = () =>
  new AppError('CONVERSION_FAILED', 'This page could not be shown as an image: open the document (PDF) to read it.', {
    details: { reason: 'page_image_failed' },
  });

/** Renders in flight, by cache key: a page asked twice at once (two tabs, a retry) is rendered once. */
const inFlight = new Map<string, Promise<Uint8Array>>();

/**
 * Page `page` (1-based) of the version at `width` pixels, as WebP. A page the document does not have is NOT_FOUND;
 * a page pdf.js cannot draw (or not within the worker's time and memory) is CONVERSION_FAILED (422), and the signer
 * reads the PDF instead.
 */
export async function pageImageOf(platform: Platform, version: PdfVersion, page: number, width: number): Promise<Uint8Array> {
  if (!Number.isInteger(page) || page < 1 || page > version.pageCount) {
    throw new AppError('NOT_FOUND', `This document has no page ${page}.`, { details: { pageCount: version.pageCount } });
  }
  const key = imageKey(version, page, width);
  try {
    return await platform.storage.get(key);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  const pending = inFlight.get(key) ?? render(platform, version, page, width, key);
  inFlight.set(key, pending);
  try {
    return await pending;
  } finally {
    inFlight.delete(key);
  }
}

async function render(platform: Platform, version: PdfVersion, page: number, width: number, key: string): Promise<Uint8Array> {
  const bytes = await platform.storage.get(version.storageKey);
  let image: Uint8Array;
  try {
    ({ image } = await platform.workers.run('renderPdfPage', { bytes, page, width }));
  } catch (error) {
    if ((error as { code?: string })?.code === 'PAGE_OUT_OF_RANGE') throw new AppError('NOT_FOUND', `This document has no page ${page}.`);
    if (error instanceof AppError && error.code === 'UNAVAILABLE') throw error; // the pool is full: try again later
    platform.logger.warn({ err: error, key: version.storageKey, page }, 'could not render a page of a document to sign');
    throw unrenderable();
  }
  await keep(platform, key, image);
  return image;
}
