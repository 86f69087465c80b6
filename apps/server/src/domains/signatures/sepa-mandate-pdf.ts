import { createHash } from 'node:crypto';
import { languageTag, type SignatureField } from '@paraphe/contracts';
import { fill, pdfLanguageOf } from '../../platform/pdf-texts.ts';
import { textPdfWriter } from '../../platform/pdf-text.ts';
import { sepaMandateWording } from '../../platform/sepa-wording.ts';

/** What the pre-processing mandate prints (docs/signatures.md "SEPA pre-processing"). */
export interface MandateTerms {
  rum: string;
  ics: string;
  type: 'recurrent' | 'oneOff';
  creditor: { name: string; address: string };
  debtor: { name: string; address: string; iban: string; bic?: string | null };
  place: string;
  date: Date;
}

const groupedIban = (iban: string) => iban.replace(/(.{4})/g, '$1 ').trim();

/** The mandate as an A4 PDF in `language` (the 12 languages; English for an unknown code), with the debtor's signature field (signerIndex `signerIndex`). */
export async function renderMandatePdf(
  terms: MandateTerms,
  language: string,
  signerIndex: number,
): Promise<{ data: Uint8Array; sha256: string; pageCount: number; field: SignatureField }> {
  const w = sepaMandateWording[pdfLanguageOf(language)];
  const doc = await textPdfWriter({ language: pdfLanguageOf(language), sample: JSON.stringify(terms) });
  doc.paragraph(w.title, 16, true);
  doc.paragraph(`${w.reference}: ${terms.rum}`, 11, true);
  doc.paragraph(`${w.creditor}: ${terms.creditor.name}, ${terms.creditor.address}`);
  doc.paragraph(`${w.creditorId}: ${terms.ics}`);
  doc.paragraph(`${w.debtor}: ${terms.debtor.name}, ${terms.debtor.address}`);
  doc.paragraph(`IBAN: ${groupedIban(terms.debtor.iban)}${terms.debtor.bic ? ` — BIC: ${terms.debtor.bic}` : ''}`);
  doc.paragraph(`${w.type}: ${terms.type === 'recurrent' ? w.recurrent : w.oneOff}`);
  doc.paragraph(fill(w.authorisation, { creditor: terms.creditor.name }));
  doc.paragraph(w.refund);
  const day = new Intl.DateTimeFormat(languageTag(pdfLanguageOf(language)), { dateStyle: 'long', timeZone: 'UTC' }).format(terms.date);
  doc.paragraph(`${w.placeDate}: ${terms.place}, ${day}`);
  doc.paragraph(w.signature, 10, true);
  const box = doc.box(70);
  const data = await doc.save();
  return {
    data,
    sha256: createHash('sha256').update(data).digest('hex'),
    pageCount: doc.pdf.getPageCount(),
    field: { name: 'signer', signerIndex, page: box.page, x: box.x, y: box.y, width: box.width, height: box.height },
  };
}
