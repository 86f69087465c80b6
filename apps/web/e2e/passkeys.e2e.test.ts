import { describe, expect, it, onTestFailed } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { useJourneyEnvironment } from './support/environment.ts';

// WebAuthn needs a host name (an IP address is no relying-party id): the server is reached as localhost here.
const env = useJourneyEnvironment('passkeys', {}, 'localhost');

const authenticatorOptions = {
  protocol: 'ctap2',
  transport: 'internal',
  hasResidentKey: true,
  hasUserVerification: true,
  isUserVerified: true,
  automaticPresenceSimulation: true,
} as const;

/** Chromium's virtual authenticator (DevTools protocol): a platform authenticator that verifies its user, no dialog. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', { options: authenticatorOptions });
  return { cdp, authenticatorId };
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: /^User menu: / }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(/#\/logout$/);
  await page.goto(`${env.server.url}/#/`);
}

describe('passkeys journey', () => {
  const stamp = Date.now();
  it('registers a passkey, uses it as the second factor and alone, refuses a clone, removes it', async () => {
    const { server, steps, requests } = env;
    onTestFailed(() => console.log(server.logs().slice(-40).join('\n')));
    const admin = await steps.newPage();
    await steps.logIn(admin, adminEmail, adminPassword);
    const owner = `owner.${stamp}@example.com`;
    const company = `Acme Passkeys ${stamp}`;
    const page = await requests.tenantOwner(admin, owner, company);
    const { cdp, authenticatorId } = await virtualAuthenticator(page);

    // Register, from the profile.
    await page.goto(`${server.url}/#/settings/profile`);
    await page.getByRole('textbox', { name: 'Name of the new passkey' }).fill('Laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('cell', { name: 'Laptop' }).waitFor();
    await screenshot(page, 'passkeys-1-profile');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);

    // Second factor: the password, then the passkey instead of the code.
    await logOut(page);
    await page.getByLabel('Email').fill(owner);
    await page.getByRole('textbox', { name: 'Password' }).fill('Secret123!');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByRole('navigation').waitFor();

    // Passwordless: refused until the tenant allows it, then the passkey alone.
    await logOut(page);
    await page.getByRole('button', { name: 'Continue with a passkey' }).click();
    await page.getByText('Logging in with a passkey alone is not allowed for this account').waitFor();
    await admin.goto(`${server.url}/#/applications/list`);
    await admin.getByRole('row', { name: new RegExp(company) }).click();
    await admin.getByRole('tab', { name: 'Settings' }).click();
    await admin.getByRole('switch', { name: 'Passkey-only login' }).check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Changes saved.').first().waitFor();
    await page.getByRole('button', { name: 'Continue with a passkey' }).click();
    await page.getByRole('navigation').waitFor();
    await screenshot(page, 'passkeys-2-passwordless');

    // A clone: the same key on another authenticator whose counter is behind — refused.
    await logOut(page);
    const [credential] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
    expect(credential!.signCount).toBeGreaterThan(1);
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    const clone = await cdp.send('WebAuthn.addVirtualAuthenticator', { options: authenticatorOptions });
    await cdp.send('WebAuthn.addCredential', { authenticatorId: clone.authenticatorId, credential: { ...credential!, signCount: 0 } });
    await page.getByRole('button', { name: 'Continue with a passkey' }).click();
    await page.getByText('This passkey could not be verified.').waitFor();

    // Remove it, after a fresh login (password and code).
    await steps.logIn(page, owner, 'Secret123!');
    await page.goto(`${server.url}/#/settings/profile`);
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Confirm: remove Laptop' }).click();
    await page.getByText('No passkey yet.').waitFor();
  });
});
