import { describe, expect, it } from 'vitest';
import { issuerProblems, type IssuerFields } from './issuer.ts';

const seeded: IssuerFields = {
  name: '[ISSUER_NAME] Paraphe',
  legalForm: 'SAS',
  shareCapital: '[ISSUER_SHARE_CAPITAL] 1 000 €',
  address: '[ISSUER_ADDRESS] 1 rue de l’Exemple',
  postalCode: '75001',
  city: 'Paris',
  siren: '000000000',
  rcsCity: 'Paris',
  vatNumber: 'FR00000000000',
  iban: null,
  bic: null,
};
const filled: IssuerFields = {
  ...seeded,
  name: 'Paraphe SAS',
  shareCapital: '10 000 €',
  address: '12 rue de Rivoli',
  siren: '443061841',
  vatNumber: 'FR64443061841',
  iban: 'FR7630006000011234567890189',
  bic: 'BNPAFRPP',
};

describe('issuerProblems', () => {
  it('names every placeholder of the seeded company: name, capital, address, SIREN 000000000, VAT number', () => {
    expect(issuerProblems(seeded).map((p) => p.field)).toEqual(['name', 'shareCapital', 'address', 'siren', 'vatNumber']);
  });
  it('accepts a filled company', () => {
    expect(issuerProblems(filled)).toEqual([]);
  });
  it('refuses a SIREN with a wrong key, a VAT number of another SIREN, a bad IBAN', () => {
    const problems = issuerProblems({ ...filled, siren: '443061842', vatNumber: 'FR32123456789', iban: 'FR7630006000011234567890188' });
    expect(problems.map((p) => p.field)).toEqual(['siren', 'vatNumber', 'iban']);
    expect(problems[0]!.message).toMatch(/not valid/);
  });
  it('refuses the zero VAT number even with its computed key', () => {
    expect(issuerProblems({ ...filled, siren: '443061841', vatNumber: 'FR12000000000' }).map((p) => p.field)).toEqual(['vatNumber']);
  });
});
