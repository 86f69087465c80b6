import { afterAll, describe, expect, it } from 'vitest';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { useJourneyEnvironment } from './support/environment.ts';
import { startHubSpotStandIn } from '../../server/test/support/hubspot-standin.ts';

/**
 * The HubSpot journey (docs/connectors.md): the server talks to a local stand-in of HubSpot whose consent page
 * consents at once and sends the browser back. A tenant owner connects HubSpot from Settings → Marketplace (with
 * its confirmation), sees the connection, picks a HubSpot contact as a signer of a new request, then disconnects.
 */
const hub = await startHubSpotStandIn();
const env = useJourneyEnvironment('crm', {
  HUBSPOT_CLIENT_ID: hub.clientId,
  HUBSPOT_CLIENT_SECRET: hub.clientSecret,
  HUBSPOT_API_BASE: hub.url,
  HUBSPOT_AUTHORIZE_URL: hub.authorizeUrl,
});
afterAll(() => hub.close());

describe('HubSpot connector journey', () => {
  const stamp = Date.now();

  it('connects HubSpot, picks a HubSpot contact as a signer, disconnects', async () => {
    const admin = await env.steps.newPage();
    await env.steps.logIn(admin, adminEmail, adminPassword);
    const page = await env.requests.tenantOwner(admin, `owner${stamp}@example.com`, `Crm ${stamp}`);

    await page.goto(`${env.server.url}/#/settings/configuration?tab=marketplace`);
    const panel = page.getByLabel('HubSpot', { exact: true });
    await panel.getByText('Not connected').waitFor();
    await panel.getByRole('button', { name: 'Connect HubSpot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect HubSpot?' });
    await dialog.waitFor();
    await screenshot(page, 'crm-connect-confirm');
    await dialog.getByRole('button', { name: 'Continue to HubSpot' }).click();

    // HubSpot (the stand-in) consents and sends the browser back to the Marketplace tab.
    await page.getByText('HubSpot is connected.').waitFor();
    await panel.getByText('Connected', { exact: true }).waitFor();
    await panel.getByText(`HubSpot portal: standin.hubspot.test (${hub.portalId})`).waitFor();
    await panel.getByText(/Connected by REQUESTER Rita on/).waitFor();
    expect(page.url()).not.toContain('crm=');
    await screenshot(page, 'crm-connected');

    // A new request: the HubSpot picker fills the signer (and keeps the contact's id).
    await page.goto(`${env.server.url}/#/signatures/new`);
    await page.getByRole('button', { name: 'Add a signer' }).click();
    await page.getByRole('textbox', { name: 'From HubSpot' }).fill('Lovelace');
    const option = page.getByRole('option', { name: 'LOVELACE Ada <ada@example.com>' });
    await option.waitFor();
    await screenshot(page, 'crm-signer-picker-open');
    await option.click();
    await expect
      .poll(() =>
        page
          .getByLabel(/^First name/)
          .first()
          .inputValue(),
      )
      .toBe('Ada');
    expect(
      await page
        .getByLabel(/^Last name/)
        .first()
        .inputValue(),
    ).toBe('Lovelace');
    expect(
      await page
        .getByLabel(/^E-mail/)
        .first()
        .inputValue(),
    ).toBe('ada@example.com');
    expect(hub.calls.some((c) => c.path === '/crm/v3/objects/contacts/search')).toBe(true);

    // Disconnect, behind its confirmation: HubSpot's refresh token is revoked.
    await page.goto(`${env.server.url}/#/settings/configuration?tab=marketplace`);
    await panel.getByRole('button', { name: 'Disconnect' }).click();
    const confirm = page.getByRole('dialog', { name: 'Disconnect HubSpot?' });
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('HubSpot is disconnected.').waitFor();
    await panel.getByText('Not connected').waitFor();
    expect(hub.calls.some((c) => c.method === 'DELETE' && c.path.startsWith('/oauth/v1/refresh-tokens/'))).toBe(true);
    await screenshot(page, 'crm-disconnected');
  });
});
