import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { useJourneyEnvironment } from './support/environment.ts';

/**
 * Issue 2's journeys: a new client signs up and builds a small hierarchy; the sales user at the bottom sees
 * only what the permission matrix gives a COMMERCIAL; unknown and forbidden routes; the phone layout.
 */
const env = useJourneyEnvironment('access');

async function createUser(page: Page, user: { first: string; last: string; email: string; profile: string; manager?: RegExp }) {
  await page.goto(`${env.server.url}/#/users/new`);
  await page.getByLabel(/^First name/).fill(user.first);
  await page.getByLabel(/^Last name/).fill(user.last);
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByRole('combobox', { name: 'Profile' }).click();
  await page.getByRole('option', { name: user.profile }).click();
  if (user.manager) {
    await page.getByRole('combobox', { name: 'Line manager' }).click();
    await page.getByRole('option', { name: user.manager }).click();
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/#\/users\/list/);
}

async function setPasswordFromMail(admin: Page, page: Page, email: string, password: string) {
  const path = await env.steps.mailLinkPath(admin, email);
  await page.goto(`${env.server.url}/${path}`);
  await page.getByRole('textbox', { name: 'New password' }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm the password' }).fill(password);
  await page.getByRole('button', { name: 'Save the password' }).click();
  await page.getByText('Password changed').waitFor();
}

describe('issue 2 journeys', () => {
  const stamp = Date.now();
  const director = `director${stamp}@example.com`;
  const manager = `manager${stamp}@example.com`;
  const sales = `sales${stamp}@example.com`;
  let salesPage: Page;

  it('signs up, confirms from the outbox, logs in with the code, builds MANAGER → COMMERCIAL; the COMMERCIAL sees only the matrix', async () => {
    const page = await env.steps.newPage();
    await page.goto(`${env.server.url}/#/`);
    await page.getByRole('link', { name: /Create an account|Créer un compte/ }).click();
    await page.getByLabel(/^Company/).fill(`Journey ${stamp}`);
    await page.getByLabel(/^First name/).fill('Diane');
    await page.getByLabel(/^Last name/).fill('Director');
    await page.getByLabel(/^Email/).fill(director);
    await page.getByRole('textbox', { name: 'Password' }).fill('Secret123!');
    await page.getByLabel(/I accept the terms of service/).check();
    await page.getByLabel(/personal data/).check();
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.getByText('Check your mailbox').waitFor();

    const admin = await env.steps.newPage();
    await env.steps.logIn(admin, adminEmail, adminPassword);
    const confirmPath = await env.steps.mailLinkPath(admin, director);
    await page.goto(`${env.server.url}/${confirmPath}`);
    await page.getByText('Email address confirmed').waitFor();

    await env.steps.logIn(page, director, 'Secret123!');
    await page.getByText('Test mode: signatures have no legal value.').waitFor();
    await createUser(page, { first: 'Marc', last: 'Manager', email: manager, profile: 'Manager' });
    await createUser(page, { first: 'Sophie', last: 'Sales', email: sales, profile: 'User', manager: /MANAGER Marc/ });
    await page.getByText('SALES Sophie').waitFor();
    await screenshot(page, 'issue2-director-users');

    salesPage = await env.steps.newPage();
    await setPasswordFromMail(admin, salesPage, sales, 'Sales123!x');
    await env.steps.logIn(salesPage, sales, 'Sales123!x');
    const nav = salesPage.getByRole('navigation');
    for (const allowed of ['Dashboard', 'Address book', 'My profile'])
      expect(await nav.getByRole('link', { name: allowed, exact: true }).count()).toBeGreaterThan(0);
    for (const hidden of ['Users', 'Applications', 'Outbox', 'Admin dashboard'])
      expect(await nav.getByRole('link', { name: hidden, exact: true }).count()).toBe(0);
    await screenshot(salesPage, 'issue2-sales-home');

    for (const forbidden of ['users/list', 'users/new', 'applications/list', 'outbox']) {
      await salesPage.goto(`${env.server.url}/#/${forbidden}`);
      await salesPage.waitForURL(/#\/403$/);
    }
    // Settings: every user has their own defaults (tab User); the tenant's tabs are the director's.
    await salesPage.goto(`${env.server.url}/#/settings/configuration`);
    await salesPage.getByRole('tab', { name: 'User', exact: true }).waitFor();
    for (const tenantTab of ['General', 'Parameters', 'Billing']) expect(await salesPage.getByRole('tab', { name: tenantTab, exact: true }).count()).toBe(0);
    await salesPage.goto(`${env.server.url}/#/users/list`);
    await salesPage.waitForURL(/#\/403$/);
    await salesPage.getByRole('heading', { name: 'Access impossible' }).waitFor();
  });

  it('shows the 404 page for an unknown route and the 403 page for a forbidden one', async () => {
    await salesPage.goto(`${env.server.url}/#/this/route/does/not/exist`);
    await salesPage.getByRole('heading', { name: 'Page not found' }).waitFor();
    await salesPage.goto(`${env.server.url}/#/dashboardAdmin`);
    await salesPage.waitForURL(/#\/403$/);
    await salesPage.getByRole('link', { name: /home|accueil/i }).waitFor();
  });

  it('switches to the phone layout at 400 px: navigation behind the burger, content readable', async () => {
    await salesPage.setViewportSize({ width: 400, height: 800 });
    await salesPage.goto(`${env.server.url}/#/home`);
    const burger = salesPage.getByRole('button', { name: 'Open or close the navigation' });
    await burger.waitFor();
    const dashboardLink = salesPage.getByRole('navigation').getByRole('link', { name: 'Dashboard', exact: true });
    const onScreen = async () => {
      const box = await dashboardLink.boundingBox();
      return Boolean(box && box.x >= 0 && box.x < 400 && (await dashboardLink.isVisible()));
    };
    expect(await onScreen()).toBe(false);
    await burger.click();
    await expect.poll(onScreen).toBe(true);
    const width = await salesPage.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(400);
    await screenshot(salesPage, 'issue2-phone-400');
  });
});
