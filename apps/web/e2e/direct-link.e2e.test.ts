import { describe, expect, it, onTestFailed } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { pathOf, requestTemplateEndpoints, signatureEndpoints, type RequestTemplateInput } from '@paraphe/contracts';
import { adminEmail, adminPassword } from './support/server.ts';
import { useJourneyEnvironment } from './support/environment.ts';
import { writePdf } from './support/requests.ts';

/**
 * Issue 27's direct link journey: the owner publishes a template's direct link from its page; a visitor opens it in a
 * fresh browser (no session), gives their name and e-mail, types the mailed code, lands on the signing page and signs.
 * Screenshots go to /tmp (direct-link-*.png).
 */
const env = useJourneyEnvironment('direct-link');

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join('/tmp', `direct-link-${name}.png`), fullPage: true });
}

describe('direct link journey', () => {
  const stamp = Date.now();
  const visitorEmail = `vera.${stamp}@example.com`;
  const director = { firstname: 'Bruno', lastname: 'Bernard', emailAddress: `bruno.${stamp}@example.com` };
  const templateName = `Membership ${stamp}`;

  it('publishes a link; a visitor gives their name, proves the e-mail with the code and signs', async () => {
    const pdfFile = path.join(env.workDir, 'membership.pdf');
    const admin = await env.steps.newPage();
    await Promise.all([writePdf(pdfFile, ['Membership agreement']), env.steps.logIn(admin, adminEmail, adminPassword)]);
    const page = await env.requests.tenantOwner(admin, `owner.${stamp}@example.com`, `Club ${stamp}`);
    onTestFailed(async () => {
      await shot(page, 'failure');
      console.log(
        env.server
          .logs()
          .filter((l) => !/incoming request|request completed/.test(l))
          .slice(-30)
          .join('\n')
          .slice(0, 8000),
      );
    });

    // The session's token (read from the list's call) makes the template: the visitor's role first, the director prefilled.
    const listCall = page.waitForRequest((r) => r.url().includes(pathOf(requestTemplateEndpoints.list)) && !!r.headers().authorization);
    await page.goto(`${env.server.url}/#/templates/list`);
    const token = (await listCall).headers().authorization!;
    const definition: RequestTemplateInput = {
      name: templateName,
      visibility: 'private',
      roles: [
        { name: 'Member', role: 'signer' },
        { name: 'Director', role: 'signer', prefill: director },
      ],
      documents: [
        {
          fileName: 'membership.pdf',
          title: 'Membership agreement',
          signatureFields: [
            { signerIndex: 0, page: 1, x: 80, y: 120 },
            { signerIndex: 1, page: 1, x: 320, y: 120 },
          ],
        },
      ],
    };
    const form = new FormData();
    form.append('template', JSON.stringify(definition));
    form.append('files', new Blob([fs.readFileSync(pdfFile)], { type: 'application/pdf' }), 'membership.pdf');
    const created = await fetch(`${env.server.url}${pathOf(requestTemplateEndpoints.create)}`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const templateId = ((await created.json()) as { data: { id: string } }).data.id;

    // The template's page: the Direct link panel, switched on; its address shown with the uses.
    await page.goto(`${env.server.url}/#/templates/edit/${templateId}`);
    const panel = page.getByRole('region', { name: 'Direct link' });
    await panel.waitFor();
    await panel.getByRole('switch', { name: 'Published' }).click({ force: true });
    const address = panel.getByTestId('direct-link-url');
    await address.waitFor();
    await panel.getByText('Live', { exact: true }).waitFor();
    await panel.getByText('0 requests made through the link (limit: ∞)').waitFor();
    const slug = /#\/d\/([A-Za-z0-9_-]+)$/.exec((await address.innerText()).trim())![1]!;
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/direct-link-1-panel.png', fullPage: true });

    // A visitor, in a browser of their own: the tenant's name, the template, the role they take, the documents.
    const visitor = await env.steps.newPage({ width: 390, height: 844 });
    await visitor.goto(`${env.server.url}/#/d/${slug}`);
    await visitor.getByRole('heading', { name: templateName, level: 1 }).waitFor();
    await visitor.getByText(`Club ${stamp}`, { exact: true }).waitFor();
    await visitor.getByText('Membership agreement').waitFor();
    expect(await visitor.content()).not.toContain(director.emailAddress);
    await visitor.getByRole('textbox', { name: 'First name' }).fill('Vera');
    await visitor.getByRole('textbox', { name: 'Last name' }).fill('Visitor');
    await visitor.getByRole('textbox', { name: 'E-mail' }).fill(visitorEmail);
    await shot(visitor, '2-form');
    const sent = env.server.mark();
    await visitor.getByRole('button', { name: 'Receive my code' }).click();

    // The code step: the mailed code (read from the captured mails), then the signing page.
    await visitor.getByRole('heading', { name: 'Enter your code' }).waitFor();
    const wrong = await visitor.getByRole('textbox', { name: '6-digit code' });
    const code = await env.steps.codeFor(visitorEmail, sent);
    await wrong.fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    await visitor.getByRole('button', { name: 'Confirm and open the documents' }).click();
    await visitor.getByText('Wrong code: 4 tries left.').waitFor();
    await wrong.fill(code);
    await shot(visitor, '3-code');
    await visitor.getByRole('button', { name: 'Confirm and open the documents' }).click();
    await visitor.waitForURL(/#\/sign\//);
    await visitor.getByRole('img', { name: /, page 1 of 1$/ }).waitFor();
    await shot(visitor, '4-signing-page');

    // Signs like any signer: the signing code by e-mail.
    const signing = env.server.mark();
    await visitor.getByRole('button', { name: 'Sign', exact: true }).click();
    const modal = visitor.getByRole('dialog', { name: 'Confirm your signature' });
    await modal.getByRole('textbox', { name: '6-digit code' }).fill(await env.steps.codeFor(visitorEmail, signing));
    await modal.getByRole('button', { name: 'Sign the documents' }).click();
    await visitor.getByText('Thank you, you have signed').waitFor();
    await shot(visitor, '5-signed');

    // The owner's side: the request (owned by the publisher) has the visitor first, the director next; one use.
    await page.reload();
    await panel.getByText('1 request made through the link (limit: ∞)').waitFor();
    const requests = await fetch(`${env.server.url}${pathOf(signatureEndpoints.list)}?limit=10`, { headers: { authorization: token } });
    const listed = ((await requests.json()) as { data: { id: string; label: string }[] }).data;
    const made = listed.find((r) => r.label === templateName);
    expect(made, JSON.stringify(listed)).toBeDefined();
    const answer = await fetch(`${env.server.url}${pathOf(signatureEndpoints.get, { id: made!.id })}`, { headers: { authorization: token } });
    type Made = { signers: { emailAddress: string; signerIndex: number; status: string }[] };
    const request = ((await answer.json()) as { data: Made }).data;
    expect(request.signers.sort((a, b) => a.signerIndex - b.signerIndex).map((s) => [s.emailAddress, s.status])).toEqual([
      [visitorEmail, 'signed'],
      [director.emailAddress, 'ready'],
    ]);
  });
});
