import { describe, it, onTestFailed } from 'vitest';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { useJourneyEnvironment } from './support/environment.ts';

/**
 * Qualified certificates (docs/qualified.md), the screens: a tenant with the qualified level; its owner opens
 * "My qualified certificate" (the trusted-list notice; ordering without a mobile says what is missing) and the
 * level-3 form (the signers' certificates panel); the administrator opens the operator queue.
 */
const env = useJourneyEnvironment('qualified');

describe('qualified certificates journey', () => {
  const stamp = Date.now();
  const owner = `owner.${stamp}@example.com`;
  const company = `Acme Qualified ${stamp}`;

  it('my certificate page, the level-3 form and the operator queue', async () => {
    const { server, steps, requests } = env;
    onTestFailed(() => console.log(server.logs().slice(-40).join('\n')));
    onTestFailed(async () =>
      console.log(
        'owner page:',
        (
          await env.browser
            .contexts()
            .at(-1)
            ?.pages()
            .at(-1)
            ?.innerText('body')
            .catch(() => '')
        )?.slice(0, 1500),
      ),
    );
    const admin = await steps.newPage();
    await steps.logIn(admin, adminEmail, adminPassword);
    const page = await requests.tenantOwner(admin, owner, company);
    await requests.enableFeatures(admin, company, ['Qualified signature (level 3)']);

    // The owner's page was open before the feature was turned on: load the app again (its identity says the features).
    await page.goto(`${server.url}/#/certificate`);
    await page.reload();
    await page.getByRole('heading', { name: 'My qualified certificate' }).waitFor();
    await page.getByText(/not on the EU trusted list/).waitFor();
    await page.getByRole('button', { name: 'Order a qualified certificate' }).click();
    await page.getByText('Add a mobile phone number to your profile first.').waitFor();
    await screenshot(page, 'qualified-1-my-certificate');

    await page.goto(`${server.url}/#/signatures/new_qualified`);
    await page.getByRole('heading', { name: 'Qualified signature (level 3)' }).waitFor();
    await page.getByText("Signers' certificates").waitFor();
    await screenshot(page, 'qualified-2-level3-form');

    await admin.goto(`${server.url}/#/certificates/queue`);
    await admin.getByRole('heading', { name: 'Qualified certificates to verify' }).waitFor();
    await admin.getByRole('table', { name: 'Qualified certificates to verify' }).waitFor();
    await screenshot(admin, 'qualified-3-operator-queue');
  });
});
