import { SigningError } from '../errors.ts';
import { PdfRaw, PdfString, type PdfDict, type PdfRef } from './objects.ts';
import { PdfUpdate, type IncrementalPdf } from './update.ts';

/** Ten digits per number: enough for any file under 10 GB. */
const BYTE_RANGE_PLACEHOLDER = '[0 0000000000 0000000000 0000000000]';

/** The /Contents placeholder text per size: the same few sizes come back at every signature (tens of KB each). */
const contentsPlaceholders = new Map<number, PdfRaw>();

/** /ByteRange and /Contents placeholders for a signature dictionary of `bytes` bytes of CMS. */
export function placeholderEntries(bytes: number): Array<[string, PdfRaw]> {
  let contents = contentsPlaceholders.get(bytes);
  if (!contents) {
    if (contentsPlaceholders.size >= 16) contentsPlaceholders.clear();
    contentsPlaceholders.set(bytes, (contents = new PdfRaw('<' + '0'.repeat(bytes * 2) + '>')));
  }
  return [
    ['ByteRange', new PdfRaw(BYTE_RANGE_PLACEHOLDER)],
    ['Contents', contents],
  ];
}

export interface SignedRevision {
  byteRange: [number, number, number, number];
  /** The CMS or timestamp token written into /Contents. */
  contents: Uint8Array;
}

/**
 * Builds `update` (which holds the signature dictionary `sigRef` built with placeholderEntries), fills /ByteRange,
 * hashes the two ranges — the file so far in place, then the new revision around its /Contents — writes the DER
 * returned by `produce` into /Contents, and only then appends the finished revision to `doc`. `produce` gets the
 * digest, and the signed bytes themselves as chunks when it needs them (a signer that hashes on its own).
 */
export async function appendSignedRevision(
  doc: IncrementalPdf,
  update: PdfUpdate,
  sigRef: PdfRef,
  produce: (digest: Buffer, signedBytes: () => Uint8Array[]) => Promise<Uint8Array>,
): Promise<SignedRevision> {
  const base = doc.length;
  const built = update.build(base, doc.lastByte);
  const revision = built.bytes;
  const objectAt = built.objectOffsets.get(sigRef.num)!;
  const brAt = revision.indexOf('/ByteRange ' + BYTE_RANGE_PLACEHOLDER, objectAt, 'latin1') + 11;
  const contentsAt = revision.indexOf('/Contents <', objectAt, 'latin1') + 10;
  const contentsEnd = revision.indexOf('>', contentsAt, 'latin1') + 1;
  if (brAt < 11 || contentsAt < 10 || contentsEnd <= contentsAt) throw new Error('Signature placeholder not found in the revision');
  const byteRange: [number, number, number, number] = [0, base + contentsAt, base + contentsEnd, revision.length - contentsEnd];
  revision.write(`[${byteRange.join(' ')}]`.padEnd(BYTE_RANGE_PLACEHOLDER.length, ' '), brAt, 'latin1');
  const digest = doc.hashSoFar().update(revision.subarray(0, contentsAt)).update(revision.subarray(contentsEnd)).digest();
  const der = await produce(digest, () => [...doc.parts(), revision.subarray(0, contentsAt), revision.subarray(contentsEnd)]);
  const room = (contentsEnd - contentsAt - 2) / 2;
  if (der.length > room) {
    throw new SigningError('PDF_PLACEHOLDER_TOO_SMALL', `Signature placeholder too small: need ${der.length} bytes, have ${room}`, {
      needed: der.length,
      available: room,
    });
  }
  const derBytes = Buffer.from(der.buffer, der.byteOffset, der.byteLength);
  revision.write(derBytes.toString('hex'), contentsAt + 1, 'latin1');
  // The next revision's reader takes this dictionary as written, placeholders filled.
  const contents = Buffer.alloc(room);
  derBytes.copy(contents);
  const sig = update.get(sigRef) as PdfDict;
  sig.set('ByteRange', byteRange);
  sig.set('Contents', new PdfString(contents, true));
  doc.append(revision, update.readerAfter(built));
  return { byteRange, contents: der };
}

/** Opens the current state of `doc` for a new revision. */
export function openRevision(doc: IncrementalPdf): PdfUpdate {
  return new PdfUpdate(doc.reader);
}
