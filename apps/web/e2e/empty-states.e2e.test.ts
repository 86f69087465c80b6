import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { useJourneyEnvironment } from './support/environment.ts';

/**
 * Issue 25 item 16: an empty list names what is empty, and tells "nothing yet" (with what to do) from "nothing
 * matches this search" — never a bare "No results". Seen on a new tenant's requests, users and contacts.
 */
const env = useJourneyEnvironment('empty-states');

/** Types in a list's search box; the list asks the server once the debounce is over. */
async function search(page: Page, label: string, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: label }).fill(text);
}

describe('issue 25 journey: empty lists say what is empty', () => {
  const stamp = Date.now();

  it('a new tenant: no request yet, then a search that matches nothing, on requests, users and contacts', async () => {
    const admin = await env.steps.newPage();
    await env.steps.logIn(admin, adminEmail, adminPassword);
    const page = await env.requests.tenantOwner(admin, `owner${stamp}@example.com`, `Empty ${stamp}`);

    // Requests: really none yet, and how to make one.
    await page.goto(`${env.server.url}/#/signatures/list`);
    await page.getByText('No signature requests yet — create one with “New signature”.').waitFor();
    await screenshot(page, 'issue25-empty-requests');
    await search(page, 'Search (label, description, signer)', 'no such request');
    await page.getByText('No request matches this search or these statuses.').waitFor();
    await page.getByText('No signature requests yet').waitFor({ state: 'detached' });
    await screenshot(page, 'issue25-empty-requests-search');

    // Users: the owner is there; a search that finds nobody says so.
    await page.goto(`${env.server.url}/#/users/list`);
    await page.getByRole('row', { name: /REQUESTER Rita/ }).waitFor();
    await search(page, 'Search by name or email', 'nobody by that name');
    await page.getByText('No user matches this search or profile.').waitFor();

    // Contacts: an empty address book invites to add or import; with one contact, a search that finds nothing says so.
    await page.goto(`${env.server.url}/#/phonebooks/list`);
    await page.getByText('Your address book is empty').waitFor();
    await page.goto(`${env.server.url}/#/phonebooks/new`);
    await page.getByRole('textbox', { name: 'Email' }).fill(`quinn.${stamp}@example.com`);
    await page.getByRole('textbox', { name: 'First name' }).fill('Quinn');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Quokka');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Contact saved.').waitFor();
    await page.goto(`${env.server.url}/#/phonebooks/list`);
    await page.getByRole('row', { name: /QUOKKA Quinn/ }).waitFor();
    await search(page, 'Search (name, e-mail, company)', 'zebra');
    await page.getByText('No contact matches this search.').waitFor();
    await screenshot(page, 'issue25-empty-contacts-search');
  });
});
