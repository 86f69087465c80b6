import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { useJourneyEnvironment } from './support/environment.ts';
import { writePdf, type Participant } from './support/requests.ts';

/**
 * A tenant's own domain (docs/white-label.md), for real in Chromium: the owner declares `sign.<tenant>.localhost` in
 * Settings → Domains, the journey "publishes" the ownership TXT record (DNS_STUB_FILE, the server's DNS seam), the
 * owner clicks Check now and sees Verified; the invitation mailed next links to https://sign.<tenant>.localhost/…,
 * and the signer opens that link's token on the same host — over http on the server's port, since no TLS runs
 * here (Chromium resolves *.localhost to the loopback) — and sees the tenant's name and colour.
 */
const stubDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-e2e-dns-'));
const stubFile = path.join(stubDir, 'zone.json');
// PUBLIC_URL on `localhost`: the platform's host, the CNAME target; the tenant's name is a subdomain Chromium resolves too.
const env = useJourneyEnvironment('custom-domain', { DNS_STUB_FILE: stubFile }, 'localhost');

describe('custom domain journey', () => {
  const stamp = Date.now();
  const company = `Acme ${stamp}`;
  const host = `sign.acme${stamp}.localhost`;
  const signer: Participant = { first: 'Sam', last: 'Signer', email: `sam${stamp}@example.com` };

  it('declares, verifies and uses a signing domain: the mailed link points at it, the page there wears the tenant’s colours', async () => {
    const admin = await env.steps.newPage();
    await env.steps.logIn(admin, adminEmail, adminPassword);
    const owner = await env.requests.tenantOwner(admin, `owner${stamp}@example.com`, company);

    // The tenant's colour, to see it on its signing page.
    await owner.goto(`${env.server.url}/#/settings/configuration?tab=general`);
    await owner.getByLabel('Theme colour').fill('#AA3355');
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.getByText(/saved/i).first().waitFor();

    // Settings → Domains: declare, read the TXT value shown, publish it, check.
    await owner.goto(`${env.server.url}/#/settings/configuration?tab=domains`);
    await owner.getByRole('textbox', { name: /^Domain/ }).fill(host);
    await owner.getByRole('button', { name: 'Add the domain' }).click();
    const card = owner.getByTestId(`domain-${host}`);
    await card.getByText('Pending').waitFor();
    const txtRow = card.getByRole('row', { name: /^TXT/ });
    const value = (await txtRow.locator('code').nth(1).innerText()).trim();
    expect(value).toMatch(/^paraphe-verification=/);
    await card.getByRole('button', { name: 'Check now' }).click();
    await card.getByText(/ownership TXT record was not found/).waitFor();

    fs.writeFileSync(stubFile, JSON.stringify({ [`_paraphe-challenge.${host}`]: { TXT: [value] }, [host]: { CNAME: ['localhost'] } }));
    await card.getByRole('button', { name: 'Check now' }).click();
    await card.getByText('Verified', { exact: true }).waitFor();
    await card.getByText(/Last checked/).waitFor();
    await screenshot(owner, 'custom-domain-panel');

    // A request sent now: the invitation links to the tenant's domain.
    const pdfFile = path.join(env.workDir, 'contract.pdf');
    await writePdf(pdfFile, ['Service agreement']);
    await env.requests.fillRequest(owner, { label: `Agreement ${stamp}`, participants: [signer], pdfFile });
    await env.requests.send(owner, { chaining: 'By e-mail to the signers' });
    await owner.waitForURL(/#\/signatures\/view\//);
    await env.server.waitForMailSubject(signer.email);
    await admin.goto(`${env.server.url}/#/outbox?to=${encodeURIComponent(signer.email)}&channel=email`);
    await admin
      .getByRole('row', { name: new RegExp(signer.email.replace(/[.+]/g, '\\$&')) })
      .first()
      .click();
    const href = (await admin.frameLocator('iframe[title="HTML version"]').getByRole('link').first().getAttribute('href')) ?? '';
    expect(href.startsWith(`https://${host}/#/sign/`), href).toBe(true);

    // The signer on the tenant's host (http and the server's port here: TLS is Caddy's, outside the product).
    const port = new URL(env.server.url).port;
    const page = await env.steps.newPage();
    await page.goto(`http://${host}:${port}/${new URL(href).hash}`);
    await page.getByText(company).first().waitFor();
    const branding = await page.evaluate(async () => ((await (await fetch('/api/public/branding')).json()) as { data: unknown }).data);
    expect(branding).toEqual({ tenant: true, company, themeColor: '#AA3355', logoUrl: null });
    const primary = await page
      .getByRole('button', { name: /sign/i })
      .first()
      .evaluate((b) => getComputedStyle(b).backgroundColor);
    // The page's primary shade is derived from the tenant's colour (Mantine's palette): crimson, not the product's blue.
    const [r, g, b] = (/\d+/g.exec(primary) ? primary.match(/\d+/g)! : []).map(Number);
    expect(r! > 120 && g! < 80 && b! < 110, primary).toBe(true);
    await screenshot(page, 'custom-domain-signing-page');

    // The login page on the tenant's host wears its name too; the platform's own host shows the platform's look.
    const login = await env.steps.newPage();
    await login.goto(`http://${host}:${port}/#/`);
    await login.getByText(company).waitFor();
    await screenshot(login, 'custom-domain-login');
    const platformBranding = await admin.evaluate(async () => ((await (await fetch('/api/public/branding')).json()) as { data: { tenant: boolean } }).data);
    expect(platformBranding.tenant).toBe(false);
  });
});
