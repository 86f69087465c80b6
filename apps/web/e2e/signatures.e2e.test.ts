import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { a4, displayName, writePdf, type Participant } from './support/requests.ts';
import { useJourneyEnvironment } from './support/environment.ts';

/**
 * Issue 4's journey, the requester's side: a tenant owner builds a request (three signers, two of them signing
 * together, a co-signer, an observer), places a field in the position editor, sends it in e-mail chaining, finds
 * only the first invitation in the outbox, cancels the second signer, relaunches, then searches the list and
 * exports it.
 */
const env = useJourneyEnvironment('requests');

/** The field's place in PDF points, as its accessible name tells it ("NAME, page 1, x 223, y 391"). */
async function fieldPosition(field: Locator): Promise<{ x: number; y: number }> {
  const [, x, y] = /x (\d+), y (\d+)$/.exec((await field.getAttribute('aria-label')) ?? '') ?? [];
  return { x: Number(x), y: Number(y) };
}

/** The field's size in PDF points, as its accessible name tells it ("NAME, page 1, 150 × 60 points, x 223, y 391"). */
async function fieldSize(field: Locator): Promise<{ width: number; height: number }> {
  const [, width, height] = /, (\d+) × (\d+) points, /.exec((await field.getAttribute('aria-label')) ?? '') ?? [];
  return { width: Number(width), height: Number(height) };
}

/** Drags with the mouse; the element is scrolled to the middle first, since the mouse only acts in the viewport. */
async function dragBy(page: Page, element: Locator, dx: number, dy: number): Promise<void> {
  await element.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await element.boundingBox())!;
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 8 });
  await page.mouse.up();
}

/** The admin's outbox rows for one recipient, the header row first (reloaded: the outbox list is cached 5 s). */
async function outboxRows(admin: Page, to: string) {
  await admin.goto(`${env.server.url}/#/outbox?to=${encodeURIComponent(to)}&channel=email`);
  await admin.reload();
  const table = admin.getByRole('table');
  await table.waitFor();
  // A generous bound: on the embedded database under CI load the list answered after more than the default 5 s
  // once (seen after issue 24's merge; cause not located: docs/security.md, left for the next session).
  await expect.poll(() => table.getByRole('row').count(), { timeout: 20_000 }).toBeGreaterThan(1);
  return table.getByRole('row');
}

