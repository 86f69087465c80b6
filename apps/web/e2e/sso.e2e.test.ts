import { afterAll, describe, expect, it } from 'vitest';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { useJourneyEnvironment } from './support/environment.ts';
import { startOidcStandIn, type OidcStandIn } from '../../server/test/support/oidc-standin.ts';

/**
 * The single sign-on journey (docs/sso.md): a tenant owner configures the tenant's OpenID Connect provider (a real
 * `oidc-provider` started here, whose login page answers at once) in Settings → Single sign-on; then a person of
 * that company types their e-mail on the login page, is offered "Log in with Corp ID", goes through the provider
 * and lands in the back office as a user created just in time.
 */
// The provider is on 127.0.0.1: the operator's setting that lets the server reach a private address.
const env = useJourneyEnvironment('sso', { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
let op: OidcStandIn | undefined;
afterAll(() => op?.close());

describe('single sign-on journey', () => {
  const stamp = Date.now();

  it('configures the provider, then a new user logs in through it and lands in the back office', async () => {
    op = await startOidcStandIn({
      redirectUri: `${env.server.url}/api/public/sso/callback`,
      accounts: { alice: { email: `alice${stamp}@corp${stamp}.test`, email_verified: true, given_name: 'Alice', family_name: 'Martin' } },
    });
    const admin = await env.steps.newPage();
    await env.steps.logIn(admin, adminEmail, adminPassword);
    const owner = await env.requests.tenantOwner(admin, `owner${stamp}@example.com`, `Sso ${stamp}`);

    await owner.goto(`${env.server.url}/#/settings/configuration?tab=sso`);
    await owner.getByText('Not configured').waitFor();
    await owner.getByLabel(/^Display name/).fill('Corp ID');
    await owner.getByLabel(/^Issuer/).fill(op.issuer);
    await owner.getByLabel(/^Client ID/).fill(op.clientId);
    await owner.getByLabel(/^Client secret/).fill(op.clientSecret);
    const domains = owner.getByRole('combobox', { name: 'Allowed e-mail domains' });
    await domains.fill(`corp${stamp}.test`);
    await domains.press('Enter');
    await owner.getByRole('switch', { name: 'Single sign-on enabled' }).check();
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.getByText('Configuration saved.').waitFor();
    await owner.getByText('Enabled', { exact: true }).waitFor();
    await owner.getByText(`${env.server.url}/api/public/sso/callback`).waitFor();
    await screenshot(owner, 'sso-settings');

    // A person of the company: e-mail first, the login page offers the company's provider.
    const page = await env.steps.newPage();
    await page.goto(`${env.server.url}/#/`);
    await page.getByLabel('Email').fill(`alice${stamp}@corp${stamp}.test`);
    await page.getByLabel('Email').press('Tab');
    const entry = page.getByRole('link', { name: 'Log in with Corp ID' });
    await entry.waitFor();
    await screenshot(page, 'sso-login-entry');
    await entry.click();

    // The provider signs Alice in and sends the browser back: the back office, as a new user.
    await page.getByRole('navigation').waitFor();
    expect(page.url().startsWith(env.server.url)).toBe(true);
    const me = await page.evaluate(async () => {
      const token = await fetch('/api/auth/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"audience":"user"}' });
      const { data } = (await token.json()) as { data: { accessToken: string } };
      const answer = await fetch('/api/Users/web/me', { headers: { authorization: `Bearer ${data.accessToken}` } });
      return (await answer.json()) as { data: { user: { email: string; firstName: string; profile: string } } };
    });
    expect(me.data.user).toMatchObject({ email: `alice${stamp}@corp${stamp}.test`, firstName: 'Alice', profile: 'COMMERCIAL' });
    await screenshot(page, 'sso-landed');
  });
});
