import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { useJourneyEnvironment } from './support/environment.ts';

/**
 * Issue 24 item 8: while the service is away the web app said "0 items" (and kept saying it after the service came
 * back) or showed the generic "Oops" page. Now it says "Service temporarily unavailable — retrying in N s", never
 * draws a list as empty meanwhile, and when the service answers again the screen refreshes by itself, without a
 * reload. Two outages: the server process stopped and started again on the same port and data (the browser's calls
 * fail), then the API answering 503 UNAVAILABLE with Retry-After (the server's answer while its database is away).
 */
const env = useJourneyEnvironment('unavailable');

const total = (page: Page) => page.getByText(/^[\d,]+ items?$/);
const banner = (page: Page) => page.getByTestId('service-unavailable');

describe('service unavailable journey', () => {
  it('shows the unavailable state instead of an empty list, retries, and refreshes when the service is back', async () => {
    const page = await env.steps.newPage();
    await env.steps.logIn(page, adminEmail, adminPassword);
    await page.goto(`${env.server.url}/#/outbox?channel=email`);
    await page.getByRole('heading', { name: 'Outbox', level: 2 }).waitFor();
    await total(page).waitFor();
    expect(await total(page).innerText()).not.toBe('0 items');
    // A mark on the window: a reload of the page would lose it.
    await page.evaluate(() => Object.assign(window, { journeyMark: 'kept' }));

    // Outage 1: the server is stopped. A new page of the list is asked meanwhile.
    await env.server.outage(async () => {
      await page.goto(`${env.server.url}/#/outbox?status=captured`);
      await banner(page).waitFor();
      expect(await banner(page).innerText()).toMatch(/Service temporarily unavailable — (retrying in \d+ s|retrying…)/);
      // Not an empty list, not the generic error.
      expect(await page.getByText(/^0 items$/).count()).toBe(0);
      expect(await page.getByText('No results').count()).toBe(0);
      expect(await page.getByText(/Oops/).count()).toBe(0);
      await screenshot(page, 'unavailable-server-stopped');
    });
    // Back: the banner goes and the list shows its answer, in the same page (no reload).
    await banner(page).waitFor({ state: 'detached', timeout: 60_000 });
    await total(page).waitFor();
    expect(await total(page).innerText()).not.toBe('0 items');
    expect(await page.evaluate(() => (window as unknown as { journeyMark?: string }).journeyMark)).toBe('kept');
    await screenshot(page, 'unavailable-recovered');

    // Outage 2: the API answers 503 UNAVAILABLE with Retry-After, as the server does while its database is away.
    const unavailable = JSON.stringify({
      error: { code: 'UNAVAILABLE', message: 'The service is temporarily unavailable, try again in a moment.', detail: 'UNAVAILABLE : database unreachable' },
    });
    let refused = 0;
    await page.route('**/api/outbox**', (route) => {
      refused++;
      return route.fulfill({ status: 503, headers: { 'content-type': 'application/json', 'retry-after': '4' }, body: unavailable });
    });
    await page.route('**/healthz', (route) =>
      route.fulfill({ status: 503, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'degraded', database: 'unreachable' }) }),
    );
    await page.goto(`${env.server.url}/#/outbox?channel=email&status=captured`);
    await banner(page).waitFor();
    expect(await banner(page).innerText()).toMatch(/retrying in [1-4] s|retrying…/);
    expect(await page.getByText(/^0 items$/).count()).toBe(0);
    await screenshot(page, 'unavailable-503');
    await page.unroute('**/api/outbox**');
    await page.unroute('**/healthz');
    await banner(page).waitFor({ state: 'detached', timeout: 30_000 });
    await total(page).waitFor();
    expect(refused).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { journeyMark?: string }).journeyMark)).toBe('kept');
  }, 180_000);
});
