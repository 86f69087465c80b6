import { PDFDocument, rgb } from 'pdf-lib';
import { languageTag, type Locale } from '@paraphe/contracts';
import { embedTextFonts } from '../../platform/pdf-fonts.ts';
import { receiptTexts } from './receiptTexts.ts';

export interface ReceiptInput {
  fileName: string;
  sizeBytes: number;
  sha256: string;
  timestampedAt: Date;
  tsa: string;
  serial: string;
  language: Locale;
}

/** The one-page receipt of a detached time-stamp, in the user's language: what was stamped, when, by whom. */
export async function timestampReceipt(input: ReceiptInput): Promise<Uint8Array> {
  const t = receiptTexts[input.language];
  const doc = await PDFDocument.create();
  const fonts = embedTextFonts(doc, { language: input.language, sample: JSON.stringify(input) });
  doc.setTitle(t.title);
  doc.setCreationDate(input.timestampedAt);
  const page = doc.addPage([595.28, 841.89]);
  const left = 56;
  const width = 480;
  const grey = rgb(0.35, 0.35, 0.35);
  let y = 780;
  fonts.draw(page, t.title, { x: left, y, size: 20, bold: true, color: rgb(0.1, 0.1, 0.1) });
  y -= 34;
  for (const line of fonts.wrap(t.intro, 10, width)) {
    fonts.draw(page, line, { x: left, y, size: 10 });
    y -= 13;
  }
  y -= 27;
  const size = new Intl.NumberFormat(languageTag(input.language)).format(input.sizeBytes);
  const rows: [string, string][] = [
    [t.fileName, input.fileName],
    [t.size, `${size} ${t.bytes}`],
    [t.sha256, input.sha256],
    [
      t.time,
      input.timestampedAt
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC'),
    ],
    [t.tsa, input.tsa],
    [t.serial, input.serial],
  ];
  for (const [label, value] of rows) {
    fonts.draw(page, label, { x: left, y, size: 9, bold: true, color: grey });
    y -= 14;
    // Long values (a digest, a subject) wrap on the page's width.
    for (const line of fonts.wrap(value, 11, width)) {
      fonts.draw(page, line, { x: left, y, size: 11 });
      y -= 15;
    }
    y -= 10;
  }
  y -= 10;
  for (const line of fonts.wrap(t.check, 8, width)) {
    fonts.draw(page, line, { x: left, y, size: 8, color: grey });
    y -= 11;
  }
  return doc.save();
}
