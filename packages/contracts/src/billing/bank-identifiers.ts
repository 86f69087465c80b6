import { extractIBAN, isSEPACountry, isValidBIC, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import { compactIdentifier, problem, type IdentifierProblem } from './identifiers.ts';

/*
 * The bank account's checks (SEPA direct debit: the billing profile, the SEPA mandates), apart from identifiers.ts so
 * that only the screens that take an IBAN load ibantools (19 kB): the login route's schemas use the company checks.
 */

/** An IBAN for SEPA direct debit: well formed, right length and checksum for its country, in the SEPA area. */
export function ibanProblem(value: string): IdentifierProblem | null {
  const iban = compactIdentifier(value);
  const result = validateIBAN(iban);
  if (!result.valid) {
    const codes = new Set(result.errorCodes);
    if (codes.has(ValidationErrorsIBAN.NoIBANCountry)) return problem('iban_country');
    if (codes.has(ValidationErrorsIBAN.WrongBBANLength)) return problem('iban_length', { country: iban.slice(0, 2) });
    if (
      codes.has(ValidationErrorsIBAN.WrongIBANChecksum) ||
      codes.has(ValidationErrorsIBAN.ChecksumNotNumber) ||
      codes.has(ValidationErrorsIBAN.WrongAccountBankBranchChecksum)
    )
      return problem('iban_checksum');
    return problem('iban_invalid');
  }
  if (!isSEPACountry(iban.slice(0, 2))) return problem('iban_not_sepa');
  return null;
}

/** A BIC (8 or 11 characters); when the IBAN is known, the bank must be in the IBAN's country. */
export function bicProblem(value: string, iban?: string | null): IdentifierProblem | null {
  const bic = compactIdentifier(value);
  if (!isValidBIC(bic)) return problem('bic_format');
  const ibanCountry = iban ? extractIBAN(compactIdentifier(iban)).countryCode : undefined;
  // Monaco, San Marino and the French overseas banks use French or Italian BICs: compare only when both are plain.
  if (ibanCountry && ibanCountry !== bic.slice(4, 6) && !['MC', 'SM'].includes(ibanCountry))
    return problem('bic_country', { bicCountry: bic.slice(4, 6), ibanCountry });
  return null;
}
