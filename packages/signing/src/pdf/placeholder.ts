import { SigningError } from '../errors.ts';
import { PdfRaw, type PdfRef } from './objects.ts';
import { PdfReader } from './reader.ts';
import type { PdfLimits } from './limits.ts';
import { PdfUpdate, type GrowingPdf } from './update.ts';

/** Ten digits per number: enough for any file under 10 GB. */
const BYTE_RANGE_PLACEHOLDER = '[0 0000000000 0000000000 0000000000]';

/** /ByteRange and /Contents placeholders for a signature dictionary of `bytes` bytes of CMS. */
export function placeholderEntries(bytes: number): Array<[string, PdfRaw]> {
  return [
    ['ByteRange', new PdfRaw(BYTE_RANGE_PLACEHOLDER)],
    ['Contents', new PdfRaw('<' + '0'.repeat(bytes * 2) + '>')],
  ];
}

export interface SignedRevision {
  byteRange: [number, number, number, number];
  /** The CMS or timestamp token written into /Contents. */
  contents: Uint8Array;
}

/**
 * Appends `update` (which holds the signature dictionary `sigRef` built with placeholderEntries), fills
 * /ByteRange, hashes the two ranges and writes the DER returned by `produce` into /Contents.
 */
export async function appendSignedRevision(
  doc: GrowingPdf,
  update: PdfUpdate,
  sigRef: PdfRef,
  produce: (digest: Buffer) => Promise<Uint8Array>,
): Promise<SignedRevision> {
  const before = doc.view();
  const built = update.build(doc.length, before[before.length - 1]);
  const start = doc.append(built.bytes);
  const buf = doc.view();
  const objectAt = start + built.objectOffsets.get(sigRef.num)!;
  const brAt = buf.indexOf('/ByteRange ' + BYTE_RANGE_PLACEHOLDER, objectAt, 'latin1') + 11;
  const contentsAt = buf.indexOf('/Contents <', objectAt, 'latin1') + 10;
  const contentsEnd = buf.indexOf('>', contentsAt, 'latin1') + 1;
  if (brAt < 11 || contentsAt < 10 || contentsEnd <= contentsAt) throw new Error('Signature placeholder not found in the revision');
  const byteRange: [number, number, number, number] = [0, contentsAt, contentsEnd, buf.length - contentsEnd];
  const text = `[${byteRange.join(' ')}]`.padEnd(BYTE_RANGE_PLACEHOLDER.length, ' ');
  buf.write(text, brAt, 'latin1');
  const digest = doc.hashPrefix(contentsAt).update(buf.subarray(contentsEnd)).digest();
  const der = await produce(digest);
  const room = (contentsEnd - contentsAt - 2) / 2;
  if (der.length > room) {
    throw new SigningError('PDF_PLACEHOLDER_TOO_SMALL', `Signature placeholder too small: need ${der.length} bytes, have ${room}`, {
      needed: der.length,
      available: room,
    });
  }
  buf.write(Buffer.from(der.buffer, der.byteOffset, der.byteLength).toString('hex'), contentsAt + 1, 'latin1');
  return { byteRange, contents: der };
}

/** Opens the current state of `doc` for a new revision. */
export function openRevision(doc: GrowingPdf, limits?: Partial<PdfLimits>): PdfUpdate {
  return new PdfUpdate(PdfReader.open(doc.view(), limits));
}
