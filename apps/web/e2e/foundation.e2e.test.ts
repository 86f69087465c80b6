import { describe, expect, it } from 'vitest';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { useJourneyEnvironment } from './support/environment.ts';

/**
 * Foundation journeys against the real server (embedded database, mails captured in the outbox):
 * login with the second factor and return path, tenant creation, users, commuted mode, sign-up.
 */
const env = useJourneyEnvironment('foundation');

const newPage = () => env.steps.newPage();
const codeFor = (email: string, after: number) => env.steps.codeFor(email, after);
const logIn = (...args: Parameters<typeof env.steps.logIn>) => env.steps.logIn(...args);
const mailLinkPath = (...args: Parameters<typeof env.steps.mailLinkPath>) => env.steps.mailLinkPath(...args);

describe('foundation journeys', () => {
  it('logs in with the second factor and returns to the asked path, query kept without state and code', async () => {
    const page = await newPage();
    await page.goto(`${env.server.url}/#/users/list?q=adm&state=xyz&code=abc`);
    await page.getByLabel('Email').waitFor();
    expect(page.url()).toMatch(/#\/$/);
    await screenshot(page, 'foundation-login');
    await page.getByLabel('Email').fill(adminEmail);
    await page.getByRole('textbox', { name: 'Password' }).fill('wrong-Password1!');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('Incorrect email or password');

    await page.getByRole('textbox', { name: 'Password' }).fill(adminPassword);
    const since = env.server.mark();
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('textbox', { name: 'Code received' }).fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('The code is incorrect');
    await page.getByRole('textbox', { name: 'Code received' }).fill(await codeFor(adminEmail, since));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/#\/users\/list\?q=adm$/);
    await page.getByRole('table').waitFor();
    await screenshot(page, 'foundation-users-list');

    await page.getByRole('button', { name: /^(User menu|Menu utilisateur): / }).click();
    await page.getByRole('menuitem', { name: /Log out|Se déconnecter/ }).click();
    await page.waitForURL(/#\/logout$/);
    await page.goto(`${env.server.url}/#/applications/list`);
    // After logout, still in the language of the session that ended (the English browser's, adopted at login).
    await page.getByLabel(/^E-?mail/).waitFor();
  });

  it('public #/new: a visitor sees how to start and lands on the new-signature screen after logging in; a logged-in user goes straight there', async () => {
    const page = await newPage();
    await page.goto(`${env.server.url}/#/new`);
    await page.getByRole('heading', { name: 'Create a signature request' }).waitFor();
    expect(await page.getByText('no account needed').count()).toBe(1);
    await screenshot(page, 'foundation-public-new');
    await page.getByRole('link', { name: 'Log in to start' }).click();
    await page.getByLabel('Email').fill(adminEmail);
    await page.getByRole('textbox', { name: 'Password' }).fill(adminPassword);
    const since = env.server.mark();
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('textbox', { name: 'Code received' }).fill(await codeFor(adminEmail, since));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/#\/signatures\/new$/);
    await page.getByRole('navigation').waitFor();
    // Already logged in: straight to the screen.
    await page.goto(`${env.server.url}/#/home`);
    await page.getByRole('navigation').waitFor();
    await page.goto(`${env.server.url}/#/new`);
    await page.waitForURL(/#\/signatures\/new$/);
  });

  it('creates a tenant whose owner sets a password, manages users, and is viewed as by its director', async () => {
    const stamp = Date.now();
    const owner = `owner${stamp}@example.com`;
    const admin = await newPage();
    await logIn(admin, adminEmail, adminPassword);
    await admin.goto(`${env.server.url}/#/applications/new`);
    await admin.getByLabel(/^Company/).fill(`Acme ${stamp}`);
    await admin.getByLabel(/Owner's first name/).fill('Jean');
    await admin.getByLabel(/Owner's last name/).fill('Dupont');
    await admin.getByLabel(/Owner's email/).fill(owner);
    await admin.getByRole('button', { name: 'Create the application' }).click();
    await admin.getByRole('tab', { name: 'Settings' }).click();
    await admin.getByLabel(/Redirection after signature/).fill('http://insecure.example.com');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('The URL must be HTTPS').waitFor();

    const resetPath = await mailLinkPath(admin, owner);
    expect(resetPath).toMatch(/^#\/reset\?token=/);
    const page = await newPage();
    await page.goto(`${env.server.url}/${resetPath}`);
    await page.getByRole('textbox', { name: 'New password' }).fill('Secret123!');
    await page.getByRole('textbox', { name: 'Confirm the password' }).fill('Secret123!');
    await page.getByRole('button', { name: 'Save the password' }).click();
    await page.getByText('Password changed').waitFor();

    await logIn(page, owner, 'Secret123!');
    await page.getByText('Test mode: signatures have no legal value.').waitFor();
    await page.goto(`${env.server.url}/#/users/new`);
    await page.getByLabel(/^First name/).fill('Marie');
    await page.getByLabel(/^Last name/).fill('Martin');
    await page.getByLabel(/^Email/).fill(owner);
    await page.getByRole('combobox', { name: 'Profile' }).click();
    await page.getByRole('option', { name: 'Manager' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('An account already exists with this email.').waitFor();
    await page.getByLabel(/^Email/).fill(`marie${stamp}@example.com`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/#\/users\/list/);

    await page.goto(`${env.server.url}/#/users/new`);
    expect(await page.getByRole('combobox', { name: 'Profile' }).inputValue()).toBe('User');
    await page.getByLabel(/^First name/).fill('Paul');
    await page.getByLabel(/^Last name/).fill('Petit');
    await page.getByLabel(/^Email/).fill(`paul${stamp}@example.com`);
    await page.getByRole('combobox', { name: 'Line manager' }).click();
    await page.getByRole('option', { name: /MARTIN Marie/ }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/#\/users\/list/);

    await page.getByRole('button', { name: 'Actions for MARTIN Marie' }).click();
    await page.getByRole('menuitem', { name: 'Hierarchy' }).click();
    await page.getByRole('dialog').getByText('PETIT Paul').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Actions for MARTIN Marie' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByText(/cannot be deleted/).waitFor();
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('User deactivated.').waitFor();

    await page.getByRole('button', { name: 'Actions for PETIT Paul' }).click();
    await page.getByRole('menuitem', { name: 'View as this user' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'View as this user' }).click();
    await page.getByText(/(You are viewing the application as|Vous consultez l'application en tant que) Paul Petit/).waitFor();
    expect(await page.getByRole('link', { name: /^(Users|Utilisateurs)$/ }).count()).toBe(0);
    await screenshot(page, 'foundation-commuted');
    await page.getByRole('button', { name: /^(Leave|Quitter)$/ }).click();
    await page.getByRole('link', { name: /^(Users|Utilisateurs)$/ }).waitFor();
  });

  it('signs up, confirms the e-mail address, and meets the feature and logout rules', async () => {
    const email = `signup${Date.now()}@example.com`;
    const page = await newPage();
    await page.goto(`${env.server.url}/#/signup`);
    await page.getByLabel(/^Company/).fill('Signup Co');
    await page.getByLabel(/^First name/).fill('Sam');
    await page.getByLabel(/^Last name/).fill('Signer');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill('Secret123!');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.getByText('Required').first().waitFor();
    await page.getByLabel(/I accept the terms of service/).check();
    await page.getByLabel(/personal data/).check();
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.getByText('Check your mailbox').waitFor();

    await page.goto(`${env.server.url}/#/`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill('Secret123!');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('not confirmed');

    const admin = await newPage();
    await logIn(admin, adminEmail, adminPassword);
    const confirmPath = await mailLinkPath(admin, email);
    expect(confirmPath).toMatch(/^#\/confirm\?token=/);
    await page.goto(`${env.server.url}/${confirmPath}`);
    await page.getByText('Email address confirmed').waitFor();

    await logIn(page, email, 'Secret123!');
    expect(await page.getByRole('link', { name: 'Campaigns' }).count()).toBe(0);
    await page.goto(`${env.server.url}/#/campaigns/list`);
    await page.getByRole('heading', { name: 'Feature not enabled' }).waitFor();
    await page.goto(`${env.server.url}/#/outbox`);
    await page.waitForURL(/#\/403$/);
    await page.getByRole('heading', { name: 'Access impossible' }).waitFor();
    await page.goto(`${env.server.url}/#/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.goto(`${env.server.url}/#/home?error=access_denied`);
    await page.waitForURL(/#\/logout$/);
    await page.goto(`${env.server.url}/#/home`);
    await page.getByLabel('Email').waitFor();
  });
});
