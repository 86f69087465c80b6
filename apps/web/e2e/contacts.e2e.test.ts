import { describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { useJourneyEnvironment } from './support/environment.ts';

/**
 * The address book journey: a tenant owner imports an .ods file of 5 contacts (one invalid e-mail: skipped; one
 * without a first name: imported as "-" with the legal warning), reads the report, downloads the rejected rows, adds
 * a contact by hand (a taken e-mail refused on its field first), searches, edits and deletes it, exports the book,
 * then picks an imported contact as a signer of a new request.
 */
const env = useJourneyEnvironment('contacts');

/** An OpenDocument spreadsheet: a "Read me" sheet first, then these rows; written with SheetJS (the server's reader too). */
function writeOds(file: string, rows: string[][]): void {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Fill in the Contacts sheet']]), 'Read me');
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Contacts');
  fs.writeFileSync(file, XLSX.write(book, { bookType: 'ods', type: 'buffer' }) as Buffer);
}

/** The rows of the first sheet of a downloaded workbook, as text. */
function sheetRows(file: string): string[][] {
  const book = XLSX.read(fs.readFileSync(file));
  return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: false, defval: '' });
}

async function download(page: Page, click: () => Promise<void>): Promise<{ file: string; name: string }> {
  const [event] = await Promise.all([page.waitForEvent('download'), click()]);
  return { file: (await event.path())!, name: event.suggestedFilename() };
}

