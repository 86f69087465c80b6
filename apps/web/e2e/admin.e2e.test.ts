import { describe, expect, it, onTestFailed } from 'vitest';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { useJourneyEnvironment } from './support/environment.ts';
import { fillIssuer } from './support/issuer.ts';

/**
 * Issue 25, the administrator's items: the invoice issuer filled in Applications → Billing (18); the director gives
 * the Accountant profile (19); the director takes the account live from Settings → Billing, warned first about an
 * http:// webhook that would stop (20). The disputed flag (21) is in the billing journey, on its invoice.
 */
const env = useJourneyEnvironment('admin');

describe('issue 25 administrator journeys', () => {
  const stamp = Date.now();
  const owner = `owner.${stamp}@example.com`;
  const company = `Golive ${stamp}`;

  it('fills the issuer, gives the Accountant profile, and goes live after the http:// webhook warning', async () => {
    const { server, steps, requests } = env;
    onTestFailed(() => console.log(server.logs().slice(-40).join('\n')));
    const admin = await steps.newPage();
    await steps.logIn(admin, adminEmail, adminPassword);

    // 18: the seeded issuer still has its placeholders: the page says no invoice can be issued, and where to fix it.
    await admin.goto(`${server.url}/#/applications/billing`);
    await admin.getByText('Invoices cannot be issued yet').waitFor();
    await screenshot(admin, 'i25-admin-1-issuer-placeholders');
    await admin.getByRole('tab', { name: 'Issuing companies' }).click();
    await admin.getByText('To complete').waitFor();
    await admin
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    // A wrong SIREN is named under its field before anything is sent.
    await admin.getByRole('dialog').getByRole('textbox', { name: 'SIREN', exact: true }).fill('443061842');
    await admin.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Enter a valid SIREN: 9 digits with a correct check digit.').waitFor();
    await screenshot(admin, 'i25-admin-2-issuer-form');
    await admin.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await fillIssuer(admin, server.url);
    expect(await admin.getByText('Invoices cannot be issued yet').count()).toBe(0);
    await screenshot(admin, 'i25-admin-3-issuer-ready');

    // 19: the director of a new (test-mode) tenant picks Accountant like any profile.
    const page = await requests.tenantOwner(admin, owner, company);
    await requests.enableFeatures(admin, company, ['API']);
    await page.goto(`${server.url}/#/users/new`);
    await page.getByLabel(/^First name/).fill('Anna');
    await page.getByLabel(/^Last name/).fill('Accountant');
    await page.getByLabel(/^Email/).fill(`accountant.${stamp}@example.com`);
    await page.getByRole('combobox', { name: 'Profile' }).click();
    const accountant = page.getByRole('option', { name: 'Accountant' });
    expect(await accountant.getAttribute('data-combobox-disabled')).toBeNull();
    await screenshot(page, 'i25-admin-4-profile-list');
    await accountant.click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/#\/users\/list/);
    await page
      .getByRole('row', { name: /ACCOUNTANT Anna/ })
      .getByText('Accountant', { exact: true })
      .waitFor();

    // 20: an http:// webhook (allowed in test mode), a complete billing profile, then the switch.
    await page.goto(`${server.url}/#/settings/configuration?tab=webhooks`);
    await page.reload(); // the session's features are read again (the API was turned on after the login)
    await page.getByRole('button', { name: 'Add an endpoint' }).click();
    await page.getByRole('textbox', { name: 'URL' }).fill('http://hooks.example.com/paraphe');
    await page.getByRole('checkbox', { name: 'Signature request sent', exact: true }).check();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByText('http://hooks.example.com/paraphe').first().waitFor();

    await page.goto(`${server.url}/#/settings/configuration?tab=billing`);
    await page.getByText('Complete the billing profile above (and its payment method) first.').waitFor();
    expect(await page.getByRole('button', { name: 'Go live' }).isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Company name' }).fill(company);
    await page.getByRole('textbox', { name: 'Billing e-mail' }).fill(`billing.${stamp}@example.com`);
    await page.getByRole('textbox', { name: 'SIREN or SIRET' }).fill('44306184100047');
    await page.getByRole('textbox', { name: 'Head office address' }).fill('1 rue de la Paix');
    await page.getByRole('textbox', { name: 'Postal code' }).fill('75002');
    await page.getByRole('textbox', { name: 'City' }).fill('Paris');
    await page.getByRole('textbox', { name: 'IBAN' }).fill('FR76 3000 6000 0112 3456 7890 189');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('Billing profile saved.').waitFor();
    await page.getByRole('button', { name: 'Go live' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('1 webhook will stop').waitFor();
    await dialog.getByText('http://hooks.example.com/paraphe').waitFor();
    await screenshot(page, 'i25-admin-5-go-live-confirmation');
    await dialog.getByRole('button', { name: 'Go live anyway' }).click();
    await page.getByText('Your account is now in live mode.').waitFor();
    await page.getByText('Your account is in live mode: signatures have legal value and are billed.').waitFor();
    // The test-mode banner is gone with the session's refresh.
    await expect.poll(() => page.getByText('Test mode: signatures have no legal value.').count()).toBe(0);
    await screenshot(page, 'i25-admin-6-live');
  });
});
