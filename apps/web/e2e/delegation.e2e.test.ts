import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot, screenshotDir } from './support/browser.ts';
import { displayName, writePdf, type Participant } from './support/requests.ts';
import { useJourneyEnvironment } from './support/environment.ts';

/**
 * Issue 27's delegation journey: the sender allows delegation (Options tab); the signer opens their link and hands
 * the request over to a colleague (name, e-mail, reason); their link then says to whom it went; the colleague opens
 * the invitation from the outbox, signs with their own code; the sender's request view shows the hand-over.
 */
const env = useJourneyEnvironment('delegation');

/** Copies a screenshot of the journey to /tmp too (looked at before the work is handed in). */
async function shot(page: Page, name: string) {
  await screenshot(page, name);
  fs.mkdirSync('/tmp/delegation-e2e', { recursive: true });
  fs.copyFileSync(path.join(screenshotDir, `${name}.png`), path.join('/tmp/delegation-e2e', `${name}.png`));
}

describe('issue 27 journey: a signer delegates and the delegate signs', () => {
  const stamp = Date.now();
  const label = `Purchase order ${stamp}`;
  const consent = 'I have read the purchase order';
  const signer: Participant = { first: 'Alice', last: 'Arnaud', email: `alice${stamp}@example.com` };
  const delegate = { first: 'Carla', last: 'Collins', email: `carla${stamp}@example.com` };
  const reason = 'I am on leave until the end of the month: Carla signs purchase orders meanwhile.';

  it('sends with delegation allowed, the signer hands over, the delegate signs, the sender sees who and why', async () => {
    const pdfFile = path.join(env.workDir, 'order.pdf');
    const admin = await env.steps.newPage();
    await Promise.all([writePdf(pdfFile, ['Purchase order', 'Signatures']), env.steps.logIn(admin, adminEmail, adminPassword)]);
    const requester = await env.requests.tenantOwner(admin, `requester${stamp}@example.com`, `Delegation ${stamp}`);

    await env.requests.fillRequest(requester, { label, participants: [signer], pdfFile, consents: [consent] });
    await requester.getByRole('tab', { name: 'Options' }).click();
    const allow = requester.getByRole('switch', { name: 'Allow delegation' });
    expect(await allow.isChecked()).toBe(false); // off by default
    await allow.check();
    await shot(requester, 'issue27-options-allow-delegation');
    await env.requests.send(requester, { chaining: 'By e-mail to the signers' });
    await requester.waitForURL(/#\/signatures\/view\//);
    const viewUrl = requester.url();

    // The signer opens the invitation and hands the request over.
    await env.server.waitForMailSubject(signer.email);
    const signerLink = await env.steps.mailLinkPath(admin, signer.email);
    const signerPage = await env.steps.newPage();
    await signerPage.goto(`${env.server.url}/${signerLink}`);
    await signerPage.getByText('Not the right person?').waitFor();
    await signerPage.getByRole('button', { name: 'Hand over', exact: true }).click();
    const dialog = signerPage.getByRole('dialog', { name: 'Hand the request over' });
    await dialog.getByRole('textbox', { name: 'First name' }).fill(delegate.first);
    await dialog.getByRole('textbox', { name: 'Last name' }).fill(delegate.last);
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(signer.email); // a participant already: refused
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await dialog.getByRole('button', { name: 'Hand the request over' }).click();
    await dialog.getByText('This person already takes part in the request: choose someone else.').waitFor();
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(delegate.email);
    await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await shot(signerPage, 'issue27-hand-over-dialog');
    const handedAt = env.server.mark();
    await dialog.getByRole('button', { name: 'Hand the request over' }).click();
    await signerPage.getByRole('heading', { name: 'Request handed over' }).waitFor();
    await signerPage.getByText(`You handed this request over to ${delegate.last.toUpperCase()} ${delegate.first} on`).waitFor();
    await shot(signerPage, 'issue27-handed-over');
    // Opened again, the link still says so: it acts on nothing any more.
    await signerPage.reload();
    await signerPage.getByRole('heading', { name: 'Request handed over' }).waitFor();
    expect(await signerPage.getByRole('button', { name: 'Sign', exact: true }).count()).toBe(0);

    // The delegate opens their own invitation (outbox) and signs with their own code, received by e-mail.
    await env.server.waitForMailSubject(delegate.email);
    const delegateLink = await env.steps.mailLinkPath(admin, delegate.email);
    const delegatePage = await env.steps.newPage();
    await delegatePage.goto(`${env.server.url}/${delegateLink}`);
    await delegatePage.getByRole('img', { name: /, page 1 of 2$/ }).waitFor();
    await delegatePage.getByText(`Hello ${delegate.first} ${delegate.last}`).waitFor();
    await delegatePage.getByRole('checkbox', { name: consent }).check();
    await shot(delegatePage, 'issue27-delegate-signing-page');
    // The sender's hand-over mail, read before the delegate signs (the completion mail to the sender comes after it).
    const told = await env.server.waitForMailSubject(`requester${stamp}@example.com`, handedAt);
    expect(told).toContain(label);
    expect(told).toContain(`${delegate.first} ${delegate.last}`);
    const since = env.server.mark();
    await delegatePage.getByRole('button', { name: 'Sign', exact: true }).click();
    const modal = delegatePage.getByRole('dialog', { name: 'Confirm your signature' });
    await modal.getByRole('textbox', { name: '6-digit code' }).fill(await env.steps.codeFor(delegate.email, since));
    await modal.getByRole('button', { name: 'Sign the documents' }).click();
    await delegatePage.getByText('Thank you, you have signed').waitFor();

    // The sender: the hand-over mail, and the request view naming who handed over to whom, when and why.
    await expect
      .poll(
        async () => {
          await requester.goto(viewUrl);
          await requester.reload();
          await requester.getByRole('row', { name: new RegExp(`^${displayName(signer)}`) }).waitFor();
          return requester.getByText('Completed', { exact: true }).first().isVisible();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    const original = requester.getByRole('row', { name: new RegExp(`^${displayName(signer)}`) });
    await original.getByText('Handed over', { exact: true }).waitFor();
    await original.getByText(new RegExp(`Handed over to ${delegate.last.toUpperCase()} ${delegate.first} on .* — reason: ${reason}`)).waitFor();
    await requester
      .getByRole('row', { name: new RegExp(`^${delegate.last.toUpperCase()} ${delegate.first}`) })
      .getByText(`In place of ${displayName(signer)}`)
      .waitFor();
    await shot(requester, 'issue27-request-view');
  });
});
