import { describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { useJourneyEnvironment } from './support/environment.ts';
import { writePdf } from './support/requests.ts';
import { fillIssuer } from './support/issuer.ts';

/**
 * The money journey (issue 12): a live tenant on a paying pack fills its billing profile and adds a card on the
 * payment provider's page (the local Stripe stand-in `./paraphe start` runs), sends a request in live mode; the
 * administrator makes the delivery note "up to now" and invoices it; the tenant pays the invoice by card and
 * downloads its PDF; the administrator refunds part of it, and the tenant sees the credit note.
 * INVOICING_MARGIN_SECONDS=0: the note may include what was consumed a second ago.
 */
const env = useJourneyEnvironment('billing', { INVOICING_MARGIN_SECONDS: '0' });

async function download(page: Page, click: () => Promise<void>): Promise<{ file: string; name: string }> {
  const [event] = await Promise.all([page.waitForEvent('download'), click()]);
  return { file: (await event.path())!, name: event.suggestedFilename() };
}

describe('billing journey', () => {
  const stamp = Date.now();
  const owner = `owner.${stamp}@example.com`;
  const company = `Acme Billing ${stamp}`;

  it('profile and card, a live request, the invoice, paid by card, its PDF, a partial refund and the credit note', async () => {
    const { server, steps, requests } = env;
    onTestFailed(() => console.log(server.logs().slice(-40).join('\n')));
    const admin = await steps.newPage();
    const pdfFile = path.join(env.workDir, 'order.pdf');
    await Promise.all([writePdf(pdfFile, ['Purchase order']), steps.logIn(admin, adminEmail, adminPassword)]);
    const page = await requests.tenantOwner(admin, owner, company, { live: true, pack: 'Mini' });

    // Settings → Billing: the profile, then a card on the provider's hosted page (the number never reaches us).
    await page.goto(`${server.url}/#/settings/configuration?tab=billing`);
    await page.getByRole('textbox', { name: 'Company name' }).fill(company);
    await page.getByRole('textbox', { name: 'Billing e-mail' }).fill(`billing.${stamp}@example.com`);
    await page.getByRole('textbox', { name: 'SIREN or SIRET' }).fill('44306184100047');
    await page.getByRole('textbox', { name: 'Head office address' }).fill('1 rue de la Paix');
    await page.getByRole('textbox', { name: 'Postal code' }).fill('75002');
    await page.getByRole('textbox', { name: 'City' }).fill('Paris');
    await page.getByText('Card', { exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Billing profile saved.').waitFor();
    await page.getByRole('button', { name: 'Add a card' }).click();
    await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByText('4242').first().waitFor();
    await screenshot(page, 'billing-1-payment-methods');

    // A request sent in live mode (the profile is complete): metered at the Mini pack's prices.
    await requests.fillRequest(page, {
      label: `Order ${stamp}`,
      participants: [{ first: 'Paula', last: 'Payer', email: `paula.${stamp}@example.com` }],
      pdfFile,
    });
    await requests.send(page, { chaining: 'By e-mail to the signers' });
    await page.waitForURL(/#\/signatures\/view\//);
    await page
      .getByRole('row', { name: /PAYER Paula/ })
      .getByText('Invited')
      .waitFor();
    // The invitation itself (and its metering) is the send job's: the note "up to now" must come after it, and after
    // the next whole second — a note "up to now" ends at now less the margin (0 here) cut to the second (sales.ts).
    await server.waitForMailSubject(`paula.${stamp}@example.com`);
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    // The administrator: the issuer filled (no invoice with placeholders), To be invoiced → notes up to now → invoice.
    await fillIssuer(admin, server.url);
    await admin.goto(`${server.url}/#/applications/billing`);
    await admin.getByRole('tab', { name: 'To be invoiced' }).click();
    await admin.getByRole('button', { name: 'Make delivery notes' }).click();
    await admin.getByRole('menuitem', { name: 'Up to now' }).click();
    // The run answers at once; its jobs make the notes, and the list follows them.
    const noteRow = admin.getByRole('row', { name: new RegExp(company) });
    await noteRow.waitFor({ timeout: 20_000 });
    await noteRow.getByRole('checkbox', { name: 'Select' }).check();
    await admin.getByRole('button', { name: 'Invoice the selected note' }).click();
    await admin.getByText('1 invoice issued.').waitFor();
    await admin.getByRole('tab', { name: 'Invoices' }).click();
    await admin
      .getByRole('row', { name: new RegExp(company) })
      .first()
      .waitFor();
    await screenshot(admin, 'billing-2-admin-invoices');
    // Issue 25 item 21: the disputed flag set by hand (with its reason), then cleared.
    const adminRow = admin.getByRole('row', { name: new RegExp(company) }).first();
    await adminRow.getByRole('button', { name: /^Mark as disputed/ }).click();
    await admin.getByRole('dialog').getByRole('textbox', { name: 'Reason (optional)' }).fill('Client contests the volume');
    await admin.getByRole('dialog').getByRole('button', { name: 'Mark as disputed' }).click();
    await adminRow.getByText('Disputed').waitFor();
    await screenshot(admin, 'billing-2b-admin-invoice-disputed');
    await adminRow.getByRole('button', { name: /^Clear the disputed flag/ }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Clear the disputed flag' }).click();
    await adminRow.getByRole('button', { name: /^Mark as disputed/ }).waitFor();

    // The tenant pays the invoice by card, then downloads its PDF.
    await page.goto(`${server.url}/#/billing/invoices`);
    const invoiceRow = page.getByRole('row', { name: /F\d{4}-\d{6}/ }).first();
    await invoiceRow.getByRole('checkbox', { name: 'Select' }).check();
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByText(/Payment requested/).waitFor();
    await invoiceRow.getByText('Paid').waitFor({ timeout: 20_000 });
    await screenshot(page, 'billing-3-invoice-paid');
    const pdf = await download(page, () => invoiceRow.getByRole('button', { name: 'Download the PDF' }).click());
    expect(pdf.name).toMatch(/\.pdf$/);
    expect(fs.readFileSync(pdf.file).subarray(0, 5).toString()).toBe('%PDF-');

    // The administrator refunds part of it: the provider refunds, a credit note is issued.
    await admin.goto(`${server.url}/#/applications/payments`);
    await admin
      .getByRole('row', { name: new RegExp(company) })
      .getByRole('button', { name: 'Refund' })
      .click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Amount to refund' }).fill('0.50');
    await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('Goodwill gesture');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await admin.getByText('Refund recorded.').waitFor();

    await page.goto(`${server.url}/#/billing/invoices`);
    await page
      .getByRole('row', { name: /Credit note/ })
      .first()
      .waitFor({ timeout: 20_000 });
    await screenshot(page, 'billing-4-credit-note');
  });
});
