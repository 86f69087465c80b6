import { describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import path from 'node:path';
import { pathOf, requestTemplateEndpoints, signatureEndpoints } from '@paraphe/contracts';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot as fullPageShot } from './support/browser.ts';
import { useJourneyEnvironment } from './support/environment.ts';
import { recordToasts } from './support/toasts.ts';
import { writePdf, type Participant } from './support/requests.ts';

/**
 * Issue 27's journey: a request sent, saved as a template from its page (its people kept as prefilled), the template
 * renamed and saved again (version 2), found in the Templates list, used from the UI for a new person (a server field
 * error lands on its input first), and used once more through the API — both requests carry the template's document;
 * a one-role template made from scratch starts a campaign draft.
 */
const env = useJourneyEnvironment('request-templates');

/** From the top: else the fixed header lands mid-page in the full-page shot. */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullPageShot(page, name);
}

/** Waits until the open modal finished its opening transition (else the screenshot catches it half-drawn). */
async function modalShown(page: Page) {
  await expect.poll(() => page.getByRole('dialog').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
}

describe('request templates journey', () => {
  const stamp = Date.now();
  const client: Participant = { first: 'Alice', last: 'Arnaud', email: `alice.${stamp}@example.com` };
  const director: Participant = { first: 'Bruno', last: 'Bernard', email: `bruno.${stamp}@example.com` };
  const templateName = `Lease ${stamp}`;

  it('saves a sent request as a template, edits it, uses it from the UI and through the API', async () => {
    const pdfFile = path.join(env.workDir, 'lease.pdf');
    const admin = await env.steps.newPage();
    await Promise.all([writePdf(pdfFile, ['Lease agreement', 'Signatures']), env.steps.logIn(admin, adminEmail, adminPassword)]);
    const page = await env.requests.tenantOwner(admin, `owner.${stamp}@example.com`, `Templates ${stamp}`);
    onTestFailed(async () => {
      await screenshot(page, 'templates-failure');
      console.log(
        env.server
          .logs()
          .filter((l) => !/incoming request|request completed/.test(l))
          .slice(-30)
          .join('\n')
          .slice(0, 8000),
      );
    });

    // No template yet: the list says what to do.
    await page.goto(`${env.server.url}/#/templates/list`);
    await page
      .getByRole('status')
      .getByText(/^No template yet\./)
      .waitFor();
    await page.getByRole('link', { name: 'Create a template' }).waitFor();
    await screenshot(page, 'templates-0-empty-list');

    // A request, sent: two signers, the PDF on the default positions.
    await env.requests.fillRequest(page, { label: `Lease Arnaud ${stamp}`, participants: [client, director], pdfFile });
    await env.requests.send(page, { chaining: 'By e-mail to the signers' });
    await page.waitForURL(/#\/signatures\/view\//);

    // Its page: Save as template, people kept as the roles' prefilled persons.
    await page.getByRole('button', { name: 'Save as template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as a template' });
    await dialog.getByRole('textbox', { name: 'Template name' }).fill(templateName);
    await dialog.getByRole('combobox', { name: 'Who sees it' }).click();
    await page.getByRole('option', { name: 'My team' }).click();
    await dialog.getByRole('checkbox', { name: 'Keep the people as prefilled' }).check();
    await modalShown(page);
    await screenshot(page, 'templates-1-save-dialog');
    await dialog.getByRole('button', { name: 'Save the template' }).click();

    // The editor of the new template: the roles got their people; rename them, save a new version.
    await page.getByRole('heading', { name: `Edit “${templateName}”`, level: 2 }).waitFor();
    const templateId = /#\/templates\/edit\/([^?/]+)/.exec(page.url())![1]!;
    await page.getByText('Version 1', { exact: true }).waitFor();
    const roleNames = page.getByRole('textbox', { name: /^Role name/ });
    await expect.poll(() => roleNames.count()).toBe(2);
    expect(await roleNames.nth(0).inputValue()).toBe('Signer 1');
    await roleNames.nth(0).fill('Tenant');
    await roleNames.nth(1).fill('Landlord');
    await expect
      .poll(() =>
        page
          .getByRole('textbox', { name: /^E-mail/ })
          .nth(1)
          .inputValue(),
      )
      .toBe(director.email);
    await screenshot(page, 'templates-2-editor-roles');
    await page.getByRole('tab', { name: /^Documents/ }).click();
    await page.getByText('2 signature positions').waitFor();
    await page.getByRole('button', { name: 'Place the signatures' }).click();
    await page.getByRole('img', { name: 'Page 1 of 2' }).waitFor();
    // The position editor names the roles.
    await page.getByRole('combobox', { name: 'Signer', exact: true }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['1. Tenant', '2. Landlord']);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByRole('button', { name: /^Tenant, page 2, / }).waitFor();
    await page.getByRole('button', { name: /^Landlord, page 2, / }).waitFor();
    await screenshot(page, 'templates-3-editor-documents');
    const toasts = await recordToasts(page);
    await page.getByRole('button', { name: 'Save a new version' }).click();
    await page.getByText('Version 2', { exact: true }).waitFor();
    await expect.poll(toasts).toContain(`“${templateName}” saved (version 2).`);

    // The menu entry under Signatures, the list (the session's token for the API call below is read from its call).
    await page.getByRole('navigation', { name: 'Main navigation' }).getByText('Signatures', { exact: true }).click();
    const listCall = page.waitForRequest((r) => r.url().includes(pathOf(requestTemplateEndpoints.list)) && !!r.headers().authorization);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Templates' }).click();
    const token = (await listCall).headers().authorization!;
    const row = page.getByRole('table', { name: 'Request templates' }).getByRole('row', { name: new RegExp(templateName) });
    await row.getByText('Tenant, Landlord').waitFor();
    await row.getByText('My team').waitFor();
    await screenshot(page, 'templates-4-list');

    // Use: the landlord is prefilled; a new tenant, first with the landlord's e-mail (the server's error lands on it).
    await row.getByRole('button', { name: `Actions for ${templateName}` }).click();
    await page.getByRole('menuitem', { name: 'Use' }).click();
    await page.getByRole('heading', { name: `Use the template “${templateName}”`, level: 2 }).waitFor();
    const tenant = page.getByRole('region', { name: 'Tenant' });
    const landlord = page.getByRole('region', { name: 'Landlord' });
    expect(await landlord.getByRole('textbox', { name: /^E-mail/ }).inputValue()).toBe(director.email);
    await page.getByRole('textbox', { name: 'Request label' }).fill(`From template UI ${stamp}`);
    await tenant.getByRole('textbox', { name: /^First name/ }).fill('Carla');
    await tenant.getByRole('textbox', { name: /^Last name/ }).fill('Cartier');
    await tenant.getByRole('textbox', { name: /^E-mail/ }).fill(director.email);
    await screenshot(page, 'templates-5-use');
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.getByRole('dialog').getByText(`CARTIER Carla (${director.email})`).waitFor();
    await modalShown(page);
    await screenshot(page, 'templates-6-use-review');
    await page.getByRole('dialog').getByRole('button', { name: 'Send now' }).click();
    await landlord.getByText('Each person needs their own e-mail: another role has this one.').waitFor();
    await screenshot(page, 'templates-7-use-error');
    const carla = `carla.${stamp}@example.com`;
    await tenant.getByRole('textbox', { name: /^E-mail/ }).fill(carla);
    // The review closes when the server refuses: its "Send now" may still be leaving the page (seen under load).
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send now' }).click();
    await page.waitForURL(/#\/signatures\/view\//);
    const fromUi = /#\/signatures\/view\/([^?/]+)/.exec(page.url())![1]!;
    await page.getByRole('heading', { name: `From template UI ${stamp}`, level: 2 }).waitFor();
    await page.getByText('CARTIER Carla').first().waitFor();

    // Through the API, with the session's token: a draft for another tenant, the landlord left to the template.
    const made = await fetch(`${env.server.url}${pathOf(requestTemplateEndpoints.use, { id: templateId })}`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({
        label: `From template API ${stamp}`,
        roles: [{ role: 'tenant', firstname: 'Dana', lastname: 'Durand', emailAddress: `dana.${stamp}@example.com` }],
      }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const fromApi = ((await made.json()) as { data: { id: string; status: string } }).data;
    expect(fromApi.status).toBe('draft');

    // Both requests exist with the template's document and its people.
    for (const [id, tenantEmail] of [
      [fromUi, carla],
      [fromApi.id, `dana.${stamp}@example.com`],
    ] as const) {
      const answer = await fetch(`${env.server.url}${pathOf(signatureEndpoints.get, { id })}`, { headers: { authorization: token } });
      expect(answer.status).toBe(200);
      type Made = { documents: { fileName: string; pageCount: number }[]; signers: { emailAddress: string; signerIndex: number }[] };
      const request = ((await answer.json()) as { data: Made }).data;
      expect(request.documents.map((d) => [d.fileName, d.pageCount])).toEqual([['lease.pdf', 2]]);
      expect(request.signers.sort((a, b) => a.signerIndex - b.signerIndex).map((s) => s.emailAddress)).toEqual([tenantEmail, director.email]);
    }
    // The list counts both uses (and shows version 2).
    await page.goto(`${env.server.url}/#/templates/list`);
    await page.reload();
    await row.waitFor();
    // Name, roles, documents, visibility, owner, version, uses.
    await expect.poll(async () => (await row.getByRole('cell').allInnerTexts()).slice(2, 7)).toEqual(['1', 'MY TEAM', 'REQUESTER Rita', '2', '2']);

    // A template from scratch: a name, one role, a PDF (its role placed by default); saved as version 1, private.
    await page.getByRole('link', { name: 'New template' }).click();
    await page.getByRole('heading', { name: 'New template', level: 2 }).waitFor();
    await page.getByRole('textbox', { name: /^Template name/ }).fill(`NDA ${stamp}`);
    await page.getByRole('textbox', { name: /^Role name/ }).fill('Partner');
    await page.getByRole('tab', { name: /^Documents/ }).click();
    await page.locator('input[type=file]').setInputFiles(pdfFile);
    await page.getByText('1 signature position').waitFor();
    await screenshot(page, 'templates-8-new-editor');
    await page.getByRole('button', { name: 'Save the template' }).click();
    await page.getByRole('heading', { name: `Edit “NDA ${stamp}”`, level: 2 }).waitFor();
    await page.getByText('Version 1', { exact: true }).waitFor();
    await page.goto(`${env.server.url}/#/templates/list?visibility=private`);
    const nda = page.getByRole('table', { name: 'Request templates' }).getByRole('row', { name: new RegExp(`NDA ${stamp}`) });
    await nda.getByText('Partner').waitFor();
    expect(
      await page
        .getByRole('table', { name: 'Request templates' })
        .getByRole('row', { name: new RegExp(templateName) })
        .count(),
    ).toBe(0);

    // One signer role: with campaigns on, the template starts a campaign — its draft holds the template's document.
    await env.requests.enableFeatures(admin, `Templates ${stamp}`, ['Campaigns']);
    await page.reload(); // the session's features are read again
    await nda.getByRole('button', { name: `Actions for NDA ${stamp}` }).click();
    await page.getByRole('menuitem', { name: 'Start a campaign' }).click();
    await page.waitForURL(/#\/campaigns\/edit\//);
    await page.getByText(`Campaign draft made from “NDA ${stamp}”: add the signatories, then send.`).waitFor();
    await page.getByRole('tab', { name: 'Documents (1)' }).click();
    await page.getByText(/^Current documents: lease\.pdf\./).waitFor();
    // The stored document is listed under the notice (issue 27 leftover: it said "Documents (0)… No document yet").
    await expect.poll(() => page.getByTestId('kept-document').allInnerTexts()).toEqual([expect.stringContaining('lease.pdf')]);
    expect(await page.getByText('No document yet.').count()).toBe(0);
    await screenshot(page, 'templates-9-campaign-draft');

    // One document: with operations on, the template starts an operation — each signature then names only its people.
    await env.requests.enableFeatures(admin, `Templates ${stamp}`, ['Operations']);
    await page.goto(`${env.server.url}/#/templates/list?visibility=private`);
    await page.reload();
    await nda.getByRole('button', { name: `Actions for NDA ${stamp}` }).click();
    await page.getByRole('menuitem', { name: 'Start an operation' }).click();
    await page.waitForURL(/#\/batches\/view\//);
    await page.getByText(`Made from the template “NDA ${stamp}” (version 1)`).waitFor();
    await page.getByText('Signer 1: Partner (signer)').waitFor();
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Olga');
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Partner');
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`olga-${stamp}@example.com`);
    await page.getByRole('button', { name: 'Add the signature', exact: true }).click();
    await page.getByRole('tab', { name: 'Signatures (1)' }).waitFor();
    await page.getByRole('cell', { name: 'lease.pdf' }).first().waitFor();
    await screenshot(page, 'templates-10-operation-draft');
  });
});
