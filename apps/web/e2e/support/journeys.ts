import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RunningServer } from './server.ts';

/** Browser steps every journey needs, bound to one running server and one browser. */
export function journeySteps(server: RunningServer, browser: Browser, contexts: BrowserContext[] = []) {
  async function newPage(viewport = { width: 1280, height: 820 }): Promise<Page> {
    const context = await browser.newContext({ locale: 'en-US', viewport });
    contexts.push(context);
    return context.newPage();
  }

  /** The 6-digit code is in the subject of the second-factor mail ("Your login code: 123456"). */
  async function codeFor(email: string, after: number): Promise<string> {
    const subject = await server.waitForMailSubject(email, after);
    const code = /\b(\d{6})\b/.exec(subject)?.[1];
    if (!code) throw new Error(`no code in "${subject}"`);
    return code;
  }

  /** Both login steps; the interface is then switched to English whatever the user's language. */
  async function logIn(page: Page, email: string, password: string, path = '/'): Promise<void> {
    await page.goto(`${server.url}/#${path}`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill(password);
    const since = server.mark();
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('textbox', { name: 'Code received' }).fill(await codeFor(email, since));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('navigation').waitFor();
    await page.getByRole('button', { name: /^(Language|Langue): / }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
  }

  /**
   * A goto that only changes the address hash returns at once, and screens are loaded lazily: wait for the
   * Outbox itself, or a row of the previous screen naming the same address could be clicked.
   */
  async function outboxShown(admin: Page): Promise<void> {
    await admin.getByRole('heading', { name: 'Outbox', level: 2 }).waitFor();
  }

  /**
   * As the administrator, opens the newest outbox mail to `to` and returns the in-app path of its link
   * (the mail's links point at PUBLIC_URL, which may be another host name than the one the test uses).
   */
  async function mailLinkPath(admin: Page, to: string): Promise<string> {
    await admin.goto(`${server.url}/#/outbox?to=${encodeURIComponent(to)}&channel=email`);
    await outboxShown(admin);
    await admin
      .getByRole('row', { name: new RegExp(to.replace(/[.+]/g, '\\$&')) })
      .first()
      .click();
    const href = await admin.frameLocator('iframe[title="HTML version"]').getByRole('link').first().getAttribute('href');
    const hash = /#\/.*$/.exec(href ?? '')?.[0];
    if (!hash) throw new Error(`no in-app link in the mail to ${to}: ${href}`);
    return hash;
  }

  /** As the administrator, the text of the newest outbox SMS to `to` (a mobile number). */
  async function smsText(admin: Page, to: string): Promise<string> {
    await admin.goto(`${server.url}/#/outbox?to=${encodeURIComponent(to)}&channel=sms`);
    await outboxShown(admin);
    const row = admin.getByRole('row', { name: new RegExp(to.replace(/[.+]/g, '\\$&')) }).first();
    await row.waitFor();
    await row.click();
    return admin.getByLabel('Text version', { exact: true }).innerText();
  }

  return { newPage, codeFor, logIn, mailLinkPath, smsText };
}
