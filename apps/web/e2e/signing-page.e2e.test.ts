import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import path from 'node:path';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { seriousViolations } from './support/accessibility.ts';
import { a3, a4, choose, writePdf, type Participant } from './support/requests.ts';
import { useJourneyEnvironment } from './support/environment.ts';

/**
 * Issue 25's signing-page journey: a French signer's page opens in French and its language switcher really
 * switches it (to English, for the visit); a document with an A4 and an A3 page shows them at their true relative
 * size; and the login, home, new-signature and signing pages have no critical or serious axe-core violation.
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

  it('the signer\'s page opens in French, passes axe-core, and its switcher turns it into English', async () => {
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
      .poll(async () => {
        await requester.goto(`${env.server.url}/#/`);
        await requester.reload();
        await requester.getByRole('heading', { name: 'Dashboard' }).waitFor();
        await requester.getByText('Requests per month').waitFor();
        return requester.getByRole('figure', { name: 'Requests per month' }).isVisible();
      }, { timeout: 30_000, interval: 1_000 })
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
});
