import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { winAnsiText } from '../../platform/pdf-text.ts';

export type ReceiptLanguage = 'fr' | 'en';

export interface ReceiptInput {
  fileName: string;
  sizeBytes: number;
  sha256: string;
  timestampedAt: Date;
  tsa: string;
  serial: string;
  language: ReceiptLanguage;
}

const texts = {
  fr: {
    title: "Reçu d'horodatage",
    intro: "Ce fichier a été horodaté par l'autorité d'horodatage ci-dessous (jeton RFC 3161 joint, fichier .tsr).",
    fileName: 'Fichier',
    size: 'Taille',
    bytes: 'octets',
    sha256: 'Empreinte SHA-256',
    time: 'Date et heure certifiées (UTC)',
    tsa: "Autorité d'horodatage",
    serial: 'Numéro de série du jeton',
    check: 'Vérification : openssl ts -verify -data <fichier> -in <jeton.tsr> -token_in -CAfile <racine.pem>, ou la page publique de vérification.',
  },
  en: {
    title: 'Time-stamp receipt',
    intro: 'This file was time-stamped by the authority below (RFC 3161 token attached, .tsr file).',
    fileName: 'File',
    size: 'Size',
    bytes: 'bytes',
    sha256: 'SHA-256 digest',
    time: 'Certified date and time (UTC)',
    tsa: 'Time-stamping authority',
    serial: 'Token serial number',
    check: 'Check it: openssl ts -verify -data <file> -in <token.tsr> -token_in -CAfile <root.pem>, or the public verification page.',
  },
} as const;

/** The one-page receipt of a detached time-stamp (pdf-lib, Helvetica): what was stamped, when, by whom. */
export async function timestampReceipt(input: ReceiptInput): Promise<Uint8Array> {
  const t = texts[input.language];
  const doc = await PDFDocument.create();
  doc.setTitle(t.title);
  doc.setCreationDate(input.timestampedAt);
  const page = doc.addPage([595.28, 841.89]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const left = 56;
  let y = 780;
  page.drawText(winAnsiText(t.title), { x: left, y, size: 20, font: bold, color: rgb(0.1, 0.1, 0.1) });
  y -= 34;
  page.drawText(winAnsiText(t.intro), { x: left, y, size: 10, font: regular, maxWidth: 480, lineHeight: 13 });
  y -= 40;
  const size = new Intl.NumberFormat(input.language === 'fr' ? 'fr-FR' : 'en-GB').format(input.sizeBytes).replace(/\u202f|\u00a0/g, ' ');
  const rows: [string, string][] = [
    [t.fileName, input.fileName],
    [t.size, `${size} ${t.bytes}`],
    [t.sha256, input.sha256],
    [t.time, input.timestampedAt.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC')],
    [t.tsa, input.tsa],
    [t.serial, input.serial],
  ];
  for (const [label, value] of rows) {
    page.drawText(winAnsiText(label), { x: left, y, size: 9, font: bold, color: rgb(0.35, 0.35, 0.35) });
    y -= 14;
    // Long values (a digest, a subject) wrap on the page's width.
    const lines = wrap(winAnsiText(value), 80);
    for (const line of lines) {
      page.drawText(line, { x: left, y, size: 11, font: regular });
      y -= 15;
    }
    y -= 10;
  }
  page.drawText(winAnsiText(t.check), { x: left, y: y - 10, size: 8, font: regular, maxWidth: 480, lineHeight: 11, color: rgb(0.35, 0.35, 0.35) });
  return doc.save();
}

const wrap = (text: string, width: number): string[] => (text.length ? (text.match(new RegExp(`.{1,${width}}`, 'g')) ?? [text]) : ['']);
