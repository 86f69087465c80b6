import type { TestClient } from './harness.ts';

/** A complete billing profile (France, SEPA) as the settings form sends it. */
export const validProfile = {
  billingEmail: 'billing@example.com',
  companyName: 'ACME SAS',
  registrationNumber: '443 061 841 00047',
  department: 'Finance',
  vatNumber: 'FR64443061841',
  address: '1 rue de la Paix',
  postalCode: '75002',
  city: 'Paris',
  country: 'FR',
  paymentMethod: 'sepa',
  iban: 'FR76 3000 6000 0112 3456 7890 189',
  bic: 'BNPAFRPP',
};

/** A filled issuing company (the seller): what the product administrator enters over the first start's placeholders. */
export const validIssuer = {
  name: 'Paraphe Services',
  legalForm: 'SAS',
  shareCapital: '10 000 €',
  address: '12 rue de Rivoli',
  postalCode: '75004',
  city: 'Paris',
  siren: '443061841',
  rcsCity: 'Paris',
  vatNumber: 'FR64443061841',
  iban: 'FR7630006000011234567890189',
  bic: 'BNPAFRPP',
  invoicePrefix: 'F',
  latePenaltyText: 'Pénalités de retard : trois fois le taux d’intérêt légal.',
  paymentTermsDays: 30,
};

/** Fills the seeded default issuing company (invoices are refused while it carries placeholders). */
export async function fillDefaultIssuer(admin: TestClient) {
  const companies = (await admin.call('GET', '/api/billing/issuing-companies', 'application')).json().data as { id: string; isDefault: boolean }[];
  const seeded = companies.find((c) => c.isDefault)!;
  const saved = await admin.call('PUT', `/api/billing/issuing-companies/${seeded.id}`, 'application', validIssuer);
  if (saved.statusCode !== 200) throw new Error(`filling the issuer: ${saved.body}`);
}
