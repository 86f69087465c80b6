import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { writePdf, type Participant } from './support/requests.ts';
import { useJourneyEnvironment } from './support/environment.ts';
import { recordToasts } from './support/toasts.ts';

/**
 * Issue 25, items 15 and 17: screens stay current without a reload (docs/architecture.md, "Live screens") — a
 * request view after the signer refuses, a suspended account once reactivated — and deleting a draft shows one
 * success message and nothing else.
 */
const env = useJourneyEnvironment('live');

describe('issue 25 live screens', () => {
  const stamp = Date.now();
  const owner = `live${stamp}@example.com`;
  const company = `Live ${stamp}`;
  const signer: Participant = { first: 'Rosa', last: 'Refus', email: `rosa${stamp}@example.com` };
  let admin: Page;
  let page: Page;

  it('the open request view shows the refusal, with no reload', async () => {
    const pdfFile = path.join(env.workDir, 'offer.pdf');
    admin = await env.steps.newPage();
    await Promise.all([writePdf(pdfFile, ['Offer', 'Signatures']), env.steps.logIn(admin, adminEmail, adminPassword)]);
    page = await env.requests.tenantOwner(admin, owner, company);

    await env.requests.fillRequest(page, { label: `Offer ${stamp}`, participants: [signer], pdfFile });
    await env.requests.send(page, { chaining: 'By e-mail to the signers' });
    await page.waitForURL(/#\/signatures\/view\//);
    await page
      .getByRole('row', { name: /REFUS Rosa/ })
      .getByText('Invited')
      .waitFor();

    // The signer refuses on their own page, in another browser.
    await env.server.waitForMailSubject(signer.email);
    const link = await env.steps.mailLinkPath(admin, signer.email);
    const signing = await env.steps.newPage();
    await signing.goto(`${env.server.url}/${link}`);
    await signing.getByRole('button', { name: 'Refuse' }).click();
    const dialog = signing.getByRole('dialog', { name: 'Refuse to sign' });
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('The price is wrong.');
    await dialog.getByRole('button', { name: 'Refuse' }).click();
    await signing.getByText('You refused to sign').waitFor();

    // The requester's view, left open, follows: the request and the signer are refused.
    await page
      .getByRole('row', { name: /REFUS Rosa/ })
      .getByText('Refused')
      .waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Relaunch' }).waitFor({ state: 'detached' });
    await screenshot(page, 'issue25-live-request-refused');
  });

  it('deleting a draft shows one success message, nothing else', async () => {
    const pdfFile = path.join(env.workDir, 'draft.pdf');
    await writePdf(pdfFile, ['Draft']);
    await env.requests.fillRequest(page, { label: `Draft ${stamp}`, participants: [signer], pdfFile });
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.getByText('The request is saved as a draft.').waitFor();
    await page.waitForURL(/#\/signatures\/view\//);
    await page.getByRole('button', { name: 'Delete' }).waitFor();
    await page.getByText('The request is saved as a draft.').waitFor({ state: 'hidden', timeout: 10_000 });

    const toasts = await recordToasts(page);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('The request is deleted.').waitFor();
    await page.waitForURL(/#\/signatures\/list/);
    await page.getByRole('row', { name: new RegExp(`Offer ${stamp}`) }).waitFor();
    // Whatever could still fail (the deleted draft's documents, its view read again) has answered by now.
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'issue25-draft-deleted');
    expect(await toasts()).toEqual(['The request is deleted.']);
  });

  it('a suspended account comes back by itself once the administrator reactivates it', async () => {
    const accountSwitch = async (on: boolean) => {
      await admin.goto(`${env.server.url}/#/applications/list`);
      await admin.getByRole('row', { name: new RegExp(company) }).click();
      const toggle = admin.getByRole('switch', { name: 'Account active' });
      if (on) await toggle.check();
      else await toggle.uncheck();
      await admin.getByRole('button', { name: 'Save' }).click();
      await admin.getByText(/saved/i).first().waitFor();
    };
    await accountSwitch(false);
    await page.goto(`${env.server.url}/#/home`);
    await page.reload();
    await page.getByText('Account suspended').waitFor();

    await accountSwitch(true);
    await page.getByRole('link', { name: 'Dashboard', exact: true }).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByText('Account suspended').count()).toBe(0);
    await screenshot(page, 'issue25-reactivated');
  });
});
