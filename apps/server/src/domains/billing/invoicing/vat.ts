import type { PdfTexts } from '../../../platform/pdf-texts.ts';
import { isEuCountry, type VatRegime } from '@paraphe/contracts';

/**
 * The VAT of an invoice (docs/invoicing.md). The seller is an issuing company established in France (its SIREN,
 * RCS and FR VAT number say so); the buyer is the tenant's billing profile at the time of the invoice. The
 * services sold (electronic signature, remote, to businesses) follow the B2B rule: taxed where the buyer is
 * established (CGI art. 259-1), i.e.
 *  - buyer in France (or Monaco, inside the French VAT territory) → French VAT at 20 %;
 *  - buyer in another EU member state with an intra-community VAT number → no French VAT, the buyer accounts for
 *    it (reverse charge, directive 2006/112/EC art. 196), with the mention and both VAT numbers on the invoice;
 *  - buyer in the EU without a VAT number → French VAT at 20 % (treated as a business that did not give its number;
 *    if it were a consumer, the One-Stop-Shop rule would tax it at its own country's rate: not handled, see the doc);
 *  - buyer outside the EU → no French VAT (CGI art. 259-1).
 */

export const frenchStandardRatePercent = 20;

export interface VatDecision {
  regime: VatRegime;
  ratePercent: number;
  /** The mention the invoice must carry, in each invoice language; null when French VAT applies normally. */
  mention: PdfTexts<string> | null;
}

/** Directive 2006/112/EC art. 226 (11a): "Reverse charge", in the wording each language's tax authority uses. */
export const reverseChargeMention: PdfTexts<string> = {
  fr: 'Autoliquidation – article 196 de la directive 2006/112/CE',
  en: 'Reverse charge – article 196 of Council Directive 2006/112/EC',
  de: 'Steuerschuldnerschaft des Leistungsempfängers – Artikel 196 der Richtlinie 2006/112/EG',
  dk: 'Omvendt betalingspligt – artikel 196 i direktiv 2006/112/EF',
  es: 'Inversión del sujeto pasivo – artículo 196 de la Directiva 2006/112/CE',
  fi: 'Käännetty verovelvollisuus – direktiivin 2006/112/EY 196 artikla',
  gr: 'Αντίστροφη επιβάρυνση – άρθρο 196 της οδηγίας 2006/112/ΕΚ',
  it: 'Inversione contabile – articolo 196 della direttiva 2006/112/CE',
  nl: 'Btw verlegd – artikel 196 van Richtlijn 2006/112/EG',
  no: 'Omvendt avgiftsplikt – artikkel 196 i direktiv 2006/112/EF',
  pt: 'Autoliquidação – artigo 196.º da Diretiva 2006/112/CE',
  se: 'Omvänd betalningsskyldighet – artikel 196 i direktiv 2006/112/EG',
};
/** Services to a customer outside the EU: French VAT does not apply (CGI art. 259-1). */
export const exportMention: PdfTexts<string> = {
  fr: 'TVA non applicable – article 259-1 du CGI',
  en: 'VAT not applicable – article 259-1 of the French General Tax Code (CGI)',
  de: 'Keine französische Umsatzsteuer – Artikel 259-1 des französischen Steuergesetzbuchs (CGI)',
  dk: 'Fransk moms finder ikke anvendelse – artikel 259-1 i den franske skattelov (CGI)',
  es: 'IVA francés no aplicable – artículo 259-1 del Código General de Impuestos francés (CGI)',
  fi: 'Ranskan arvonlisäveroa ei sovelleta – Ranskan yleisen verolain (CGI) 259-1 §',
  gr: 'Δεν εφαρμόζεται γαλλικός ΦΠΑ – άρθρο 259-1 του γαλλικού Γενικού Φορολογικού Κώδικα (CGI)',
  it: 'IVA francese non applicabile – articolo 259-1 del Codice generale delle imposte francese (CGI)',
  nl: 'Franse btw niet van toepassing – artikel 259-1 van het Franse belastingwetboek (CGI)',
  no: 'Fransk merverdiavgift gjelder ikke – artikkel 259-1 i den franske skatteloven (CGI)',
  pt: 'IVA francês não aplicável – artigo 259-1 do Código Geral dos Impostos francês (CGI)',
  se: 'Fransk moms tillämpas inte – artikel 259-1 i den franska skattelagen (CGI)',
};

/** Countries inside the French VAT territory besides France itself (Monaco: the Franco-Monegasque convention). */
const frenchVatTerritory = new Set(['FR', 'MC']);

export function vatFor(seller: { vatNumber: string }, buyer: { country: string; vatNumber: string | null }): VatDecision {
  if (!seller.vatNumber.startsWith('FR')) throw new Error('The issuing company must be established in France (its VAT number starts with FR).');
  if (frenchVatTerritory.has(buyer.country)) return { regime: 'standard', ratePercent: frenchStandardRatePercent, mention: null };
  if (isEuCountry(buyer.country)) {
    if (buyer.vatNumber?.trim()) return { regime: 'reverse_charge', ratePercent: 0, mention: reverseChargeMention };
    return { regime: 'standard', ratePercent: frenchStandardRatePercent, mention: null };
  }
  return { regime: 'export', ratePercent: 0, mention: exportMention };
}

/** VAT on a net amount, rounded half up to the cent (on the invoice total, not per line). */
export const vatCentsOf = (netCents: number, ratePercent: number) => Math.floor((netCents * Math.round(ratePercent * 100) + 5000) / 10000);

/** A refund including VAT split back into net and VAT at the invoice's rate (the VAT is what is left). */
export function splitGross(totalCents: number, ratePercent: number): { netCents: number; vatCents: number } {
  const netCents = Math.round((totalCents * 10000) / (10000 + Math.round(ratePercent * 100)));
  return { netCents, vatCents: totalCents - netCents };
}
