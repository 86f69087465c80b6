import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { verifyPdf } from '@paraphe/signing';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot, screenshotDir } from './support/browser.ts';
import { seriousViolations } from './support/accessibility.ts';
import { a3, a4, choose, writeDamagedPdf, writePdf, type Participant } from './support/requests.ts';
import { useJourneyEnvironment } from './support/environment.ts';

/**
 * Issue 25's signing-page journey: a French signer's page opens in French and its language switcher really
 * switches it (to English, for the visit); a document with an A4 and an A3 page shows them at their true relative
 * size; the login, home, new-signature (and its Documents tab) and signing pages, including its final states
 * (signed, already signed, refused), have no critical or serious axe-core violation. Item 14: a damaged but
 * repairable PDF is announced as repaired when added, and its signed version is sound. Item 9: an optional
 * document is signed only when its box is ticked.
 */
const env = useJourneyEnvironment('signing-page');

/** Once the page stopped moving (Mantine's transitions change colours and opacity while they run). */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.waitForTimeout(300); // CSS transitions that start on hover/focus: none is awaited in the assertions
}

/** Soft: the journey goes on, so one run reports every page's violations. */
async function expectAccessible(page: Page, name: string): Promise<void> {
  await settled(page);
  expect.soft(await seriousViolations(page), `${name}: critical and serious axe-core violations`).toEqual([]);
}

/** Downloads through a button of the page and returns the file's bytes. */
async function download(page: Page, button: string, file: string): Promise<Uint8Array> {
  const [event] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const target = path.join(env.workDir, file);
  await event.saveAs(target);
  return new Uint8Array(fs.readFileSync(target));
}

/** The signers' signatures in a PDF (not the document time-stamps). */
async function signatureCount(pdf: Uint8Array): Promise<number> {
  const report = await verifyPdf(pdf, { trustedRoots: [] }); // counted, not judged: no trust needed
  return report.signatures.filter((s) => s.type === 'signature').length;
}

/** Adds a file on the new-signature form's Documents tab and sets its type; returns its card. */
async function addDocument(page: Page, file: string, type: string): Promise<Locator> {
  await page.locator('input[type=file]').setInputFiles(file);
  const card = page.getByRole('region', { name: path.basename(file), exact: true });
  await card.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  return card;
}

/** The on-screen width and height of each page of the document viewer (the canvases pdf.js drew). */
async function pageBoxes(page: Page, count: number): Promise<{ width: number; height: number }[]> {
  const boxes = [];
  for (let n = 1; n <= count; n++) {
    const canvas = page.getByRole('img', { name: new RegExp(`, page ${n} (of|sur) ${count}$`) });
    await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await canvas.waitFor();
    const box = (await canvas.boundingBox())!;
    boxes.push({ width: box.width, height: box.height });
  }
  return boxes;
}

