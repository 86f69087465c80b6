import { describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot as fullPageShot } from './support/browser.ts';
import { useJourneyEnvironment } from './support/environment.ts';
import { writePdf } from './support/requests.ts';

/**
 * The classic campaign journey: a tenant owner (campaigns enabled by the administrator) creates a campaign with
 * three signatories — one picked from the address book, one typed, one imported from a csv —, a PDF with the
 * signatory's field, sends it, watches it reach "Sent", one signatory signs their copy from the invitation, the
 * statistics count one signature, the owner cancels the rest and exports the signatories.
 */
const env = useJourneyEnvironment('campaigns');

async function download(page: Page, click: () => Promise<void>): Promise<{ file: string; name: string }> {
  const [event] = await Promise.all([page.waitForEvent('download'), click()]);
  return { file: (await event.path())!, name: event.suggestedFilename() };
}

/** From the top: else the fixed header lands mid-page in the full-page shot. */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullPageShot(page, name);
}

/** Waits until the open modal finished its opening transition (else the screenshot catches it half-drawn). */
async function modalShown(page: Page) {
  await expect.poll(() => page.getByRole('dialog').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
}

describe('classic campaign journey', () => {
  const stamp = Date.now();
  const mail = (name: string) => `${name}.${stamp}@example.com`;
  const label = `Newsletter consent ${stamp}`;

  it('creates, imports, sends, gets one signature, cancels the rest and exports', async () => {
    const pdfFile = path.join(env.workDir, 'consent.pdf');
    const csvFile = path.join(env.workDir, 'signatories.csv');
    fs.writeFileSync(csvFile, `E-mail;First name;Last name\n${mail('ivy.import')};Ivy;Imported\n`);
    const admin = await env.steps.newPage();
    await Promise.all([writePdf(pdfFile, ['Consent form']), env.steps.logIn(admin, adminEmail, adminPassword)]);
    const company = `Campaigns ${stamp}`;
    const page = await env.requests.tenantOwner(admin, `owner${stamp}@example.com`, company);
    onTestFailed(async () => {
      await screenshot(page, 'campaigns-failure');
      console.log(
        env.server
          .logs()
          .filter((l) => !/incoming request|request completed/.test(l))
          .slice(-30)
          .join('\n')
          .slice(0, 8000),
      );
    });

    // Campaigns are off by default: the administrator turns the feature on for this tenant.
    await env.requests.enableFeatures(admin, company, ['Campaigns']);

    // One contact in the address book, to pick.
    await page.goto(`${env.server.url}/#/phonebooks/new`);
    await page.reload(); // the session's features are read again
    await page.getByRole('textbox', { name: 'Email' }).fill(mail('paula.picked'));
    await page.getByRole('textbox', { name: 'First name' }).fill('Paula');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Picked');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Contact saved.').waitFor();

    // The menu entry, the empty list, the form.
    await page.getByRole('link', { name: 'Campaigns', exact: true }).click();
    await page.getByRole('heading', { name: 'Campaigns', level: 2 }).waitFor();
    await page.getByRole('link', { name: 'New campaign' }).click();
    await page.getByRole('heading', { name: 'New campaign', level: 2 }).waitFor();
    await page.getByRole('textbox', { name: 'Title' }).fill(label);
    await page.getByRole('textbox', { name: 'Description' }).fill('Consent to the newsletter, one copy per subscriber.');

    // Signatories: one picked from the address book, one typed.
    await page.getByRole('textbox', { name: 'From the address book' }).fill('Picked');
    await page.getByRole('option', { name: /PICKED Paula/ }).click();
    await page.getByRole('textbox', { name: 'First name' }).fill('Tom');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Typed');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(mail('tom.typed'));
    await page.getByRole('button', { name: 'Add the signatory' }).click();
    const typedList = page.getByRole('table', { name: 'Signatories' });
    await typedList.getByRole('row', { name: /PICKED Paula/ }).waitFor();
    await typedList.getByRole('row', { name: /TYPED Tom/ }).waitFor();
    await screenshot(page, 'campaigns-new-signatories');

    // Documents: the PDF, checked by the server, gets the signatory's field by default; the editor shows it.
    await page.getByRole('tab', { name: /^Documents/ }).click();
    await page.locator('input[type=file]').setInputFiles(pdfFile);
    await page.getByText('1 signature position').waitFor();
    await page.getByRole('button', { name: 'Place the signatures' }).click();
    await page.getByRole('img', { name: 'Page 1 of 1' }).waitFor();
    await page.getByRole('button', { name: /^The signatory, page 1, / }).waitFor();
    await screenshot(page, 'campaigns-new-documents');
    await page.getByRole('tab', { name: 'Options' }).click();
    await screenshot(page, 'campaigns-new-options');

    // The import needs the draft: saved, then the spreadsheet on the campaign's page.
    await page.getByRole('tab', { name: /^Signatories/ }).click();
    await page.getByRole('button', { name: 'Save the draft and import a spreadsheet' }).click();
    await page.waitForURL(/#\/campaigns\/view\/[^?]+\?import=1/);
    await page.getByRole('button', { name: 'Choose a file' }).waitFor(); // the form (and its PDF input) is gone
    await page.locator('input[type=file]').setInputFiles(csvFile);
    await page.getByRole('button', { name: 'Start the import' }).waitFor();
    await screenshot(page, 'campaigns-import-mapping');
    await page.getByRole('button', { name: 'Start the import' }).click();
    await page.getByLabel('Imported: 1').waitFor({ timeout: 60_000 });
    await screenshot(page, 'campaigns-import-report');
    await page.getByRole('button', { name: 'Close' }).click();
    const signatories = page.getByRole('table', { name: 'Signatories' });
    await signatories.getByRole('row', { name: /IMPORTED Ivy/ }).waitFor();
    await expect.poll(() => signatories.getByRole('row').count()).toBe(4); // the header and 3 signatories
    await screenshot(page, 'campaigns-draft-view');

    // Send, after the confirmation that counts the signatories; the dispatch runs, the campaign reaches "Sent".
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('dialog').getByText('will be sent to 3 signatories').waitFor();
    await modalShown(page);
    await screenshot(page, 'campaigns-send-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByLabel('Sent: 3').waitFor({ timeout: 60_000 });
    await page.getByLabel('Awaiting: 3').waitFor({ timeout: 30_000 });
    await page.getByRole('main').getByText('Sent', { exact: true }).first().waitFor();
    await screenshot(page, 'campaigns-sent');

    // Tom signs his copy from the invitation (the code by e-mail).
    await env.server.waitForMailSubject(mail('tom.typed'));
    const link = await env.steps.mailLinkPath(admin, mail('tom.typed'));
    expect(link).toMatch(/^#\/sign\//);
    const signer = await env.steps.newPage();
    await signer.goto(`${env.server.url}/${link}`);
    await signer.getByRole('img', { name: /, page 1 of 1$/ }).waitFor();
    const sign = signer.getByRole('button', { name: 'Sign', exact: true });
    await expect.poll(() => sign.isEnabled()).toBe(true);
    await screenshot(signer, 'campaigns-signing-page');
    const since = env.server.mark();
    await sign.click();
    const modal = signer.getByRole('dialog', { name: 'Confirm your signature' });
    await modal.getByRole('textbox', { name: '6-digit code' }).fill(await env.steps.codeFor(mail('tom.typed'), since));
    await modal.getByRole('button', { name: 'Sign the documents' }).click();
    await signer.getByText('Thank you, you have signed').waitFor();

    // The statistics move, on the open view, with no reload (issue 25 item 15: a live campaign is polled): one
    // signed of three.
    await page.getByLabel('Signed: 1').waitFor({ timeout: 30_000 });
    await signatories
      .getByRole('row', { name: /TYPED Tom/ })
      .getByText('Signed')
      .waitFor();
    await screenshot(page, 'campaigns-one-signed');

    // Cancel the rest: the two copies still out are cancelled (a job), Tom's signature stays.
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Cancel the campaign' }).click();
    await page.getByRole('dialog').getByText('may take a few minutes').waitFor();
    await modalShown(page);
    await screenshot(page, 'campaigns-cancel-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel the campaign' }).click();
    await page.getByRole('main').getByText('Cancelled', { exact: true }).first().waitFor();
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByLabel(/^Sent: /).waitFor();
          return page.getByLabel('Cancelled: 2').isVisible();
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);
    await page.getByLabel('Signed: 1').waitFor();
    await screenshot(page, 'campaigns-canceled');

    // Export: the signatories and their status.
    await page.getByRole('button', { name: 'More' }).click();
    const exported = await download(page, () => page.getByRole('menuitem', { name: 'Export (xlsx)' }).click());
    expect(exported.name).toMatch(/\.xlsx$/);
    const book = XLSX.read(fs.readFileSync(exported.file));
    const cells = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: false, defval: '' }).flat();
    expect(cells).toEqual(expect.arrayContaining([mail('paula.picked'), mail('tom.typed'), mail('ivy.import')]));

    // The list: one campaign, cancelled, 3 signatories, 33 % signed.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Campaigns' }).click();
    const row = page.getByRole('table', { name: 'Campaigns' }).getByRole('row', { name: new RegExp(label) });
    await row.getByText('33 %').waitFor();
    await row.getByText('Cancelled').waitFor();
    await screenshot(page, 'campaigns-list');
  });
});
