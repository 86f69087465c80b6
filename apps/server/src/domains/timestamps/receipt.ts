import { PDFDocument, rgb } from 'pdf-lib';
import { languageTag, type Locale } from '@paraphe/contracts';
import { embedTextFonts } from '../../platform/pdf-fonts.ts';
import type { PdfTexts } from '../../platform/pdf-texts.ts';

export interface ReceiptInput {
  fileName: string;
  sizeBytes: number;
  sha256: string;
  timestampedAt: Date;
  tsa: string;
  serial: string;
  language: Locale;
}

interface ReceiptTexts {
  title: string;
  intro: string;
  fileName: string;
  size: string;
  bytes: string;
  sha256: string;
  time: string;
  tsa: string;
  serial: string;
  check: string;
}

export const receiptTexts: PdfTexts<ReceiptTexts> = {
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
  de: {
    title: 'Zeitstempelbeleg',
    intro: 'Diese Datei wurde von der unten genannten Zeitstempelstelle mit einem Zeitstempel versehen (RFC-3161-Token beigefügt, .tsr-Datei).',
    fileName: 'Datei',
    size: 'Größe',
    bytes: 'Byte',
    sha256: 'SHA-256-Prüfsumme',
    time: 'Bestätigtes Datum und Uhrzeit (UTC)',
    tsa: 'Zeitstempelstelle',
    serial: 'Seriennummer des Tokens',
    check: 'Prüfung: openssl ts -verify -data <Datei> -in <Token.tsr> -token_in -CAfile <Stamm.pem> oder die öffentliche Prüfseite.',
  },
  dk: {
    title: 'Kvittering for tidsstempel',
    intro: 'Denne fil er tidsstemplet af nedenstående tidsstempelmyndighed (RFC 3161-token vedlagt, .tsr-fil).',
    fileName: 'Fil',
    size: 'Størrelse',
    bytes: 'byte',
    sha256: 'SHA-256-fingeraftryk',
    time: 'Attesteret dato og klokkeslæt (UTC)',
    tsa: 'Tidsstempelmyndighed',
    serial: 'Tokenets serienummer',
    check: 'Kontrol: openssl ts -verify -data <fil> -in <token.tsr> -token_in -CAfile <rod.pem> eller den offentlige kontrolside.',
  },
  es: {
    title: 'Justificante de sellado de tiempo',
    intro: 'Este archivo ha recibido un sello de tiempo de la autoridad indicada a continuación (token RFC 3161 adjunto, archivo .tsr).',
    fileName: 'Archivo',
    size: 'Tamaño',
    bytes: 'bytes',
    sha256: 'Huella SHA-256',
    time: 'Fecha y hora certificadas (UTC)',
    tsa: 'Autoridad de sellado de tiempo',
    serial: 'Número de serie del token',
    check: 'Comprobación: openssl ts -verify -data <archivo> -in <token.tsr> -token_in -CAfile <raíz.pem>, o la página pública de verificación.',
  },
  fi: {
    title: 'Aikaleimakuitti',
    intro: 'Alla mainittu aikaleimapalvelu on aikaleimannut tämän tiedoston (RFC 3161 -tunniste liitteenä, .tsr-tiedosto).',
    fileName: 'Tiedosto',
    size: 'Koko',
    bytes: 'tavua',
    sha256: 'SHA-256-tiiviste',
    time: 'Vahvistettu päivämäärä ja kellonaika (UTC)',
    tsa: 'Aikaleimapalvelu',
    serial: 'Tunnisteen sarjanumero',
    check: 'Tarkistus: openssl ts -verify -data <tiedosto> -in <tunniste.tsr> -token_in -CAfile <juuri.pem> tai julkinen tarkistussivu.',
  },
  gr: {
    title: 'Απόδειξη χρονοσήμανσης',
    intro: 'Το αρχείο αυτό χρονοσημάνθηκε από την αρχή χρονοσήμανσης που αναφέρεται παρακάτω (επισυνάπτεται διακριτικό RFC 3161, αρχείο .tsr).',
    fileName: 'Αρχείο',
    size: 'Μέγεθος',
    bytes: 'byte',
    sha256: 'Αποτύπωμα SHA-256',
    time: 'Πιστοποιημένη ημερομηνία και ώρα (UTC)',
    tsa: 'Αρχή χρονοσήμανσης',
    serial: 'Σειριακός αριθμός διακριτικού',
    check: 'Έλεγχος: openssl ts -verify -data <αρχείο> -in <διακριτικό.tsr> -token_in -CAfile <ρίζα.pem>, ή η δημόσια σελίδα επαλήθευσης.',
  },
  it: {
    title: 'Ricevuta di marcatura temporale',
    intro: 'Questo file è stato marcato temporalmente dall’autorità indicata di seguito (token RFC 3161 allegato, file .tsr).',
    fileName: 'File',
    size: 'Dimensione',
    bytes: 'byte',
    sha256: 'Impronta SHA-256',
    time: 'Data e ora certificate (UTC)',
    tsa: 'Autorità di marcatura temporale',
    serial: 'Numero di serie del token',
    check: 'Verifica: openssl ts -verify -data <file> -in <token.tsr> -token_in -CAfile <radice.pem>, oppure la pagina pubblica di verifica.',
  },
  nl: {
    title: 'Ontvangstbewijs van tijdstempel',
    intro: 'Dit bestand heeft een tijdstempel gekregen van de onderstaande tijdstempelautoriteit (RFC 3161-token bijgevoegd, .tsr-bestand).',
    fileName: 'Bestand',
    size: 'Grootte',
    bytes: 'bytes',
    sha256: 'SHA-256-vingerafdruk',
    time: 'Gecertificeerde datum en tijd (UTC)',
    tsa: 'Tijdstempelautoriteit',
    serial: 'Serienummer van de token',
    check: 'Controle: openssl ts -verify -data <bestand> -in <token.tsr> -token_in -CAfile <root.pem>, of de openbare verificatiepagina.',
  },
  no: {
    title: 'Kvittering for tidsstempel',
    intro: 'Denne filen er tidsstemplet av tidsstempelmyndigheten nedenfor (RFC 3161-token vedlagt, .tsr-fil).',
    fileName: 'Fil',
    size: 'Størrelse',
    bytes: 'byte',
    sha256: 'SHA-256-fingeravtrykk',
    time: 'Bekreftet dato og klokkeslett (UTC)',
    tsa: 'Tidsstempelmyndighet',
    serial: 'Tokenets serienummer',
    check: 'Kontroll: openssl ts -verify -data <fil> -in <token.tsr> -token_in -CAfile <rot.pem>, eller den offentlige kontrollsiden.',
  },
  pt: {
    title: 'Recibo de carimbo temporal',
    intro: 'Este ficheiro recebeu um carimbo temporal da autoridade indicada abaixo (token RFC 3161 em anexo, ficheiro .tsr).',
    fileName: 'Ficheiro',
    size: 'Tamanho',
    bytes: 'bytes',
    sha256: 'Impressão digital SHA-256',
    time: 'Data e hora certificadas (UTC)',
    tsa: 'Autoridade de carimbo temporal',
    serial: 'Número de série do token',
    check: 'Verificação: openssl ts -verify -data <ficheiro> -in <token.tsr> -token_in -CAfile <raiz.pem>, ou a página pública de verificação.',
  },
  se: {
    title: 'Kvitto på tidsstämpel',
    intro: 'Denna fil har tidsstämplats av tidsstämpelutfärdaren nedan (RFC 3161-token bifogad, .tsr-fil).',
    fileName: 'Fil',
    size: 'Storlek',
    bytes: 'byte',
    sha256: 'SHA-256-kontrollsumma',
    time: 'Bestyrkt datum och klockslag (UTC)',
    tsa: 'Tidsstämpelutfärdare',
    serial: 'Tokenens serienummer',
    check: 'Kontroll: openssl ts -verify -data <fil> -in <token.tsr> -token_in -CAfile <rot.pem>, eller den offentliga verifieringssidan.',
  },
};

/** The one-page receipt of a detached time-stamp, in the user's language: what was stamped, when, by whom. */
export async function timestampReceipt(input: ReceiptInput): Promise<Uint8Array> {
  const t = receiptTexts[input.language];
  const doc = await PDFDocument.create();
  const fonts = await embedTextFonts(doc, { language: input.language, sample: JSON.stringify(input) });
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
    [t.time, input.timestampedAt.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC')],
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
