import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { useJourneyEnvironment } from './support/environment.ts';

/**
 * A tenant's own mail sender (docs/mail-senders.md): the owner declares contrats@<domain> in Settings → Parameters →
 * Mail sender, sees the DKIM record to publish, "publishes" it (the server reads the DNS from DNS_STUB_FILE), presses
 * Check now and sees the domain verified.
 */
const zoneFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-e2e-dns-')), 'zone.json');
fs.writeFileSync(zoneFile, '{}');
const env = useJourneyEnvironment('mail-sender', { DNS_STUB_FILE: zoneFile, MAIL_SPF_INCLUDE: '_spf.paraphe-mail.test' });

describe('mail sender journey', () => {
  const stamp = Date.now();
  const domain = `acme${stamp}.example`;

  it('declares the sender, publishes the DKIM record shown, checks it: verified', async () => {
    const admin = await env.steps.newPage();
    await env.steps.logIn(admin, adminEmail, adminPassword);
    const owner = await env.requests.tenantOwner(admin, `owner${stamp}@example.com`, `Acme ${stamp}`);

    await owner.goto(`${env.server.url}/#/settings/configuration?tab=parameters`);
    const panel = owner.getByTestId('mail-sender');
    await panel.getByRole('heading', { name: 'Mail sender' }).waitFor();
    await panel.getByLabel(/^Domain/).fill(domain);
    await panel.getByLabel(/^Sender address/).fill(`contrats@${domain}`);
    await panel.getByRole('button', { name: 'Declare the sender' }).click();
    await panel.getByTestId('mail-sender-status').getByText('Pending').waitFor();
    await panel.getByText(/Until the domain is verified, your mails are sent from/).waitFor();

    // The DKIM record as shown: its name and value go to the (stub) DNS, as the tenant would paste them.
    const dkim = panel.getByTestId('mail-sender-record-dkim');
    const [name, value] = await dkim.locator('code, pre').allTextContents();
    expect(name).toMatch(new RegExp(`^paraphe\\d{6}\\._domainkey\\.${domain.replace(/\./g, '\\.')}$`));
    expect(value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);
    await screenshot(owner, 'mail-sender-pending');

    fs.writeFileSync(zoneFile, JSON.stringify({ [name!]: { TXT: [value!] }, [`_dmarc.${domain}`]: { TXT: ['v=DMARC1; p=none'] } }));
    await panel.getByRole('button', { name: 'Check now' }).click();
    await panel.getByTestId('mail-sender-status').getByText('Verified').waitFor();
    await panel.getByText(`Your mails are sent from Acme ${stamp} <contrats@${domain}>, DKIM-signed for your domain.`).waitFor();
    await dkim.getByText('Found').waitFor();
    await panel.getByTestId('mail-sender-record-spf').getByText('Missing').waitFor();
    await panel.getByTestId('mail-sender-record-dmarc').getByText('Found').waitFor();
    await screenshot(owner, 'mail-sender-verified');
  });
});
