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