describe('address book journey', () => {
  const stamp = Date.now();
  const mail = (name: string) => `${name}.${stamp}@example.com`;

  it('imports a spreadsheet, reports its rows, manages a contact by hand, exports and picks a signer', async () => {
    const odsFile = path.join(env.workDir, 'contacts.ods');
    writeOds(odsFile, [
      ['E-mail', 'First name', 'Last name', 'Company', 'Mobile', 'Language'],
      [mail('ann.archer'), 'Ann', 'Archer', 'Acme', '+33612345678', 'bg'], // an import language the interface lacks: kept
      [mail('bob.baker'), 'Bob', 'Baker', 'Acme', ''],
      ['not-an-email', 'Carl', 'Cole', 'Cole & Co', ''],
      [mail('dina.dorsey'), '', 'Dorsey', 'Dorsey Ltd', ''],
      [mail('eve.evans'), 'Eve', 'Evans', '', '+33 6 98 76 54 32'],
    ]);
    const admin = await env.steps.newPage();
    await env.steps.logIn(admin, adminEmail, adminPassword);
    const page = await env.requests.tenantOwner(admin, `owner${stamp}@example.com`, `Contacts ${stamp}`);
    onTestFailed(async () => {
      await screenshot(page, 'contacts-failure');
      console.log(
        env.server
          .logs()
          .filter((l) => !/incoming request|request completed/.test(l))
          .slice(-30)
          .join('\n')
          .slice(0, 8000),
      );
    });

    // The menu entry opens the empty address book, which invites to add or import.
    await page.getByRole('link', { name: 'Address book', exact: true }).click();
    await page.getByRole('heading', { name: 'Your address book is empty' }).waitFor();
    await screenshot(page, 'contacts-empty');

    // Step 1: the file. Step 2: the columns guessed from the header, the header line ignored, the preview.
    await page.getByRole('main').getByRole('link', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { name: 'Import contacts', level: 2 }).waitFor();
    await page.locator('input[type=file]').setInputFiles(odsFile);
    await page.getByRole('button', { name: 'Start the import' }).waitFor();
    await page.waitForURL(/#\/phonebooks\/import\?id=/);
    // The workbook has two sheets: the one it opens on ("Read me") is read; the user picks "Contacts".
    const sheet = page.getByRole('combobox', { name: 'Sheet', exact: true });
    expect(await sheet.inputValue()).toBe('Read me');
    await page.getByText('The workbook has 2 sheets: the one it opens on is read. Choose another one here.').waitFor();
    await sheet.click();
    await page.getByRole('option', { name: 'Contacts' }).click();
    await expect.poll(() => sheet.inputValue(), { timeout: 30_000 }).toBe('Contacts'); // the file read again from that sheet
    const fieldOf = (n: number, header: string) => page.getByRole('combobox', { name: `Field of column ${n} (${header})` });
    expect(await fieldOf(1, 'E-mail').inputValue()).toBe('Email');
    expect(await fieldOf(2, 'First name').inputValue()).toBe('First name');
    expect(await fieldOf(3, 'Last name').inputValue()).toBe('Last name');
    expect(await fieldOf(4, 'Company').inputValue()).toBe('Company');
    expect(await fieldOf(5, 'Mobile').inputValue()).toBe('Mobile');
    expect(await page.getByLabel('First line is a header (ignore it)').isChecked()).toBe(true);
    const preview = page.getByRole('table', { name: 'Preview' });
    await preview
      .getByRole('row', { name: /not-an-email/ })
      .getByText('Skipped')
      .waitFor();
    await preview
      .getByRole('row', { name: /DORSEY -/ })
      .getByText('Imported, with a warning')
      .waitFor();
    await screenshot(page, 'contacts-import-mapping');

    // Step 3: the job runs, then the report: 4 imported, 1 skipped, 1 warning, the legal warning on "-".
    await page.getByRole('button', { name: 'Start the import' }).click();
    await page.getByLabel('Imported: 4').waitFor({ timeout: 60_000 });
    await page.getByLabel('Updated: 0').waitFor();
    await page.getByLabel('Skipped: 1').waitFor();
    await page.getByLabel('Warnings: 1').waitFor();
    await page.getByText('Some contacts have no name').waitFor();
    const rows = page.getByRole('table', { name: 'Skipped rows and warnings' });
    await rows
      .getByRole('row', { name: /not-an-email/ })
      .getByText('No e-mail, or not a valid e-mail address.')
      .waitFor();
    await rows
      .getByRole('row', { name: /Dorsey/ })
      .getByText('First or last name missing: replaced by “-”.')
      .waitFor();
    await screenshot(page, 'contacts-import-report');
    const rejected = await download(page, () => page.getByRole('button', { name: 'Download the rejected rows' }).click());
    expect(rejected.name).toMatch(/\.xlsx$/);
    expect(sheetRows(rejected.file).flat()).toContain('not-an-email');

    // The address book now lists the four, alphabetically.
    await page.getByRole('link', { name: 'Back to the address book' }).click();
    const table = page.getByRole('table', { name: 'Address book' });
    await table.getByRole('row', { name: /ARCHER Ann/ }).waitFor();
    expect(await table.getByRole('row').count()).toBe(5); // the header and 4 contacts
    await table.getByRole('row', { name: /DORSEY -/ }).waitFor();
    await table
      .getByRole('row', { name: /ARCHER Ann/ })
      .getByText('Български')
      .waitFor();
    await screenshot(page, 'contacts-list');

    // By hand: a taken e-mail is refused on its field, then the contact is saved.
    await page.getByRole('link', { name: 'New contact' }).click();
    await page.getByRole('heading', { name: 'New contact', level: 2 }).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(mail('ann.archer'));
    await page.getByRole('textbox', { name: 'First name' }).fill('Zoe');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Zephyr');
    await page.getByRole('textbox', { name: 'Company' }).fill('Zenith');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Contact email already used.').waitFor();
    await screenshot(page, 'contacts-form-email-used');
    await page.getByRole('textbox', { name: 'Email' }).fill(mail('zoe.zephyr'));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Contact saved.').waitFor();

    // Search it, edit it, delete it.
    await page.getByRole('searchbox', { name: 'Search (name, e-mail, company)' }).fill('Zephyr');
    await page.waitForURL(/q=Zephyr/);
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table
      .getByRole('row', { name: /ZEPHYR Zoe/ })
      .getByText('Zenith')
      .waitFor();
    await page.getByRole('link', { name: 'Edit ZEPHYR Zoe' }).click();
    await page.getByRole('heading', { name: 'Edit contact', level: 2 }).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Company' }).inputValue()).toBe('Zenith');
    await page.getByRole('textbox', { name: 'Company' }).fill('Zenith Partners');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Contact saved.').first().waitFor();
    await page.getByRole('searchbox', { name: 'Search (name, e-mail, company)' }).fill('Zephyr');
    await page.waitForURL(/q=Zephyr/);
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table
      .getByRole('row', { name: /ZEPHYR Zoe/ })
      .getByText('Zenith Partners')
      .waitFor();
    await page.getByRole('button', { name: 'Delete ZEPHYR Zoe' }).click();
    await page
      .getByRole('dialog')
      .getByText(`Delete ZEPHYR Zoe (${mail('zoe.zephyr')}) from the address book?`, { exact: false })
      .waitFor();
    await page.waitForTimeout(400); // the modal's opening transition, for the screenshot
    await screenshot(page, 'contacts-delete-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Contact deleted.').waitFor();
    await expect.poll(() => table.getByRole('row', { name: /ZEPHYR Zoe/ }).count()).toBe(0);

    // The export takes the search: "Acme" gives Ann and Bob.
    await page.getByRole('searchbox', { name: 'Search (name, e-mail, company)' }).fill('Acme');
    await page.waitForURL(/q=Acme/);
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    const exported = await download(page, () => page.getByRole('button', { name: 'Export (xlsx)' }).click());
    expect(exported.name).toMatch(/\.xlsx$/);
    const cells = sheetRows(exported.file).flat();
    expect(cells).toEqual(expect.arrayContaining([mail('ann.archer'), mail('bob.baker')]));
    expect(cells).not.toContain(mail('eve.evans'));

    // A new request: a signer picked from the address book fills the person's fields.
    await page.goto(`${env.server.url}/#/signatures/new`);
    await page.getByRole('button', { name: 'Add a signer' }).click();
    await page.getByRole('textbox', { name: 'From the address book' }).fill('Archer');
    const option = page.getByRole('option', { name: `ARCHER Ann <${mail('ann.archer')}>` });
    await option.waitFor();
    await screenshot(page, 'contacts-signer-picker-open');
    await option.click();
    await expect
      .poll(() =>
        page
          .getByLabel(/^First name/)
          .first()
          .inputValue(),
      )
      .toBe('Ann');
    expect(
      await page
        .getByLabel(/^Last name/)
        .first()
        .inputValue(),
    ).toBe('Archer');
    expect(
      await page
        .getByLabel(/^E-mail/)
        .first()
        .inputValue(),
    ).toBe(mail('ann.archer'));
    expect(
      await page
        .getByLabel(/^Mobile/)
        .first()
        .inputValue(),
    ).toBe('+33612345678');
    await screenshot(page, 'contacts-signer-picked');
  });

  it('pages a book of more than 1,000 contacts: "1,000+", numbered pages up to row 1,000, then next and previous', async () => {
    // 1,030 contacts by name: NAME0001 … NAME1030 (one sheet, a header line).
    const odsFile = path.join(env.workDir, 'contacts-1030.ods');
    const rows = Array.from({ length: 1_030 }, (_, i) => {
      const n = String(i + 1).padStart(4, '0');
      return [`p${n}.${stamp}@example.com`, 'Paul', `Name${n}`];
    });
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['E-mail', 'First name', 'Last name'], ...rows]), 'Contacts');
    fs.writeFileSync(odsFile, XLSX.write(book, { bookType: 'ods', type: 'buffer' }) as Buffer);
    const admin = await env.steps.newPage();
    await env.steps.logIn(admin, adminEmail, adminPassword);
    const page = await env.requests.tenantOwner(admin, `pager${stamp}@example.com`, `Pager ${stamp}`);
    onTestFailed(async () => {
      await screenshot(page, 'contacts-paging-failure');
    });
    await page.goto(`${env.server.url}/#/phonebooks/import`);
    await page.getByRole('heading', { name: 'Import contacts', level: 2 }).waitFor();
    await page.locator('input[type=file]').setInputFiles(odsFile);
    await page.getByRole('button', { name: 'Start the import' }).click();
    await page.getByLabel('Imported: 1030').waitFor({ timeout: 120_000 });

    // By name (the book's order): the total is a floor past 1,000; the pages are numbered up to row 1,000.
    await page.goto(`${env.server.url}/#/phonebooks/list?size=20`);
    const table = page.getByRole('table', { name: 'Address book' });
    await table.getByRole('row', { name: /NAME0001 Paul/ }).waitFor();
    await page.getByText('1,000+ items').waitFor();
    expect(await page.getByRole('button', { name: 'Next page' }).count()).toBe(0);
    // An old address past the numbered pages shows the last numbered one (rows 1,001–1,020), which goes on by cursor.
    await page.goto(`${env.server.url}/#/phonebooks/list?size=20&page=60`);
    await table.getByRole('row', { name: /NAME1001 Paul/ }).waitFor();
    await table.getByRole('row', { name: /NAME1020 Paul/ }).waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await table.getByRole('row', { name: /NAME1021 Paul/ }).waitFor();
    await page.getByText('Page 52', { exact: true }).waitFor();
    expect(await table.getByRole('row').count()).toBe(11); // the header and the last 10
    await page.getByText('1030 items').waitFor(); // the last page: exact (exact totals are not grouped, as before)
    expect(await page.getByRole('button', { name: 'Next page' }).count()).toBe(0);
    await screenshot(page, 'contacts-cursor-page');
    await page.getByRole('button', { name: 'Previous page' }).click();
    await table.getByRole('row', { name: /NAME1001 Paul/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Next page' }).count()).toBe(1);
  });
});
