import { SigningError } from '../errors.ts';

/** Bounds applied to every PDF read by the engine, so hostile files fail fast with PDF_TOO_COMPLEX. */
export interface PdfLimits {
  /** Largest accepted file, in bytes (default 256 MB). */
  maxFileSize: number;
  /** Largest object number / cross-reference size (default 2,000,000). */
  maxObjects: number;
  /** Deepest nesting of arrays/dictionaries, and of the page tree (default 64). */
  maxDepth: number;
  /** Largest decompressed object or cross-reference stream (default 64 MB). */
  maxStreamSize: number;
  /**
   * Most bytes decompressed in total while reading one document (default 64 MB): object streams, cross-reference
   * streams, metadata. Inflating stops as soon as it is exceeded (decompression bombs).
   */
  maxDecompressedTotal: number;
  /** Most cross-reference sections followed through /Prev (default 4,096). */
  maxRevisions: number;
}

export const defaultPdfLimits: PdfLimits = {
  maxFileSize: 256 * 1024 * 1024,
  maxObjects: 2_000_000,
  maxDepth: 64,
  maxStreamSize: 64 * 1024 * 1024,
  maxDecompressedTotal: 64 * 1024 * 1024,
  maxRevisions: 4096,
};

export function resolveLimits(partial?: Partial<PdfLimits>): PdfLimits {
  return { ...defaultPdfLimits, ...partial };
}

export function tooComplex(message: string, details?: Record<string, unknown>): SigningError {
  return new SigningError('PDF_TOO_COMPLEX', message, details);
}

/** Which bound a PDF_TOO_COMPLEX error hit: `details.limit`; decompression limits also set `details.decompression`. */
export type PdfLimitName = keyof PdfLimits | 'arrayItems' | 'stringLength';

/** Decompressed bytes left for one document read (shared by every stream the reader inflates). */
export class InflateBudget {
  used = 0;
  readonly limits: PdfLimits;
  constructor(limits: PdfLimits) {
    this.limits = limits;
  }
  /** Largest output allowed for the next stream, and which limit that is. */
  next(): { max: number; limit: 'maxStreamSize' | 'maxDecompressedTotal' } {
    const left = Math.max(0, this.limits.maxDecompressedTotal - this.used);
    return left < this.limits.maxStreamSize ? { max: left, limit: 'maxDecompressedTotal' } : { max: this.limits.maxStreamSize, limit: 'maxStreamSize' };
  }
  spend(bytes: number): void {
    this.used += bytes;
  }
}