describe('issue 25 journey: the signing page (language switcher, page sizes, accessibility)', () => {
  const stamp = Date.now();
  const signer: Participant = { first: 'Françoise', last: 'Fabre', email: `francoise${stamp}@example.com` };
  const optionalSigner: Participant = { first: 'Olivia', last: 'Ortiz', email: `olivia${stamp}@example.com` };
  const refusingSigner: Participant = { first: 'Roland', last: 'Roux', email: `roland${stamp}@example.com` };
  let optionalViewUrl: string;
  let requester: Page;
  let link: string;
  let admin: Page;

  it('login, home and new-signature pages: no critical or serious accessibility violation', async () => {
    const login = await env.steps.newPage();
    await login.goto(`${env.server.url}/#/`);
    await login.getByRole('button', { name: 'Log in' }).waitFor();
    await expectAccessible(login, 'login');
    await screenshot(login, 'issue25-login');
    await login.close();

    admin = await env.steps.newPage();
    await env.steps.logIn(admin, adminEmail, adminPassword);
    requester = await env.requests.tenantOwner(admin, `requester${stamp}@example.com`, `Pages ${stamp}`);
    await requester.goto(`${env.server.url}/#/`);
    await requester.getByRole('heading', { name: 'Dashboard' }).first().waitFor();
    await expectAccessible(requester, 'home');
    await screenshot(requester, 'issue25-home');
    await requester.goto(`${env.server.url}/#/signatures/new`);
    await requester.getByLabel(/^Label/).waitFor();
    await expectAccessible(requester, 'new signature');
    await screenshot(requester, 'issue25-new-signature');
  });

  it("the signer's page opens in French, passes axe-core, and its switcher turns it into English", async () => {
    const pdfFile = path.join(env.workDir, 'plans.pdf');
    await writePdf(pdfFile, ['Contract', 'Plans (A3)'], { pageSizes: [a4, a3] });
    await env.requests.fillRequest(requester, { label: `Plans ${stamp}`, participants: [signer], pdfFile });
    await requester.getByRole('tab', { name: /^Signers/ }).click();
    await choose(requester, 'Language', 'Français');
    await env.requests.send(requester, { chaining: 'By e-mail to the signers', handwritten: 'Enabled' });
    await requester.waitForURL(/#\/signatures\/view\//);
    await env.server.waitForMailSubject(signer.email);
    link = await env.steps.mailLinkPath(admin, signer.email);

    // The home page again, with this month's activity: its chart of requests per month is named, as a figure.
    await expect
      .poll(
        async () => {
          await requester.goto(`${env.server.url}/#/`);
          await requester.reload();
          await requester.getByRole('heading', { name: 'Dashboard' }).waitFor();
          await requester.getByText('Requests per month').waitFor();
          return requester.getByRole('figure', { name: 'Requests per month' }).isVisible();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    await expectAccessible(requester, 'home with activity');
    await screenshot(requester, 'issue25-home-activity');

    const page = await env.steps.newPage();
    await page.goto(`${env.server.url}/${link}`);
    const french = page.getByRole('button', { name: 'Signer', exact: true });
    await french.waitFor();
    await page.getByRole('img', { name: /, page 1 sur 2$/ }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page, 'signing page (French)');

    await page.getByRole('button', { name: 'Langue' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Sign', exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    // It stays English: nothing switches it back to the signer's language behind their back.
    await page.waitForTimeout(1500);
    expect(await page.getByRole('button', { name: 'Sign', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Language' }).textContent()).toContain('EN');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'issue25-signing-page-switched-en');
    await expectAccessible(page, 'signing page (English)');
  });

  it('an A3 page is shown larger than an A4 page, in proportion', async () => {
    const page = await env.steps.newPage();
    await page.goto(`${env.server.url}/${link}`);
    const [first, second] = await pageBoxes(page, 2);
    // A3 is √2 times A4 on each side; the widest page fills the frame, the others keep their relative size.
    expect(second!.width / first!.width).toBeCloseTo(a3.width / a4.width, 1);
    expect(second!.height / first!.height).toBeCloseTo(a3.height / a4.height, 1);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight * 0.25));
    await screenshot(page, 'issue25-signing-page-a4-a3');

    const phone = await env.steps.newPage({ width: 360, height: 740 });
    await phone.goto(`${env.server.url}/${link}`);
    const [small, large] = await pageBoxes(phone, 2);
    expect(large!.width / small!.width).toBeCloseTo(a3.width / a4.width, 1);
    expect(large!.width).toBeLessThanOrEqual(360);
  });

  it('new signature, Documents tab: a damaged but repairable PDF is announced as repaired; optional documents; no serious violation', async () => {
    const contract = path.join(env.workDir, 'quote.pdf');
    const annexA = path.join(env.workDir, 'annex-a.pdf');
    const annexB = path.join(env.workDir, 'annex-b.pdf');
    await Promise.all([writeDamagedPdf(contract, ['Quote', 'Signatures']), writePdf(annexA, ['Annex A']), writePdf(annexB, ['Annex B'])]);
    await env.requests.fillRequest(requester, { label: `Quote ${stamp}`, participants: [optionalSigner], pdfFile: contract });
    const notice = requester.getByText('quote.pdf is slightly damaged');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('it will be repaired once, before the first signature');
    await addDocument(requester, annexA, 'Optional signature');
    await addDocument(requester, annexB, 'Optional signature');
    await expect.poll(() => requester.getByText('1 signature position').count()).toBe(3);
    await requester.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(requester, 'new signature, Documents tab');
    await screenshot(requester, 'issue25-new-signature-documents-repaired');
    await env.requests.send(requester, { chaining: 'By e-mail to the signers' });
    await requester.waitForURL(/#\/signatures\/view\//);
    optionalViewUrl = requester.url();
  });

  it('the signer ticks one optional document and not the other: only the ticked one is signed; the final states pass axe-core', async () => {
    await env.server.waitForMailSubject(optionalSigner.email);
    const signerLink = await env.steps.mailLinkPath(admin, optionalSigner.email);
    const page = await env.steps.newPage();
    await page.goto(`${env.server.url}/${signerLink}`);
    const choice = (title: string) => page.getByRole('region', { name: title, exact: true }).getByRole('checkbox', { name: 'Sign this optional document' });
    await choice('annex-b').waitFor();
    // Unticked until the signer chooses: signing an optional document is never assumed.
    expect(await choice('annex-a').isChecked()).toBe(false);
    expect(await choice('annex-b').isChecked()).toBe(false);
    expect(await page.getByRole('region', { name: 'quote', exact: true }).getByRole('checkbox').count()).toBe(0);
    await choice('annex-a').check();
    const annexBCard = page.getByRole('region', { name: 'annex-b', exact: true });
    await annexBCard.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await annexBCard.getByRole('img', { name: /, page 1 of 1$/ }).waitFor(); // drawn once scrolled to
    await choice('annex-b').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expectAccessible(page, 'signing page with optional documents');
    await annexBCard.screenshot({ path: path.join(screenshotDir, 'issue25-optional-document-box.png') });
    await screenshot(page, 'issue25-signing-page-optional-documents');

    const since = env.server.mark();
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Confirm your signature' });
    await modal.getByRole('textbox', { name: '6-digit code' }).fill(await env.steps.codeFor(optionalSigner.email, since));
    await modal.getByRole('button', { name: 'Sign the documents' }).click();
    await page.getByRole('heading', { name: 'Thank you, you have signed' }).waitFor();
    await expectAccessible(page, 'signing page, signed');
    await screenshot(page, 'issue25-signing-page-signed');
    await page.reload();
    await page
      .getByRole('heading', { name: /^Thank you, you have already signed|^Every participant has acted/ })
      .first()
      .waitFor();
    await expectAccessible(page, 'signing page, already signed');
    await screenshot(page, 'issue25-signing-page-done');

    await expect
      .poll(
        async () => {
          await requester.goto(optionalViewUrl);
          await requester.reload();
          await requester.getByRole('tab', { name: /^Documents/ }).waitFor();
          return requester.getByText('Completed', { exact: true }).first().isVisible();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    await requester.getByRole('tab', { name: /^Documents/ }).click();
    const signedContract = await download(requester, 'Download quote.pdf', 'signed-quote.pdf');
    expect(await signatureCount(signedContract)).toBe(1);
    expect(await signatureCount(await download(requester, 'Download annex-a.pdf', 'signed-annex-a.pdf'))).toBe(1);
    expect(await signatureCount(await download(requester, 'Download annex-b.pdf', 'unsigned-annex-b.pdf'))).toBe(0);
    // Item 14: the damaged contract was repaired once, before the signature: its signed version is sound.
    const qpdf = spawnSync('qpdf', ['--check', path.join(env.workDir, 'signed-quote.pdf')], { encoding: 'utf8' });
    expect(qpdf.status, qpdf.stdout + qpdf.stderr).toBe(0);
    expect(qpdf.stdout + qpdf.stderr).not.toMatch(/WARNING/);
  });

  it('a signer who refuses: the refusal and the link opened again pass axe-core', async () => {
    const pdfFile = path.join(env.workDir, 'offer.pdf');
    await writePdf(pdfFile, ['Offer']);
    await env.requests.fillRequest(requester, { label: `Offer ${stamp}`, participants: [refusingSigner], pdfFile });
    await env.requests.send(requester, { chaining: 'By e-mail to the signers' });
    await requester.waitForURL(/#\/signatures\/view\//);
    await env.server.waitForMailSubject(refusingSigner.email);
    const refuseLink = await env.steps.mailLinkPath(admin, refusingSigner.email);
    const page = await env.steps.newPage();
    await page.goto(`${env.server.url}/${refuseLink}`);
    await page.getByRole('button', { name: 'Refuse', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Refuse to sign' });
    await modal.getByRole('textbox', { name: 'Comment' }).fill('The price is not the one we agreed on.');
    await modal.getByRole('button', { name: 'Refuse', exact: true }).click();
    await page.getByRole('heading', { name: 'You refused to sign' }).waitFor();
    await expectAccessible(page, 'signing page, refused');
    await screenshot(page, 'issue25-signing-page-refused');
    // The link opened again: the request is over for everyone, the refusal named as its cause.
    await page.reload();
    await page.getByRole('heading', { name: 'The document to be signed is no longer available' }).waitFor();
    await page.getByText('A participant refused this request.').waitFor();
    await expectAccessible(page, 'signing page, refused (link opened again)');
    await screenshot(page, 'issue25-signing-page-refused-again');
  });
});
