import { describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { buildDocx, paragraph } from '../../server/test/templates/docx.ts';
import { adminEmail, adminPassword } from './support/server.ts';
import { useJourneyEnvironment } from './support/environment.ts';

/**
 * The mail-merge journey: a tenant owner (campaigns and mail-merge enabled by the administrator) imports contacts
 * into the address book (two bad rows skipped), builds a mail-merge campaign from a .docx with ${firstname} and
 * ${city}, imports its signatories with a City column kept as a variable, maps ${city}, previews a signatory's
 * document and places their field, is refused the send while a signatory lacks a city (the rows are listed), removes
 * them, sends, one signatory signs their own filled copy, the statistics count it, the owner cancels the rest.
 * Screenshots in /tmp/pp-shots/ at 1280 px and 360 px.
 */
const env = useJourneyEnvironment('mail-merge');
const shotDir = '/tmp/pp-shots';

async function shot(page: Page, name: string, options: { narrow?: boolean } = {}) {
  fs.mkdirSync(shotDir, { recursive: true });
  const wide = page.viewportSize() ?? { width: 1280, height: 820 };
  if (options.narrow) await page.setViewportSize({ width: 360, height: 780 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300); // the layout settles (Mantine's breakpoints, the canvas redrawn)
  await page.screenshot({ path: path.join(shotDir, `${name}${options.narrow ? '-360' : ''}.png`), fullPage: true });
  if (options.narrow) await page.setViewportSize(wide);
}

function writeSheet(file: string, rows: string[][], bookType: 'ods' | 'xlsx'): void {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  fs.writeFileSync(file, XLSX.write(book, { bookType, type: 'buffer' }) as Buffer);
}

async function modalShown(page: Page) {
  await expect.poll(() => page.getByRole('dialog').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
}

describe('mail-merge campaign journey', () => {
  const stamp = Date.now();
  const mail = (name: string) => `${name}.${stamp}@example.com`;
  const label = `Rental contracts ${stamp}`;

  it('imports contacts, builds a campaign from a template, maps, previews, sends, gets one signature and cancels the rest', async () => {
    const contactsFile = path.join(env.workDir, 'contacts.ods');
    writeSheet(
      contactsFile,
      [
        ['E-mail', 'First name', 'Last name', 'City'],
        [mail('ann.archer'), 'Ann', 'Archer', 'Lyon'],
        ['not-an-email', 'Carl', 'Cole', 'Nantes'],
        [mail('bob.baker'), 'Bob', 'Baker', 'Paris'],
        [mail('ann.archer'), 'Ann', 'Again', 'Lille'],
        [mail('dina.dorsey'), 'Dina', 'Dorsey', ''],
      ],
      'ods',
    );
    const signatoriesFile = path.join(env.workDir, 'signatories.xlsx');
    writeSheet(
      signatoriesFile,
      [
        ['E-mail', 'First name', 'Last name', 'City'],
        [mail('ann.archer'), 'Ann', 'Archer', 'Lyon'],
        [mail('bob.baker'), 'Bob', 'Baker', 'Paris'],
        [mail('dina.dorsey'), 'Dina', 'Dorsey', ''],
      ],
      'xlsx',
    );
    const templateFile = path.join(env.workDir, 'Rental contract.docx');
    fs.writeFileSync(
      templateFile,
      buildDocx({
        body: [paragraph('Rental contract'), paragraph('Dear ${firstname},'), paragraph('Your flat in ${city} is ready. Please sign below.')].join(''),
      }),
    );

    const admin = await env.steps.newPage();
    await env.steps.logIn(admin, adminEmail, adminPassword);
    const company = `Mail-merge ${stamp}`;
    const page = await env.requests.tenantOwner(admin, `owner${stamp}@example.com`, company);
    onTestFailed(async () => {
      await shot(page, 'failure');
      console.log(
        env.server
          .logs()
          .filter((l) => !/incoming request|request completed/.test(l))
          .slice(-30)
          .join('\n')
          .slice(0, 8000),
      );
    });

    // Campaigns and mail-merge are off by default: the administrator turns both on for this tenant.
    await env.requests.enableFeatures(admin, company, ['Campaigns', 'Mail-merge']);

    // The address book: 5 rows, 3 imported, 2 skipped (an invalid e-mail, the same e-mail twice), with why.
    await page.goto(`${env.server.url}/#/phonebooks/import`);
    await page.reload(); // the session's features are read again
    await page.getByRole('heading', { name: 'Import contacts', level: 2 }).waitFor();
    await page.locator('input[type=file]').setInputFiles(contactsFile);
    await page.getByRole('button', { name: 'Start the import' }).click();
    await page.getByLabel('Imported: 3').waitFor({ timeout: 60_000 });
    await page.getByLabel('Skipped: 2').waitFor();
    const report = page.getByRole('table', { name: 'Skipped rows and warnings' });
    await report
      .getByRole('row', { name: /not-an-email/ })
      .getByText('No e-mail, or not a valid e-mail address.')
      .waitFor();
    await report
      .getByText(/same e-mail/i)
      .first()
      .waitFor();
    await shot(page, 'contacts-import-report');

    // The menu entry: an empty list of mail-merge campaigns, then the form and its Template step.
    await page.getByRole('link', { name: 'Mail-merge', exact: true }).click();
    await page.getByRole('heading', { name: 'Mail-merge campaigns', level: 2 }).waitFor();
    await page.getByRole('link', { name: 'New mail-merge campaign' }).click();
    await page.getByRole('heading', { name: 'New mail-merge campaign', level: 2 }).waitFor();
    await page.getByRole('textbox', { name: 'Title' }).fill(label);
    await page.getByLabel('Template file').setInputFiles(templateFile);
    const variables = page.getByLabel('Variables of the template');
    await variables.getByText('${firstname}').waitFor();
    await variables.getByText('${city}').waitFor();
    await shot(page, 'new-template');
    await shot(page, 'new-template', { narrow: true });
    await page.getByRole('tab', { name: /^Documents/ }).click();
    await page.getByText('The PDFs added here are optional', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Save and map the variables' }).click();
    await page.waitForURL(/#\/publipostage\/view\//);

    // Signatories from a sheet: the City column (no signatory field) is kept as a variable, checked by default.
    await page.getByRole('button', { name: 'Import a spreadsheet' }).click();
    await page.locator('input[type=file]').setInputFiles(signatoriesFile);
    await page.getByRole('button', { name: 'Start the import' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Keep the column City as a variable' }).isChecked()).toBe(true);
    await shot(page, 'import-variables');
    await page.getByRole('button', { name: 'Start the import' }).click();
    await page.getByLabel('Imported: 3').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Close' }).click();
    const signatories = page.getByRole('table', { name: 'Signatories' });
    await signatories.getByRole('row', { name: /DORSEY Dina/ }).waitFor();

    // Mapping: ${firstname} was guessed at creation; ${city} takes the City column the import brought by its name
    // (issue 25 item 6: a variable left unmapped takes the column of the same name) — shown mapped, no click needed.
    await page.getByRole('tab', { name: /^Mapping/ }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Value of ${city}' }).inputValue()).toBe('City');
    await expect.poll(() => page.getByText('Not mapped').count()).toBe(0);
    // The preview: the first signatory's document, with their field placed where the editor shows it.
    await page.getByRole('img', { name: /^Page 1 of \d+$/ }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: /^The signatory, page \d+, / }).waitFor();
    // Nothing to save: the mapping by name is what the send uses, as this screen shows it.
    await expect.poll(() => page.getByRole('button', { name: 'Save the mapping' }).isDisabled()).toBe(true);
    // Dina has no city: the preview says so.
    await page.getByRole('combobox', { name: 'Signatory', exact: true }).click();
    await page.getByRole('option', { name: /DORSEY Dina/ }).click();
    await page.getByText(`${mail('dina.dorsey')} has no value for \${city}`, { exact: false }).waitFor();
    await expect.poll(() => page.getByText('Updating the preview…').count(), { timeout: 60_000 }).toBe(0);
    await shot(page, 'mapping-preview');
    await shot(page, 'mapping-preview', { narrow: true });

    // The send is refused while she lacks it, row by row.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
    const refusal = page.getByRole('dialog', { name: 'The campaign cannot be sent yet' });
    await refusal.getByText(`Row 3 (${mail('dina.dorsey')}): \${city}`).waitFor();
    await modalShown(page);
    await shot(page, 'send-refused');
    await page.keyboard.press('Escape');

    // Without her, the campaign goes: 2 copies, each its own filled document.
    await page.getByRole('tab', { name: /^Signatories/ }).click();
    await page.getByRole('button', { name: `Remove this signatory ${mail('dina.dorsey')}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove this signatory' }).click();
    await page.getByText('Signatory removed.').waitFor();
    await expect.poll(() => signatories.getByRole('row').count()).toBe(3);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('dialog').getByText('will be sent to 2 signatories').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByLabel('Sent: 2').waitFor({ timeout: 90_000 });
    await shot(page, 'sent');

    // Bob signs his copy from the invitation: his name and city are in it.
    await env.server.waitForMailSubject(mail('bob.baker'));
    const link = await env.steps.mailLinkPath(admin, mail('bob.baker'));
    const signer = await env.steps.newPage();
    await signer.goto(`${env.server.url}/${link}`);
    await signer.getByRole('img', { name: /, page 1 of \d+$/ }).waitFor();
    const sign = signer.getByRole('button', { name: 'Sign', exact: true });
    await expect.poll(() => sign.isEnabled()).toBe(true);
    await signer.waitForTimeout(1000); // the page's canvas drawn
    await shot(signer, 'signing-page');
    const since = env.server.mark();
    await sign.click();
    const modal = signer.getByRole('dialog', { name: 'Confirm your signature' });
    await modal.getByRole('textbox', { name: '6-digit code' }).fill(await env.steps.codeFor(mail('bob.baker'), since));
    await modal.getByRole('button', { name: 'Sign the documents' }).click();
    await signer.getByText('Thank you, you have signed').waitFor();

    // The statistics move: one signed of two; the mapping is now read-only, the preview the saved copy.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByLabel(/^Sent: /).waitFor();
          return page.getByLabel('Signed: 1').isVisible();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    await page.getByRole('tab', { name: /^Mapping/ }).click();
    await page.getByText('it can only be changed on a draft', { exact: false }).waitFor();
    await page.getByRole('img', { name: /^Preview, page 1 of \d+$/ }).waitFor({ timeout: 60_000 }); // the copy the saved mapping gives
    await shot(page, 'one-signed-mapping');

    // Cancel the rest: Ann's copy is cancelled, Bob's signature stays.
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Cancel the campaign' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel the campaign' }).click();
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByLabel(/^Sent: /).waitFor();
          return page.getByLabel('Cancelled: 1').isVisible();
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);
    await page.getByLabel('Signed: 1').waitFor();
    await shot(page, 'canceled');
    await shot(page, 'canceled', { narrow: true });

    // Each list shows its own kind.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Mail-merge' }).click();
    await page
      .getByRole('table', { name: 'Mail-merge campaigns' })
      .getByRole('row', { name: new RegExp(label) })
      .getByText('50 %')
      .waitFor();
    await shot(page, 'list');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Campaigns' }).click();
    await page.getByRole('heading', { name: 'Campaigns', level: 2 }).waitFor();
    await expect.poll(() => page.getByRole('row', { name: new RegExp(label) }).count()).toBe(0);
  });
});