describe('issue 4 journey: the requester', () => {
  const stamp = Date.now();
  const label = `Contract ${stamp}`;
  const first: Participant = { first: 'Alice', last: 'Arnaud', email: `alice${stamp}@example.com` };
  const second: Participant = { first: 'Bruno', last: 'Bernard', email: `bruno${stamp}@example.com` };
  const alongside: Participant = { first: 'Emma', last: 'Etienne', email: `emma${stamp}@example.com`, withPrevious: true };
  const coSigner: Participant = { first: 'Chloe', last: 'Carpentier', email: `chloe${stamp}@example.com`, coSigner: true };
  const observer: Participant = { first: 'Denis', last: 'Durand', email: `denis${stamp}@example.com`, observer: true };

  it('creates, places, sends in e-mail chaining, cancels a signer, relaunches and exports', async () => {
    const pdfFile = path.join(env.workDir, 'contract.pdf');
    const admin = await env.steps.newPage();
    await Promise.all([
      writePdf(pdfFile, ['Service contract', 'Signatures'], { openActionScript: "app.alert('hello');" }),
      env.steps.logIn(admin, adminEmail, adminPassword),
    ]);
    const page = await env.requests.tenantOwner(admin, `requester${stamp}@example.com`, `Requests ${stamp}`);

    // The form: label, five participants (Emma signs at the same time as Bruno), the PDF, a field for the second signer dragged on page 1.
    await page.goto(`${env.server.url}/#/signatures/new`);
    await page.getByLabel(/^Label/).fill(label);
    for (const [i, p] of [first, second, alongside, coSigner, observer].entries()) await env.requests.fillParticipant(page, i, p);
    await page.getByRole('tab', { name: /^Documents/ }).click();
    // A text file named .pdf: the server's check refuses it when added, naming it; removing it removes the refusal.
    const notPdf = path.join(env.workDir, 'notes.pdf');
    fs.writeFileSync(notPdf, 'Meeting notes, plain text.\n');
    await page.locator('input[type=file]').setInputFiles([notPdf, pdfFile]);
    const refusal = page.getByText('notes.pdf is not a PDF file: export it as PDF, then add it again.');
    await refusal.waitFor();
    await page.getByText('4 signature positions').waitFor(); // the refused file's positions are not counted
    await page.getByText(/contract\.pdf contains JavaScript: signers will receive a version where this content is disabled/).waitFor();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The request cannot be saved yet' })
      .getByText(/notes\.pdf is not a PDF file/)
      .waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'issue4-new-file-refused');
    await page.getByRole('button', { name: 'Remove this document notes.pdf' }).click();
    await expect.poll(() => refusal.count()).toBe(0);
    await page.getByRole('button', { name: 'Place the signatures' }).click();
    await page.getByRole('img', { name: 'Page 1 of 2' }).waitFor();
    await page.getByRole('combobox', { name: 'Signer', exact: true }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['1. ARNAUD Alice', '2. BERNARD Bruno', '3. ETIENNE Emma', '4. CARPENTIER Chloe']);
    await page.getByRole('option', { name: '2. BERNARD Bruno' }).click();
    await page.getByRole('button', { name: 'Add a field on page 1' }).click();
    const field = page.getByRole('button', { name: /^BERNARD Bruno, page 1, / });
    const before = await fieldPosition(field);
    const scale = (await page.getByRole('img', { name: 'Page 1 of 2' }).boundingBox())!.width / a4.width;
    await dragBy(page, field, 80, 60);
    await expect.poll(() => fieldPosition(field)).not.toEqual(before);
    // Right and down on screen: x grows, the PDF's y (measured from the bottom of the page) shrinks.
    const after = await fieldPosition(field);
    expect(after.x).toBeCloseTo(before.x + 80 / scale, -0.5);
    expect(after.y).toBeCloseTo(before.y - 60 / scale, -0.5);
    // The bottom-right handle resizes: wider and taller, the top edge staying put (the PDF y follows the height).
    await dragBy(page, field.getByTestId('field-resize-handle'), 40, 20);
    await expect.poll(() => fieldSize(field)).not.toEqual({ width: 150, height: 60 });
    const resized = await fieldSize(field);
    expect(resized.width).toBeCloseTo(150 + 40 / scale, -0.5);
    expect(resized.height).toBeCloseTo(60 + 20 / scale, -0.5);
    expect((await fieldPosition(field)).y).toBeCloseTo(after.y - 20 / scale, -0.5);
    await page.getByText('5 signature positions').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0)); // else the fixed header lands mid-page in the full-page shot
    await screenshot(page, 'issue4-new-position-editor');

    await page.getByRole('tab', { name: 'Options' }).click();
    await page.getByRole('combobox', { name: 'Chaining mode' }).click();
    await page.getByRole('option', { name: 'By e-mail to the signers' }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
    await page.waitForURL(/#\/signatures\/view\//);
    await page.getByText('Awaiting signature').waitFor();
    // The JavaScript of the contract: the requester is told the signers get a version without it.
    await page.getByRole('tab', { name: /^Documents/ }).click();
    await page
      .getByText('contract.pdf contained JavaScript; signers receive a version where this content is disabled. The original is kept for you.')
      .waitFor();
    await page.getByRole('tab', { name: /^Signers/ }).click();
    const signerRow = (p: Participant) => page.getByRole('row', { name: new RegExp(displayName(p)) });
    await signerRow(first).getByText('Invited').waitFor();
    await signerRow(second).getByText('Waiting').waitFor();
    // Bruno and Emma share a step: badged together (the others not), both waiting for Alice.
    await signerRow(alongside).getByText('Waiting').waitFor();
    for (const p of [second, alongside]) await signerRow(p).getByText('Signs together · group 1').waitFor();
    expect(await page.getByText('Signs together · group 1').count()).toBe(2);

    // E-mail chaining: the first signer is invited with a signing link, the second one not yet.
    await env.server.waitForMailSubject(first.email);
    expect(await env.steps.mailLinkPath(admin, first.email)).toMatch(/^#\/sign\//);
    await admin.goto(`${env.server.url}/#/outbox?to=${encodeURIComponent(second.email)}&channel=email`);
    // The list's empty state (filtered by recipient and channel).
    await admin.getByText(/No message(s sent yet| matches these filters)\./).waitFor();
    expect(await admin.getByRole('table').getByRole('row').count()).toBe(1); // the header only

    // Cancel the second signer, then relaunch: a reminder goes to the one invited.
    await page.getByRole('button', { name: 'Cancel this signer BERNARD Bruno' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel this signer' }).click();
    await page.getByText('The signer is canceled.').waitFor();
    await signerRow(second).getByText('Canceled').waitFor();
    const since = env.server.mark();
    await page.getByRole('button', { name: 'Relaunch' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Relaunch' }).click();
    await page.getByText('The reminders are on their way.').waitFor();
    expect(await env.server.waitForMailSubject(first.email, since)).toMatch(/Reminder|Rappel/);
    await screenshot(page, 'issue4-view-after-relaunch');
    // At once again: everybody waiting was just reminded, nothing is sent (429), and the page says from when.
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.locator('#root').getByRole('button', { name: 'Relaunch' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Relaunch' }).click();
    await page.getByText(/^Every waiting signer was reminded less than 60 minutes ago: nothing was sent\. A new reminder is possible from .+\d/).waitFor();
    const rows = await outboxRows(admin, first.email);
    await expect.poll(() => rows.allInnerTexts()).toEqual(expect.arrayContaining([expect.stringMatching(/Reminder|Rappel/)]));
    await screenshot(admin, 'issue4-outbox-first-signer');

    // The list: search the request, then export the matching rows.
    await page.goto(`${env.server.url}/#/signatures/list`);
    await page.getByRole('searchbox', { name: 'Search (label, description, signer)' }).fill(String(stamp));
    await page.waitForURL(new RegExp(`q=${stamp}`));
    await page
      .getByRole('row', { name: new RegExp(label) })
      .getByText('Awaiting signature')
      .waitFor();
    await screenshot(page, 'issue4-list');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export (xlsx)' }).click()]);
    const xlsx = fs.readFileSync((await download.path())!);
    expect(xlsx.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  });
});
