/**
 * Checks of the billing profile's identifiers (spec §3 Billing profile), shared by the server (the rule) and the
 * web form (the same check before sending). Each check answers null when the value is right, otherwise a problem:
 * a code and its parameters, which the web translates (billing locales `problems.<code>`) and the API words in
 * English (`describeProblem`) as the field error's message. The bank account's checks (IBAN, BIC) are in
 * bank-identifiers.ts: they need ibantools, which the first screens (whose schemas use the company checks) do without.
 */

export const identifierProblemMessages = {
  siren_digits: 'a SIREN or SIRET has digits only',
  siren_length: 'a SIREN has 9 digits and a SIRET 14',
  siren_key: 'this {number} number is not valid (wrong check digit)',
  registration_format: 'use 2 to 30 letters and digits',
  vat_format_free: 'use 4 to 16 letters and digits',
  vat_no_prefix: 'an intra-community VAT number starts with its country code ({prefix} for this country)',
  vat_wrong_prefix: 'a VAT number of this country starts with {prefix}, not {given}',
  vat_format: 'this is not the format of a {prefix} VAT number',
  vat_key: 'the key (two characters after FR) does not match the SIREN',
  vat_siren_key: 'the SIREN in this VAT number is not valid (wrong check digit)',
  vat_siren_mismatch: 'the SIREN in this VAT number is not the company registration number',
  iban_country: 'an IBAN starts with a known country code (e.g. FR76…)',
  iban_length: 'this IBAN has the wrong length for {country}',
  iban_checksum: 'this IBAN has a typing mistake (its check digits do not match)',
  iban_invalid: 'this IBAN is not valid',
  iban_not_sepa: 'SEPA direct debit needs an account in the SEPA area',
  iban_required: 'SEPA direct debit needs the IBAN of the account to debit',
  bic_format: 'a BIC has 8 or 11 characters: 4 letters (bank), 2 letters (country), 2 letters or digits, then optionally 3',
  bic_country: 'this BIC is of a bank in {bicCountry}, the IBAN of an account in {ibanCountry}',
} as const;
export type IdentifierProblemCode = keyof typeof identifierProblemMessages;
export interface IdentifierProblem {
  code: IdentifierProblemCode;
  params?: Record<string, string>;
}
export const problem = (code: IdentifierProblemCode, params?: Record<string, string>): IdentifierProblem => (params ? { code, params } : { code });
/** The English sentence of a problem (the API's field error message). */
export const describeProblem = (p: IdentifierProblem) => identifierProblemMessages[p.code].replace(/\{(\w+)\}/g, (_, k: string) => p.params?.[k] ?? '');

/** The 27 member states by ISO 3166-1 alpha-2 code, with the prefix of their VAT numbers (Greece uses EL). */
export const euVatPrefixes = {
  AT: 'AT',
  BE: 'BE',
  BG: 'BG',
  CY: 'CY',
  CZ: 'CZ',
  DE: 'DE',
  DK: 'DK',
  EE: 'EE',
  ES: 'ES',
  FI: 'FI',
  FR: 'FR',
  GR: 'EL',
  HR: 'HR',
  HU: 'HU',
  IE: 'IE',
  IT: 'IT',
  LT: 'LT',
  LU: 'LU',
  LV: 'LV',
  MT: 'MT',
  NL: 'NL',
  PL: 'PL',
  PT: 'PT',
  RO: 'RO',
  SE: 'SE',
  SI: 'SI',
  SK: 'SK',
} as const;
export type EuCountry = keyof typeof euVatPrefixes;
export const isEuCountry = (country: string): country is EuCountry => Object.hasOwn(euVatPrefixes, country);

/**
 * The countries a billing profile may be in: the EU, then the other countries of the SEPA area and North America
 * (customers elsewhere are invoiced by hand for now).
 */
export const billingCountries = [...(Object.keys(euVatPrefixes) as EuCountry[]), 'CH', 'GB', 'IS', 'LI', 'MC', 'NO', 'SM', 'CA', 'US'] as const;
export type BillingCountry = (typeof billingCountries)[number];

/**
 * The national part of each member state's VAT number (after the prefix), as the Commission's VIES documents
 * them. Only the shape is checked here, plus the French key below: whether the number exists is VIES' business.
 */
const euVatPatterns: Record<EuCountry, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  GR: /^\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** Identifiers are typed with spaces, dots and dashes: they are stored without them, upper-case. */
export const compactIdentifier = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

/** The Luhn checksum (SIREN, SIRET): doubling every second digit from the right, the sum is a multiple of 10. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** La Poste's SIREN: its thousands of establishments outgrew the Luhn key, so INSEE checks their SIRET differently. */
const laPosteSiren = '356000000';

/**
 * A French company registration number: a SIREN (9 digits) or a SIRET (14 digits, SIREN + establishment), both
 * with a Luhn key; La Poste's SIRETs instead have a digit sum that is a multiple of 5 (INSEE's exception).
 */
export function frenchRegistrationProblem(value: string): IdentifierProblem | null {
  const digits = compactIdentifier(value);
  if (!/^\d+$/.test(digits)) return problem('siren_digits');
  if (digits.length !== 9 && digits.length !== 14) return problem('siren_length');
  if (digits.length === 14 && digits.startsWith(laPosteSiren)) {
    const sum = [...digits].reduce((s, d) => s + Number(d), 0);
    return sum % 5 === 0 ? null : problem('siren_key', { number: 'SIRET' });
  }
  if (!luhnValid(digits)) return problem('siren_key', { number: digits.length === 9 ? 'SIREN' : 'SIRET' });
  return null;
}

/** The company registration number: the French rules for France, a plausible identifier elsewhere. */
export function registrationNumberProblem(value: string, country: string): IdentifierProblem | null {
  if (country === 'FR') return frenchRegistrationProblem(value);
  return /^[A-Z0-9]{2,30}$/.test(compactIdentifier(value)) ? null : problem('registration_format');
}

/** The French VAT key: (12 + 3 × (SIREN mod 97)) mod 97, two digits (numeric keys only; older letter keys are not computed). */
const frenchVatKey = (siren: string) => String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');

/**
 * An intra-community VAT number for a profile in `country`: the country's prefix first, then the national shape;
 * for France the key must match the SIREN, and the SIREN must be the registration number's when one is given.
 * Outside the EU the number is optional and only its characters are checked.
 */
export function vatNumberProblem(value: string, country: string, registrationNumber?: string | null): IdentifierProblem | null {
  const vat = compactIdentifier(value);
  if (!isEuCountry(country)) return /^[A-Z0-9]{4,16}$/.test(vat) ? null : problem('vat_format_free');
  const prefix = euVatPrefixes[country];
  if (!/^[A-Z]{2}/.test(vat)) return problem('vat_no_prefix', { prefix });
  if (!vat.startsWith(prefix)) return problem('vat_wrong_prefix', { prefix, given: vat.slice(0, 2) });
  const national = vat.slice(2);
  if (!euVatPatterns[country].test(national)) return problem('vat_format', { prefix });
  if (country === 'FR') {
    const siren = national.slice(2);
    if (/^\d{2}$/.test(national.slice(0, 2)) && national.slice(0, 2) !== frenchVatKey(siren)) return problem('vat_key');
    if (!luhnValid(siren)) return problem('vat_siren_key');
    const registration = registrationNumber ? compactIdentifier(registrationNumber) : '';
    if (/^\d{9}(\d{5})?$/.test(registration) && registration.slice(0, 9) !== siren) return problem('vat_siren_mismatch');
  }
  return null;
}
