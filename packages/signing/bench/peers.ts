/**
 * The peers' stacks, as they sign a PDF, for the comparison in signing.bench.ts (devDependencies, bench only):
 * - Documenso: pdf-lib loads the whole document, adds the signature field and its placeholder and saves the whole
 *   document again, then @documenso/pdf-sign (Rust, native) makes the CMS over the byte ranges from a PKCS#12;
 * - @signpdf: pdf-lib and @signpdf/placeholder-pdf-lib for the placeholder, then @signpdf/signpdf with its
 *   P12Signer (node-forge).
 * Both make a detached CMS signature without a time-stamp (our B-B is the like-for-like level).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { signWithP12 } from '@documenso/pdf-sign';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString } from 'pdf-lib';
import { toPem, type SignerIdentity } from '../src/index.ts';

export type PeerSigner = (pdf: Uint8Array) => Promise<Uint8Array>;

/** The signer's key and certificate as a PKCS#12 (legacy algorithms: node-forge reads nothing newer). */
export function pkcs12(identity: SignerIdentity, dir: string): Buffer {
  const key = join(dir, 'peer.key');
  const cert = join(dir, 'peer.pem');
  const out = join(dir, 'peer.p12');
  writeFileSync(key, identity.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(cert, toPem(identity.certificate));
  const legacy = ['-certpbe', 'PBE-SHA1-3DES', '-keypbe', 'PBE-SHA1-3DES', '-macalg', 'sha1'];
  execFileSync('openssl', ['pkcs12', '-export', '-inkey', key, '-in', cert, '-out', out, '-passout', 'pass:', ...legacy]);
  return readFileSync(out);
}

const BYTE_RANGE_PLACEHOLDER = '**********';

/** Documenso's signing path (its "local certificate" transport): pdf-lib placeholder, save, pdf-sign over the ranges. */
export function documensoSigner(p12: Buffer): PeerSigner {
  return async (pdf) => {
    const doc = await PDFDocument.load(pdf);
    const page = doc.getPages()[0]!;
    const byteRange = PDFArray.withContext(doc.context);
    byteRange.push(PDFNumber.of(0));
    for (let i = 0; i < 3; i++) byteRange.push(PDFName.of(BYTE_RANGE_PLACEHOLDER));
    const signature = doc.context.register(
      doc.context.obj({
        Type: 'Sig',
        Filter: 'Adobe.PPKLite',
        SubFilter: 'adbe.pkcs7.detached',
        ByteRange: byteRange,
        Contents: PDFHexString.fromText(' '.repeat(8192)),
        Reason: 'Signed',
        M: PDFString.fromDate(new Date()),
      }),
    );
    const widget = doc.context.register(
      doc.context.obj({ Type: 'Annot', Subtype: 'Widget', FT: 'Sig', Rect: [0, 0, 0, 0], V: signature, T: PDFString.of('Signature1'), F: 4, P: page.ref }),
    );
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (annots) annots.push(widget);
    else page.node.set(PDFName.of('Annots'), doc.context.obj([widget]));
    let acroForm = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
    if (!acroForm) {
      acroForm = doc.context.obj({ Fields: [] });
      doc.catalog.set(PDFName.of('AcroForm'), doc.context.register(acroForm));
    }
    const fields = acroForm.lookupMaybe(PDFName.of('Fields'), PDFArray) ?? doc.context.obj([]);
    fields.push(widget);
    acroForm.set(PDFName.of('Fields'), fields);
    acroForm.set(PDFName.of('SigFlags'), PDFNumber.of(3));
    const withPlaceholder = Buffer.from(await doc.save({ useObjectStreams: false }));
    // Fill /ByteRange, then sign what it covers.
    const placeholder = `[ 0 /${BYTE_RANGE_PLACEHOLDER} /${BYTE_RANGE_PLACEHOLDER} /${BYTE_RANGE_PLACEHOLDER} ]`;
    const rangeAt = withPlaceholder.indexOf(placeholder);
    const contentsAt = withPlaceholder.indexOf('/Contents <', Math.max(0, rangeAt - 20_000)) + 10;
    const contentsEnd = withPlaceholder.indexOf('>', contentsAt) + 1;
    if (rangeAt < 0 || contentsAt < 10) throw new Error('Documenso-style placeholder not found');
    const range = [0, contentsAt, contentsEnd, withPlaceholder.length - contentsEnd];
    withPlaceholder.write(`[${range.join(' ')}]`.padEnd(placeholder.length, ' '), rangeAt, 'latin1');
    const content = Buffer.concat([withPlaceholder.subarray(0, contentsAt), withPlaceholder.subarray(contentsEnd)]);
    const cms = signWithP12({ cert: p12, content });
    return Buffer.concat([
      withPlaceholder.subarray(0, contentsAt),
      Buffer.from(`<${cms.toString('hex').padEnd(contentsEnd - contentsAt - 2, '0')}>`, 'latin1'),
      withPlaceholder.subarray(contentsEnd),
    ]);
  };
}

/** @signpdf's documented path: pdf-lib + placeholder-pdf-lib, save, SignPdf with P12Signer. */
export function signpdfSigner(p12: Buffer): PeerSigner {
  const signpdf = new SignPdf();
  return async (pdf) => {
    const signer = new P12Signer(p12); // one per signature: it consumes its copy of the PKCS#12 as it reads it
    const doc = await PDFDocument.load(pdf);
    pdflibAddPlaceholder({ pdfDoc: doc, reason: 'Signed', contactInfo: '', name: 'Signer', location: '' });
    const withPlaceholder = Buffer.from(await doc.save({ useObjectStreams: false }));
    return signpdf.sign(withPlaceholder, signer);
  };
}
