import { bicProblem, ibanProblem } from './bank-identifiers.ts';
import { describeProblem, frenchRegistrationProblem, vatNumberProblem } from './identifiers.ts';

/**
 * Whether an issuing company may appear on an invoice (docs/invoicing.md): the first start seeds it from ISSUER_*
 * with visible placeholders (`[ISSUER_NAME] …`, SIREN 000000000), and no invoice may ever carry them. Shared by the
 * server (issuing refuses an incomplete company) and the web (the Issuing companies tab says what is missing).
 */

export interface IssuerFields {
  name: string;
  legalForm: string;
  shareCapital: string;
  address: string;
  postalCode: string;
  city: string;
  siren: string;
  rcsCity: string;
  vatNumber: string;
  iban: string | null;
  bic: string | null;
}
export type IssuerField = keyof IssuerFields;
export interface IssuerProblem {
  field: IssuerField;
  message: string;
}

const textFields: Exclude<IssuerField, 'iban' | 'bic'>[] = ['name', 'legalForm', 'shareCapital', 'address', 'postalCode', 'city', 'rcsCity'];
/** The seed's placeholders are bracketed (`[ISSUER_ADDRESS] 1 rue de l’Exemple`): a bracket means "not filled". */
const isPlaceholder = (value: string) => /\[[A-Z_]+\]/.test(value);

/** What keeps the company off an invoice, field by field; empty when it can issue. */
export function issuerProblems(company: IssuerFields): IssuerProblem[] {
  const problems: IssuerProblem[] = [];
  for (const field of textFields) {
    if (!company[field].trim() || isPlaceholder(company[field]))
      problems.push({ field, message: 'still the placeholder set at installation: enter the real value' });
  }
  const siren = company.siren.trim();
  const sirenProblem = /^0+$/.test(siren)
    ? 'still the placeholder 000000000: enter the company’s SIREN'
    : siren.length !== 9
      ? 'a SIREN has 9 digits'
      : frenchRegistrationProblem(siren);
  if (sirenProblem) problems.push({ field: 'siren', message: typeof sirenProblem === 'string' ? sirenProblem : describeProblem(sirenProblem) });
  const vat = vatNumberProblem(company.vatNumber, 'FR', sirenProblem ? null : siren);
  if (vat || /^FR\d{2}0{9}$/.test(company.vatNumber))
    problems.push({ field: 'vatNumber', message: vat ? describeProblem(vat) : 'still the placeholder: enter the company’s VAT number' });
  const iban = company.iban ? ibanProblem(company.iban) : null;
  if (iban) problems.push({ field: 'iban', message: describeProblem(iban) });
  const bic = company.bic ? bicProblem(company.bic, company.iban) : null;
  if (bic) problems.push({ field: 'bic', message: describeProblem(bic) });
  return problems;
}
