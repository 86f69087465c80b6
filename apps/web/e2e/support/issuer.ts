import type { Page } from 'playwright-core';

/**
 * The product administrator fills the seeded issuing company (Applications → Billing → Issuing companies): no
 * invoice is issued while it carries the installation's placeholders (docs/invoicing.md).
 */
export async function fillIssuer(admin: Page, baseUrl: string): Promise<void> {
  await admin.goto(`${baseUrl}/#/applications/billing`);
  await admin.getByRole('tab', { name: 'Issuing companies' }).click();
  await admin
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  const dialog = admin.getByRole('dialog');
  const fields: [string, string][] = [
    ['Company name', 'Paraphe Services'],
    ['Share capital', '10 000 €'],
    ['SIREN', '443061841'],
    ['VAT number', 'FR64443061841'],
    ['Address', '12 rue de Rivoli'],
    ['IBAN', 'FR76 3000 6000 0112 3456 7890 189'],
    ['BIC', 'BNPAFRPP'],
  ];
  for (const [name, value] of fields) await dialog.getByRole('textbox', { name, exact: true }).fill(value);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await admin.getByText('Issuing company saved.').waitFor();
  await admin.getByText('Ready to invoice').waitFor();
}
