import { describe, expect, it } from 'vitest';
import * as bankChecks from './bank-identifiers.ts';
import * as companyChecks from './identifiers.ts';

const checks = { ...companyChecks, ...bankChecks };
import { describeProblem, luhnValid, type IdentifierProblem } from './identifiers.ts';
import { billingProfileInputSchema } from './schemas.ts';

/** The checks, answering their English sentence (what the API says) or null. */
const said =
  <A extends unknown[]>(check: (...args: A) => IdentifierProblem | null) =>
  (...args: A) => {
    const p = check(...args);
    return p && describeProblem(p);
  };
const frenchRegistrationProblem = said(checks.frenchRegistrationProblem);
const registrationNumberProblem = said(checks.registrationNumberProblem);
const vatNumberProblem = said(checks.vatNumberProblem);
const ibanProblem = said(checks.ibanProblem);
const bicProblem = said(checks.bicProblem);

describe('SIREN and SIRET (France)', () => {
  it('accepts a SIREN or a SIRET with a right Luhn key, typed with spaces or dots', () => {
    expect(luhnValid('443061841')).toBe(true);
    expect(frenchRegistrationProblem('443 061 841')).toBeNull();
    expect(frenchRegistrationProblem('443.061.841.00047')).toBeNull();
  });
  it('says what is wrong: letters, length, check digit', () => {
    expect(frenchRegistrationProblem('44306184A')).toBe('a SIREN or SIRET has digits only');
    expect(frenchRegistrationProblem('4430618')).toBe('a SIREN has 9 digits and a SIRET 14');
    expect(frenchRegistrationProblem('443061842')).toBe('this SIREN number is not valid (wrong check digit)');
    expect(frenchRegistrationProblem('44306184100048')).toBe('this SIRET number is not valid (wrong check digit)');
  });
  it("checks La Poste's SIRETs by their digit sum (INSEE's exception), not by Luhn", () => {
    expect(frenchRegistrationProblem('356000000')).toBeNull();
    expect(frenchRegistrationProblem('35600000009075')).toBeNull();
    expect(frenchRegistrationProblem('35600000000048')).toMatch(/not valid/);
  });
  it('only checks the characters of other countries', () => {
    expect(registrationNumberProblem('HRB 12345', 'DE')).toBeNull();
    expect(registrationNumberProblem('12 / 45', 'DE')).toBe('use 2 to 30 letters and digits');
  });
});

describe('intra-community VAT number', () => {
  it('accepts the national shapes with their prefix (EL for Greece)', () => {
    expect(vatNumberProblem('FR 64 443061841', 'FR')).toBeNull();
    expect(vatNumberProblem('DE123456789', 'DE')).toBeNull();
    expect(vatNumberProblem('EL123456789', 'GR')).toBeNull();
    expect(vatNumberProblem('NL123456789B01', 'NL')).toBeNull();
    expect(vatNumberProblem('ATU12345678', 'AT')).toBeNull();
  });
  it("refuses another country's prefix, a missing prefix and a wrong shape", () => {
    expect(vatNumberProblem('DE123456789', 'FR')).toBe('a VAT number of this country starts with FR, not DE');
    expect(vatNumberProblem('GR123456789', 'GR')).toBe('a VAT number of this country starts with EL, not GR');
    expect(vatNumberProblem('123456789', 'DE')).toBe('an intra-community VAT number starts with its country code (DE for this country)');
    expect(vatNumberProblem('DE12345678', 'DE')).toBe('this is not the format of a DE VAT number');
  });
  it('checks the French key, the SIREN inside, and that it is the registration number', () => {
    expect(vatNumberProblem('FR65443061841', 'FR')).toBe('the key (two characters after FR) does not match the SIREN');
    expect(vatNumberProblem('FR44732829320', 'FR', '443061841')).toBe('the SIREN in this VAT number is not the company registration number');
    expect(vatNumberProblem('FR64443061841', 'FR', '44306184100047')).toBeNull();
  });
  it('only checks the characters outside the EU', () => {
    expect(vatNumberProblem('CHE123456789', 'CH')).toBeNull();
    expect(vatNumberProblem('X', 'CH')).toBe('use 4 to 16 letters and digits');
  });
});

describe('IBAN and BIC', () => {
  it('accepts a SEPA IBAN, refuses a typo, a wrong length, an unknown country, a non-SEPA account', () => {
    expect(ibanProblem('FR76 3000 6000 0112 3456 7890 189')).toBeNull();
    expect(ibanProblem('DE89370400440532013000')).toBeNull();
    expect(ibanProblem('FR7630006000011234567890188')).toMatch(/typing mistake/);
    expect(ibanProblem('FR763000600001123456789018')).toBe('this IBAN has the wrong length for FR');
    expect(ibanProblem('ZZ7630006000011234567890189')).toMatch(/known country code/);
    expect(ibanProblem('BR1800360305000010009795493C1')).toBe('SEPA direct debit needs an account in the SEPA area');
  });
  it("checks a BIC's shape and that its bank is in the IBAN's country", () => {
    expect(bicProblem('BNPAFRPP', 'FR7630006000011234567890189')).toBeNull();
    expect(bicProblem('BNPAFRPPXXX')).toBeNull();
    expect(bicProblem('BNP')).toMatch(/8 or 11 characters/);
    expect(bicProblem('DEUTDEFF', 'FR7630006000011234567890189')).toBe('this BIC is of a bank in DE, the IBAN of an account in FR');
  });
});

describe('billing profile input', () => {
  const valid = {
    billingEmail: 'Billing@Example.com',
    companyName: 'ACME',
    registrationNumber: '443 061 841',
    vatNumber: 'fr 64 443061841',
    address: '1 rue de la Paix',
    postalCode: '75002',
    city: 'Paris',
    country: 'FR',
    paymentMethod: 'sepa',
    iban: 'fr76 3000 6000 0112 3456 7890 189',
    bic: '',
  };
  it('normalises the identifiers', () => {
    expect(billingProfileInputSchema.parse(valid)).toMatchObject({
      billingEmail: 'billing@example.com',
      registrationNumber: '443061841',
      vatNumber: 'FR64443061841',
      iban: 'FR7630006000011234567890189',
      bic: null,
      department: null,
    });
  });
  it('gives one field error per wrong identifier, with its reason', () => {
    const result = billingProfileInputSchema.safeParse({
      ...valid,
      registrationNumber: '443061842',
      vatNumber: 'DE123456789',
      iban: 'FR7630006000011234567890188',
    });
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['registrationNumber', 'this SIREN number is not valid (wrong check digit)'],
      ['vatNumber', 'a VAT number of this country starts with FR, not DE'],
      ['iban', 'this IBAN has a typing mistake (its check digits do not match)'],
    ]);
  });
  it('needs an IBAN for SEPA, none for a card (an IBAN sent with a card is not kept)', () => {
    expect(billingProfileInputSchema.safeParse({ ...valid, iban: null }).error!.issues[0]).toMatchObject({
      path: ['iban'],
      message: 'SEPA direct debit needs the IBAN of the account to debit',
    });
    expect(billingProfileInputSchema.parse({ ...valid, paymentMethod: 'card' })).toMatchObject({ iban: null, bic: null });
  });
});
