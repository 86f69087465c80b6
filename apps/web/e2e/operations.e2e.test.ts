import { describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { useJourneyEnvironment } from './support/environment.ts';
import { writePdf } from './support/requests.ts';

/**
 * Issue 13's journey: a tenant owner (operations turned on by the administrator; the stamp is on by default) creates an operation from a
 * spreadsheet of 3 orders over 2 documents, sends it, one order is signed from its invitation (the home shows the
 * operation's progress), the owner cancels the rest (a change of the operation's status); then imports the company's own certificate (PKCS#12), seals a PDF with
 * it, and anyone — not logged in — verifies the sealed file on the public verification page, which attributes the
 * seal to the company that imported the certificate without calling its self-made identity confirmed.
 */
const env = useJourneyEnvironment('operations');

async function chooseFile(page: Page, trigger: ReturnType<Page['getByRole']>, file: string | string[]) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), trigger.click()]);
  await chooser.setFiles(file);
}

/** A PKCS#12 of a self-made CA → seal certificate chain, as a company's IT would export it. */
function makeCompanyP12(dir: string, company: string, password: string): string {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  fs.writeFileSync(path.join(dir, 'seal.ext'), 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n');
  run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '3650', '-subj', `/O=${company}/CN=${company} Root CA`);
  run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'seal.key', '-out', 'seal.csr', '-subj', `/O=${company}/CN=${company} Seal`);
  run('x509', '-req', '-in', 'seal.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'seal.crt', '-days', '730', '-extfile', 'seal.ext');
  run('pkcs12', '-export', '-inkey', 'seal.key', '-in', 'seal.crt', '-certfile', 'ca.crt', '-out', 'seal.p12', '-passout', `pass:${password}`);
  return path.join(dir, 'seal.p12');
}

