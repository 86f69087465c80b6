import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { useJourneyEnvironment } from './support/environment.ts';

/**
 * Issue 14's smaller screens: search from the header, the help form (with an attachment) and the administrator's
 * list, the application view's tabs Users and Marketplace, the maintenance page, the suspended notice.
 */
const env = useJourneyEnvironment('screens');
const png = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);

/** Lets transitions (drawer, toasts, button states) end before a screenshot. */
const settle = (page: Page) => page.waitForTimeout(600);

describe('issue 14 screens', () => {
  const stamp = Date.now();
  const owner = `owner${stamp}@example.com`;
  const company = `Screens ${stamp}`;

  it('searches, asks for help, shows the tenant users and marketplace, the maintenance page and the suspended notice', async () => {
    const admin = await env.steps.newPage();
    await env.steps.logIn(admin, adminEmail, adminPassword);
    const page = await env.requests.tenantOwner(admin, owner, company);

    // A contact, found from the header's box.
    await page.goto(`${env.server.url}/#/phonebooks/new`);
    await page.getByRole('textbox', { name: 'Email' }).fill(`quinn.quokka.${stamp}@example.com`);
    await page.getByRole('textbox', { name: 'First name' }).fill('Quinn');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Quokka');
    await page.getByRole('textbox', { name: 'Company' }).fill('Quokka Tours');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Contact saved.').waitFor();
    await page.getByRole('textbox', { name: 'Search…' }).fill('quokka');
    await page.getByRole('textbox', { name: 'Search…' }).press('Enter');
    await page.waitForURL(/#\/search\?q=quokka/);
    await page.getByRole('link', { name: 'QUOKKA Quinn' }).waitFor();
    await page.getByText('Contact saved.').waitFor({ state: 'hidden', timeout: 10_000 });
    await screenshot(page, 'search');

    // The help form, with a screenshot attached.
    const attachment = path.join(env.workDir, 'screen.png');
    fs.writeFileSync(attachment, png);
    await page.getByRole('link', { name: 'Help' }).first().click();
    await page.getByRole('heading', { name: 'Help', level: 2 }).waitFor();
    await page.getByRole('textbox', { name: 'Subject' }).fill('The send button stays grey');
    await page.getByRole('textbox', { name: 'Message' }).fill('I filled every field of a new request, but I cannot send it.');
    await page.locator('input[type=file]').setInputFiles(attachment);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Request sent').waitFor();
    await page.getByRole('button', { name: 'Send' }).and(page.locator(':not([data-loading])')).waitFor();
    await settle(page);
    await screenshot(page, 'help');

    // The administrator's list, one request opened.
    await admin.goto(`${env.server.url}/#/applications/help`);
    await admin.getByRole('row', { name: /The send button stays grey/ }).click();
    await admin.getByText('Last requests').waitFor();
    await settle(admin);
    await screenshot(admin, 'support-admin');
    await admin.keyboard.press('Escape');

    // The application view: Users and Marketplace.
    await admin.goto(`${env.server.url}/#/applications/list`);
    await admin.getByRole('row', { name: new RegExp(company) }).click();
    await admin.getByRole('tab', { name: 'Users' }).click();
    await admin.getByRole('row', { name: new RegExp(owner.replace(/[.+]/g, '\\$&')) }).waitFor();
    await screenshot(admin, 'application-users');
    await admin.getByRole('tab', { name: 'Marketplace' }).click();
    await admin.getByRole('heading', { name: 'HubSpot' }).waitFor();
    await settle(admin);
    await screenshot(admin, 'application-marketplace');

    // Maintenance: the owner's next call shows the page; off again, back to the app.
    await admin.goto(`${env.server.url}/#/applications/help`);
    await admin.getByRole('textbox', { name: 'Message shown to users' }).fill('We are upgrading the database.');
    await admin.getByRole('switch', { name: 'Maintenance mode' }).click();
    await admin.getByText('Maintenance is on.').waitFor();
    await page.goto(`${env.server.url}/#/signatures/list`);
    await page.reload();
    await page.waitForURL(/#\/maintenance/);
    await page.getByText('We are upgrading the database.').waitFor();
    await settle(page);
    await screenshot(page, 'maintenance');
    await admin.getByRole('switch', { name: 'Maintenance mode' }).click();
    await admin.getByText('Maintenance is off.').waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL((url) => !url.hash.includes('maintenance'));

    // Suspended: the notice with the support contact replaces the app.
    await admin.goto(`${env.server.url}/#/applications/list`);
    await admin.getByRole('row', { name: new RegExp(company) }).click();
    await admin.getByRole('switch', { name: 'Account active' }).uncheck();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText(/saved/i).first().waitFor();
    await page.goto(`${env.server.url}/#/home`);
    await page.reload();
    await page.getByText('Account suspended').waitFor();
    await page.getByText(`Support: ${adminEmail}`).waitFor();
    await settle(page);
    await screenshot(page, 'suspended');
  });
});
