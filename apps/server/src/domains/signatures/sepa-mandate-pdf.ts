import { createHash } from 'node:crypto';
import type { SignatureField } from '@paraphe/contracts';
import { textPdfWriter } from '../../platform/pdf-text.ts';

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

interface Wording {
  title: string;
  reference: string;
  creditor: string;
  creditorId: string;
  debtor: string;
  type: string;
  recurrent: string;
  oneOff: string;
  authorisation: (creditor: string) => string;
  refund: string;
  placeDate: string;
  signature: string;
}

/** The SEPA Core legal wording (EPC rulebook texts) in French and English; other languages use English. */
const wordings: Record<'fr' | 'en', Wording> = {
  fr: {
    title: 'Mandat de prélèvement SEPA Core',
    reference: 'Référence unique du mandat (RUM)',
    creditor: 'Créancier',
    creditorId: 'Identifiant créancier SEPA (ICS)',
    debtor: 'Débiteur',
    type: 'Type de paiement',
    recurrent: 'Paiement récurrent',
    oneOff: 'Paiement ponctuel',
    authorisation: (c) =>
      `En signant ce formulaire de mandat, vous autorisez ${c} à envoyer des instructions à votre banque pour débiter votre compte, et votre banque à débiter votre compte conformément aux instructions de ${c}.`,
    refund:
      "Vous bénéficiez du droit d'être remboursé par votre banque selon les conditions décrites dans la convention que vous avez passée avec elle. Une demande de remboursement doit être présentée dans les 8 semaines suivant la date de débit de votre compte pour un prélèvement autorisé.",
    placeDate: 'Fait à',
    signature: 'Signature du débiteur',
  },
  en: {
    title: 'SEPA Core Direct Debit Mandate',
    reference: 'Unique mandate reference (RUM)',
    creditor: 'Creditor',
    creditorId: 'SEPA creditor identifier (ICS)',
    debtor: 'Debtor',
    type: 'Type of payment',
    recurrent: 'Recurrent payment',
    oneOff: 'One-off payment',
    authorisation: (c) =>
      `By signing this mandate form, you authorise ${c} to send instructions to your bank to debit your account and your bank to debit your account in accordance with the instructions from ${c}.`,
    refund:
      'As part of your rights, you are entitled to a refund from your bank under the terms and conditions of your agreement with your bank. A refund must be claimed within 8 weeks starting from the date on which your account was debited.',
    placeDate: 'Place and date',
    signature: 'Signature of the debtor',
  },
};
export const mandateWording = (language: string): Wording => wordings[language === 'fr' ? 'fr' : 'en'];

const groupedIban = (iban: string) => iban.replace(/(.{4})/g, '$1 ').trim();

/** The mandate as an A4 PDF in `language`, with the debtor's signature field (signerIndex `signerIndex`). */
export async function renderMandatePdf(terms: MandateTerms, language: string, signerIndex: number): Promise<{ data: Uint8Array; sha256: string; pageCount: number; field: SignatureField }> {
  const w = mandateWording(language);
  const doc = await textPdfWriter();
  doc.paragraph(w.title, 16, true);
  doc.paragraph(`${w.reference}: ${terms.rum}`, 11, true);
  doc.paragraph(`${w.creditor}: ${terms.creditor.name}, ${terms.creditor.address}`);
  doc.paragraph(`${w.creditorId}: ${terms.ics}`);
  doc.paragraph(`${w.debtor}: ${terms.debtor.name}, ${terms.debtor.address}`);
  doc.paragraph(`IBAN: ${groupedIban(terms.debtor.iban)}${terms.debtor.bic ? ` - BIC: ${terms.debtor.bic}` : ''}`);
  doc.paragraph(`${w.type}: ${terms.type === 'recurrent' ? w.recurrent : w.oneOff}`);
  doc.paragraph(w.authorisation(terms.creditor.name));
  doc.paragraph(w.refund);
  const day = new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(terms.date);
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