describe('operations, company seal and verification journey', () => {
  const stamp = Date.now();
  const mail = (name: string) => `${name}.${stamp}@example.com`;
  const label = `Supplier contracts ${stamp}`;
  const company = `Lots ${stamp}`;

  it('an operation from a spreadsheet of 3 orders and one typed with two signers signing together, sent, one signed, cancelled; a PDF sealed with the imported certificate and verified', async () => {
    const { server, steps } = env;
    const files = {
      a: path.join(env.workDir, 'contract-a.pdf'),
      b: path.join(env.workDir, 'contract-b.pdf'),
      sheet: path.join(env.workDir, 'orders.xlsx'),
      toSeal: path.join(env.workDir, 'certificate.pdf'),
    };
    // A workbook as people keep them: a "Read me" sheet first (the one it opens on), the orders on the second, under
    // their own headers ("Adresse de contact" is no word the guess knows: the user maps it).
    const orderRows = [
      'Fichier,Prénom,Nom,Adresse de contact,Langue',
      `contract-a.pdf,Olga,One,${mail('olga')},en`,
      `contract-b.pdf,Piet,Two,${mail('piet')},en`,
      `contract-a.pdf,Quinn,Three,${mail('quinn')},en`,
      `../contract-a.pdf,Uma,Path,${mail('uma')},en`, // a path, not a file name: this row alone is rejected
    ].map((line) => line.split(','));
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['One row per signature on the Orders sheet']]), 'Read me');
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(orderRows), 'Orders');
    fs.writeFileSync(files.sheet, XLSX.write(book, { bookType: 'xlsx', type: 'buffer' }) as Buffer);
    // 53 annexes besides the two contracts: more than one request takes (50), sent in batches with progress.
    const annexes = Array.from({ length: 53 }, (_, i) => path.join(env.workDir, `annex-${String(i + 1).padStart(2, '0')}.pdf`));
    await Promise.all(annexes.map((file, i) => writePdf(file, [`Annex ${i + 1}`])));
    const admin = await steps.newPage();
    await Promise.all([
      writePdf(files.a, ['Contract A']),
      writePdf(files.b, ['Contract B']),
      writePdf(files.toSeal, ['Certificate of conformity']),
      steps.logIn(admin, adminEmail, adminPassword),
    ]);
    const page = await env.requests.tenantOwner(admin, `owner${stamp}@example.com`, company);
    onTestFailed(async () => {
      await screenshot(page, 'operations-failure');
      console.log(
        server
          .logs()
          .filter((l) => !/incoming request|request completed/.test(l))
          .slice(-30)
          .join('\n')
          .slice(0, 8000),
      );
    });
    await env.requests.enableFeatures(admin, company, ['Operations']); // the stamp is on by default

    // A new operation: its documents, then its orders from the spreadsheet (checked first, then imported).
    await page.goto(`${server.url}/#/batches/new`);
    await page.reload(); // the session's features are read again
    await page.getByRole('textbox', { name: 'Title' }).fill(label);
    await page.getByRole('tab', { name: /^Documents/ }).click();
    // The rule is stated before picking; 55 PDFs go up in batches, a progress bar meanwhile, all of them in the pool.
    await page.getByText('Any number of PDFs: they are sent 10 at a time, with progress. A ZIP holds at most 50 PDFs.').waitFor();
    await chooseFile(page, page.getByRole('button', { name: 'Add PDF files' }), [files.a, files.b, ...annexes]);
    const uploading = page.getByRole('status').filter({ hasText: /^Uploading: \d+ of 55 files$/ });
    if (
      await uploading.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      )
    )
      await screenshot(page, 'operations-0-uploading'); // only a picture: a fast machine may finish first
    await page.getByText('55 document(s) added.').waitFor({ timeout: 60_000 });
    await page.getByRole('cell', { name: 'annex-53.pdf', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'contract-b.pdf', exact: true }).waitFor();
    expect(
      await page
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: /\.pdf$/ }) })
        .count(),
    ).toBe(55);
    await screenshot(page, 'operations-0-pool');
    await page.getByRole('tab', { name: /^Signatures/ }).click();
    await chooseFile(page, page.getByRole('button', { name: /Spreadsheet/ }), files.sheet);
    await page.getByRole('button', { name: 'Check the file' }).click();
    // The sheet it opens on names no column: the screen says the document is missing, and the user picks the orders' sheet.
    await page.getByText('Choose the column that gives the document (the file name of each signature).').waitFor();
    await page.getByRole('combobox', { name: 'Sheet', exact: true }).click();
    await page.getByRole('option', { name: 'Orders' }).click();
    await page.getByText('Rows under the header: 4.').waitFor();
    // The columns read with their fields guessed; the e-mail is asked for, and the user gives it its column.
    const fieldOf = (n: number, header: string) => page.getByRole('combobox', { name: `Field of column ${n} (${header})` });
    expect(await fieldOf(1, 'Fichier').inputValue()).toBe('Document (file name)');
    expect(await fieldOf(3, 'Nom').inputValue()).toBe('Signer 1: last name');
    await page.getByText('Choose the column that gives the e-mail of signer 1.').waitFor();
    await fieldOf(4, 'Adresse de contact').click();
    await page.getByRole('option', { name: 'Signer 1: e-mail', exact: true }).click();
    expect(await fieldOf(4, 'Adresse de contact').inputValue()).toBe('Signer 1: e-mail');
    await page.getByLabel('Remember this mapping for the next imports').check();
    await screenshot(page, 'operations-1-import-mapping');
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await page.getByText('4 rows: 3 kept, 1 rejected.').waitFor();
    expect(await page.getByRole('combobox', { name: 'Sheet', exact: true }).inputValue()).toBe('Orders');
    await page.getByRole('row', { name: /^5 \.\.\/contract-a\.pdf Rejected a path, not a file name/ }).waitFor();
    await screenshot(page, 'operations-1-import-preview');
    await page.getByRole('button', { name: 'Import 3 signatures' }).click();
    await page.getByRole('tab', { name: 'Signatures (3)' }).waitFor();

    // One more typed in the editor: Rosa and Sam sign contract-b.pdf at the same time (one parallel step).
    await page.getByRole('combobox', { name: 'Document', exact: true }).click();
    await page.getByRole('option', { name: 'contract-b.pdf' }).click();
    await page.getByRole('button', { name: 'Add a signer', exact: true }).click();
    for (const [i, name] of ['Rosa', 'Sam'].entries()) {
      await page.getByRole('textbox', { name: 'First name' }).nth(i).fill(name);
      await page.getByRole('textbox', { name: 'Last name' }).nth(i).fill('Typed');
      await page.getByRole('textbox', { name: 'E-mail' }).nth(i).fill(mail(name.toLowerCase()));
    }
    await page.getByLabel('Signs at the same time as the previous participant').check();
    await page.getByRole('button', { name: 'Add the signature', exact: true }).click();
    await page.getByRole('tab', { name: 'Signatures (4)' }).waitFor();

    // Send, after the confirmation; the dispatch makes one request per order.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('dialog').getByText('4 signature requests will be sent.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('4 of 4 sent').waitFor({ timeout: 60_000 });
    // Rosa and Sam are invited together.
    await Promise.all([server.waitForMailSubject(mail('rosa')), server.waitForMailSubject(mail('sam'))]);
    await screenshot(page, 'operations-2-sent');

    // Piet signs his order from the invitation (the code by e-mail).
    await server.waitForMailSubject(mail('piet'));
    const link = await steps.mailLinkPath(admin, mail('piet'));
    const signer = await steps.newPage();
    await signer.goto(`${server.url}/${link}`);
    await signer.getByRole('img', { name: /, page 1 of 1$/ }).waitFor();
    const sign = signer.getByRole('button', { name: 'Sign', exact: true });
    await expect.poll(() => sign.isEnabled()).toBe(true);
    const since = server.mark();
    await sign.click();
    const modal = signer.getByRole('dialog', { name: 'Confirm your signature' });
    await modal.getByRole('textbox', { name: '6-digit code' }).fill(await steps.codeFor(mail('piet'), since));
    await modal.getByRole('button', { name: 'Sign the documents' }).click();
    await signer.getByText('Thank you, you have signed').waitFor();

    // The order list follows: Piet's order completed, the two others still awaiting.
    const pietRow = page.getByRole('row', { name: /contract-b\.pdf TWO Piet/ });
    await expect
      .poll(
        async () => {
          await page.reload();
          await pietRow.waitFor();
          return (await pietRow.textContent()) ?? '';
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toContain('Completed');
    await screenshot(page, 'operations-3-one-signed');

    // The home follows it: the current operation with its progress, and its link back to the operation.
    await page.goto(`${server.url}/#/home`);
    await page.getByText('1 signed', { exact: true }).waitFor();
    await page.getByRole('link', { name: label }).first().click();
    await page.waitForURL(/#\/batches\/view\//);

    // Change the operation's status: cancelled (the three open orders are cancelled by a job, Piet's stays signed).
    await page.getByRole('button', { name: 'Change status' }).click();
    await page.getByRole('menuitem', { name: 'Cancel the operation' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('main').getByText('Cancelled', { exact: true }).first().waitFor();
    await expect
      .poll(
        async () => {
          await page.reload();
          await pietRow.waitFor();
          return page.getByRole('row', { name: /Cancelled/ }).count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(3);
    expect(await pietRow.textContent()).toContain('Completed');
    await screenshot(page, 'operations-4-cancelled');

    // The company seal: import the company's own certificate, seal a PDF with it, download the sealed file.
    const p12 = makeCompanyP12(env.workDir, company, 'p12-secret');
    await page.goto(`${server.url}/#/cachet/new`);
    await page.getByRole('button', { name: 'Import a certificate (.p12)' }).click();
    const dialog = page.getByRole('dialog');
    await chooseFile(page, dialog.getByRole('button', { name: /PKCS#12 file/ }), p12);
    await dialog.getByLabel('File password').fill('p12-secret');
    await dialog.getByRole('textbox', { name: 'Label' }).fill('Our own seal');
    await dialog.getByRole('button', { name: 'Import a certificate (.p12)' }).click();
    await page.getByText('Imported certificate').waitFor();
    await chooseFile(page, page.getByRole('button', { name: /PDF file/ }), files.toSeal);
    await page.getByRole('button', { name: 'Seal', exact: true }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Download sealed/ }).click()]);
    const sealed = path.join(env.workDir, 'sealed.pdf');
    await download.saveAs(sealed);
    await screenshot(page, 'operations-5-sealed');

    // Anyone verifies it, not logged in: the seal is intact, but its self-made chain confirms no identity (issue 24
    // item 4): the headline is the company whose account imported it, the certificate's own name only "declared".
    const visitor = await steps.newPage();
    await visitor.goto(`${server.url}/#/verify`);
    await chooseFile(visitor, visitor.getByRole('button', { name: 'Choose the document' }), sealed);
    await visitor.getByRole('button', { name: 'Verify', exact: true }).click();
    await visitor.getByText('Valid signature, identity not confirmed by a trusted authority').first().waitFor();
    await visitor.getByText(company, { exact: true }).first().waitFor();
    await visitor.getByText('Name declared by the certificate, not confirmed').first().waitFor();
    await visitor.getByText(`${company} Seal`).first().waitFor();
    // The file's badge says the same (its document time-stamp, from the platform's TSA, is valid on its own card).
    expect(await visitor.getByText('Valid signature, identity not confirmed by a trusted authority').count()).toBe(2);
    await screenshot(visitor, 'operations-6-verified');
  }, 240_000);
});
