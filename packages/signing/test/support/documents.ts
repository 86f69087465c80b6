import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from './scratch.ts';
import { PDFDocument, StandardFonts, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState, rgb } from 'pdf-lib';

export interface MakePdfOptions {
  pages?: number;
  /** Uncompressed image bytes per page, to reach a realistic file size (≈ pages × bytesPerPage). */
  bytesPerPage?: number;
  objectStreams?: boolean;
}

/** A PDF written by pdf-lib: text on every page, optionally a raw grey image per page to make it heavy. */
export async function makePdf(options: MakePdfOptions = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const imageBytes = options.bytesPerPage ?? 0;
  for (let i = 0; i < (options.pages ?? 1); i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Contrat de test — page ${i + 1}`, { x: 60, y: 780, size: 18, font, color: rgb(0, 0, 0.4) });
    page.drawText('Lorem ipsum dolor sit amet, consectetur adipiscing elit.', { x: 60, y: 740, size: 11, font });
    if (imageBytes > 0) {
      const width = 500;
      const height = Math.ceil(imageBytes / width);
      const image = doc.context.stream(randomBytes(width * height), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: width,
        Height: height,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 8,
      });
      const ref = doc.context.register(image);
      const name = page.node.newXObject('Noise', ref);
      page.pushOperators(pushGraphicsState(), concatTransformationMatrix(400, 0, 0, 300, 100, 300), drawObject(name), popGraphicsState());
    }
  }
  return doc.save({ useObjectStreams: options.objectStreams ?? false });
}

/** Runs qpdf on the bytes (e.g. ['--object-streams=generate'] or ['--linearize']) and returns the result. */
export function qpdfTransform(pdf: Uint8Array, args: string[]): Uint8Array {
  const dir = scratchDir('qpdf');
  writeFileSync(join(dir, 'in.pdf'), pdf);
  execFileSync('qpdf', [...args, join(dir, 'in.pdf'), join(dir, 'out.pdf')]);
  return readFileSync(join(dir, 'out.pdf'));
}

/**
 * A large PDF written directly into one buffer (no pdf-lib), with one empty signature field 'signer-1' on the
 * last page: used for memory measurements, where the generator itself must not inflate the peak.
 */
export function makeRawPdf(pages: number, bytesPerPage: number): Buffer {
  const side = Math.max(1, Math.floor(Math.sqrt(bytesPerPage)));
  const imageBytes = side * side;
  const total = pages * (imageBytes + 600) + 4096 + pages * 40;
  const out = Buffer.allocUnsafe(total);
  let pos = 0;
  const offsets: number[] = [];
  const write = (s: string) => {
    pos += out.write(s, pos, 'latin1');
  };
  const object = (num: number, body: string) => {
    offsets[num] = pos;
    write(`${num} 0 obj\n${body}\nendobj\n`);
  };
  write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  const pageNum = (i: number) => 4 + i * 3;
  const fieldNum = 4 + pages * 3;
  object(1, `<</Type /Catalog /Pages 2 0 R /AcroForm <</Fields [${fieldNum} 0 R] /SigFlags 3>>>>`);
  object(2, `<</Type /Pages /Count ${pages} /Kids [${Array.from({ length: pages }, (_, i) => `${pageNum(i)} 0 R`).join(' ')}]>>`);
  object(3, '<</Type /Font /Subtype /Type1 /BaseFont /Helvetica>>');
  for (let i = 0; i < pages; i++) {
    const p = pageNum(i);
    const annots = i === pages - 1 ? ` /Annots [${fieldNum} 0 R]` : '';
    object(
      p,
      `<</Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${p + 1} 0 R /Resources <</Font <</F1 3 0 R>> /XObject <</Im ${p + 2} 0 R>>>>${annots}>>`,
    );
    const content = `BT /F1 18 Tf 60 780 Td (Page ${i + 1}) Tj ET q 400 0 0 300 100 300 cm /Im Do Q`;
    object(p + 1, `<</Length ${content.length}>>\nstream\n${content}\nendstream`);
    offsets[p + 2] = pos;
    write(
      `${p + 2} 0 obj\n<</Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${imageBytes}>>\nstream\n`,
    );
    for (let j = 0; j < imageBytes; j += 4) out.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, pos + j);
    pos += imageBytes;
    write('\nendstream\nendobj\n');
  }
  object(fieldNum, `<</Type /Annot /Subtype /Widget /FT /Sig /T (signer-1) /Rect [70 70 220 130] /F 4 /P ${pageNum(pages - 1)} 0 R>>`);
  const xref = pos;
  write(`xref\n0 ${fieldNum + 1}\n0000000000 65535 f\r\n`);
  for (let n = 1; n <= fieldNum; n++) write(`${String(offsets[n]).padStart(10, '0')} 00000 n\r\n`);
  write(`trailer\n<</Size ${fieldNum + 1} /Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`);
  return out.subarray(0, pos);
}
