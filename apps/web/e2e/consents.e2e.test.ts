import { describe, expect, it } from 'vitest';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { useJourneyEnvironment } from './support/environment.ts';

/**
 * Terms of service and consents (docs/gdpr.md): the sign-up page shows the current versions, the administrator
 * publishes a new terms version, and a user is stopped by a dialog until they accept it.
 */
const env = useJourneyEnvironment('consents');

describe('terms and consents journeys', () => {
  it('shows the terms and the three consents at sign-up', async () => {
    const page = await env.steps.newPage();
    await page.goto(`${env.server.url}/#/signup`);
    await page.getByLabel(/I accept the terms of service/).waitFor();
    await page.getByText('Sharing with commercial partners').waitFor();
    await screenshot(page, 'consents-signup');
    await page.getByRole('button', { name: /Read the terms \(version 1\)/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Template to be reviewed by legal counsel').waitFor();
    await screenshot(page, 'consents-signup-terms');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('publishes a new terms version that users must accept at their next visit', async () => {
    const admin = await env.steps.newPage();
    await env.steps.logIn(admin, adminEmail, adminPassword, '/applications/legal-texts');
    await admin.goto(`${env.server.url}/#/applications/legal-texts`);
    await admin.getByRole('heading', { name: 'Terms and consents', level: 2 }).waitFor();
    await admin.getByLabel('Title (English)').fill('Terms of service 2027');
    await admin.getByLabel('Text (English)').fill('1. Purpose\nThese terms replace the previous version.');
    await admin.getByLabel('Title (French)').fill("Conditions générales d'utilisation 2027");
    await admin.getByLabel('Text (French)').fill('1. Objet\nCes conditions remplacent la version précédente.');
    await admin.getByRole('button', { name: 'Publish' }).click();
    await admin.getByRole('cell', { name: 'Terms of service 2027' }).waitFor();
    await screenshot(admin, 'consents-admin-legal-texts');

    await admin.reload();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText('The terms of service have changed').waitFor();
    await screenshot(admin, 'consents-new-terms-dialog');
    await dialog.getByRole('button', { name: 'I accept' }).click();
    await expect.poll(() => admin.getByRole('dialog').count()).toBe(0);
    await admin.reload();
    await admin.getByRole('heading', { name: 'Terms and consents', level: 2 }).waitFor();
    expect(await admin.getByRole('dialog').count()).toBe(0);
  });
});
