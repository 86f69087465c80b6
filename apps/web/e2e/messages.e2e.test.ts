import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { useJourneyEnvironment } from './support/environment.ts';
import { recordToasts } from './support/toasts.ts';

/**
 * Issue 25, item 16: messages name what is wrong and where — a save error names its tab and field; the live-mode
 * warning shows only while the billing profile is incomplete; a wrong .p12 password and maintenance say so without
 * a generic "Oops" beside them.
 */
const env = useJourneyEnvironment('messages');
const oops = /Oops/;
const liveWarning = /Your account is in live mode/;

/** A self-made PKCS#12 (certificate and key), protected by `password`. */
function makeP12(dir: string, password: string): string {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'own.key', '-out', 'own.crt', '-days', '365', '-subj', '/O=Messages/CN=Messages Seal');
  run('pkcs12', '-export', '-inkey', 'own.key', '-in', 'own.crt', '-out', 'own.p12', '-passout', `pass:${password}`);
  return path.join(dir, 'own.p12');
}

describe('issue 25 messages', () => {
  const stamp = Date.now();
  const owner = `messages${stamp}@example.com`;
  const company = `Messages ${stamp}`;
  let admin: Page;
  let page: Page;

  it('maintenance shows its page, with no "Oops" toast, when a form is saved as it starts', async () => {
    admin = await env.steps.newPage();
    await env.steps.logIn(admin, adminEmail, adminPassword);
    page = await env.requests.tenantOwner(admin, owner, company, { live: true });
    await page.getByRole('link', { name: 'My profile' }).click();
    await page.getByRole('textbox', { name: 'Company' }).fill('Messages and Co');
    const toasts = await recordToasts(page);
    await admin.goto(`${env.server.url}/#/applications/help`);
    await admin.getByRole('textbox', { name: 'Message shown to users' }).fill('Back at noon.');
    await admin.getByRole('switch', { name: 'Maintenance mode' }).click();
    await admin.getByText('Maintenance is on.').waitFor();
    try {
      await page.getByRole('button', { name: 'Save' }).first().click();
      await page.waitForURL(/#\/maintenance/);
      await page.getByText('Back at noon.').waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, 'issue25-maintenance-no-oops');
      expect((await toasts()).filter((text) => oops.test(text))).toEqual([]);
    } finally {
      await admin.getByRole('switch', { name: 'Maintenance mode' }).click();
      await admin.getByText('Maintenance is off.').waitFor();
    }
  });
  it('a wrong .p12 password is said once, on the form, with no "Oops" beside it', async () => {
    const dir = fs.mkdtempSync(path.join(env.workDir, 'p12-'));
    const p12 = makeP12(dir, 'right-secret');
    await page.goto(`${env.server.url}/#/cachet/new`);
    const toasts = await recordToasts(page);
    await page.getByRole('button', { name: 'Import a certificate (.p12)' }).click();
    const dialog = page.getByRole('dialog');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: /PKCS#12 file/ }).click()]);
    await chooser.setFiles(p12);
    await dialog.getByLabel('File password').fill('wrong-secret');
    await dialog.getByRole('textbox', { name: 'Label' }).fill('Our seal');
    await dialog.getByRole('button', { name: 'Import a certificate (.p12)' }).click();
    await dialog.getByText('The password does not open this PKCS#12 file.').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'issue25-p12-wrong-password');
    expect((await toasts()).filter((text) => oops.test(text))).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('a save error names its tab and field; the live-mode warning goes once the billing profile is complete', async () => {
    // Live, no billing profile yet: the warning is true.
    await page.goto(`${env.server.url}/#/signatures/new`);
    await page.getByText(liveWarning).waitFor();

    // A wrong e-mail, the user on another tab: the summary says which tab, which signer, which field.
    await page.getByLabel(/^Label/).fill(`Offer ${stamp}`);
    await page.getByRole('button', { name: 'Add a signer' }).click();
    await page.getByLabel(/^First name/).fill('Marco');
    await page.getByLabel(/^Last name/).fill('Rossi');
    await page.getByLabel(/^E-mail/).fill('marco.rossi-at-example.com');
    await page.getByRole('tab', { name: 'Options' }).click();
    await page.getByRole('button', { name: 'Save as draft' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'The request cannot be saved yet' });
    await summary.getByText(/^Signers tab › ROSSI Marco › E-mail: /).waitFor();
    await screenshot(page, 'issue25-save-error-names-field');

    // The billing profile, complete: the warning is gone.
    await page.goto(`${env.server.url}/#/settings/configuration?tab=billing`);
    await page.getByRole('textbox', { name: 'Company name' }).fill(company);
    await page.getByRole('textbox', { name: 'Billing e-mail' }).fill(`billing.${stamp}@example.com`);
    await page.getByRole('textbox', { name: 'SIREN or SIRET' }).fill('44306184100047');
    await page.getByRole('textbox', { name: 'Head office address' }).fill('1 rue de la Paix');
    await page.getByRole('textbox', { name: 'Postal code' }).fill('75002');
    await page.getByRole('textbox', { name: 'City' }).fill('Paris');
    await page.getByText('Card', { exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Billing profile saved.').waitFor();
    await page.goto(`${env.server.url}/#/signatures/new`);
    await page.getByRole('button', { name: 'Save as draft' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(liveWarning).count()).toBe(0);
    await screenshot(page, 'issue25-live-complete-no-warning');
  });
});
