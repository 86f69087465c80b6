import { SigningError } from '../errors.ts';
import { PdfStream } from './objects.ts';
import type { PdfReader } from './reader.ts';

function xmpValue(xmp: string, key: string): string | undefined {
  const attr = new RegExp(`pdfaid:${key}\\s*=\\s*["']([^"']*)["']`).exec(xmp);
  if (attr) return attr[1]!.trim();
  const element = new RegExp(`<pdfaid:${key}>\\s*([^<]*?)\\s*</pdfaid:${key}>`).exec(xmp);
  return element?.[1];
}

/**
 * The PDF/A claim of the document's XMP metadata ('1B', '2B', '2U', '3A', '4'…) or null. Only the claim: the
 * engine keeps what it adds conformant (embedded fonts, no transparency for part 1) but does not validate input.
 */
export function pdfAConformance(reader: PdfReader): string | null {
  let claim = claims.get(reader);
  if (claim === undefined) claims.set(reader, (claim = readClaim(reader)));
  return claim;
}

const claims = new WeakMap<PdfReader, string | null>();

function readClaim(reader: PdfReader): string | null {
  const metadata = reader.resolve(reader.catalog().get('Metadata'));
  if (!(metadata instanceof PdfStream)) return null;
  let bytes: Uint8Array;
  try {
    bytes = metadata.dict.has('Filter') ? reader.decode(metadata) : metadata.data;
  } catch (error) {
    if (error instanceof SigningError && error.code === 'PDF_TOO_COMPLEX') throw error;
    return null;
  }
  const xmp = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024 * 1024)).toString('utf8');
  const part = xmpValue(xmp, 'part');
  if (!part || !/^\d$/.test(part)) return null;
  const conformance = xmpValue(xmp, 'conformance');
  return `${part}${conformance && /^[A-Za-z]$/.test(conformance) ? conformance.toUpperCase() : ''}`;
}

/** PDF/A-1 forbids transparency (soft masks, constant alpha other than 1): what the engine draws must do without. */
export function forbidsTransparency(pdfA: string | null): boolean {
  return pdfA !== null && pdfA.startsWith('1');
}
