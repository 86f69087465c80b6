import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import type { RunningServer } from './server.ts';
import type { journeySteps } from './journeys.ts';

export const a4 = { width: 595, height: 842 };
export const a3 = { width: 842, height: 1191 };

/** `withPrevious`: signs at the same time as the previous participant (a parallel step). */
export type Participant = { first: string; last: string; email: string; mobile?: string; coSigner?: boolean; observer?: boolean; withPrevious?: boolean };

/** The name the requester's screens show for a participant ("ARNAUD Alice"). */
export const displayName = (p: Participant) => `${p.last.toUpperCase()} ${p.first}`;

/**
 * An A4 PDF, one page per title ("Page n of N" under each): the default signature positions go to the last page.
 * `openActionScript`: the PDF also runs that JavaScript when opened (active content the signers' version drops).
 * `pageSizes`: the size of each page in points (A4 for those not given).
 * `plainCrossReference`: a classic cross-reference table and no object streams (offsets a test can break).
 */
export async function writePdf(
  file: string,
  titles: string[],
  options: { openActionScript?: string; pageSizes?: { width: number; height: number }[]; plainCrossReference?: boolean } = {},
): Promise<void> {
  const pdf = await PDFDocument.create();
  if (options.openActionScript) pdf.catalog.set(PDFName.of('OpenAction'), pdf.context.obj({ S: 'JavaScript', JS: PDFString.of(options.openActionScript) }));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const [n, text] of titles.entries()) {
    const size = options.pageSizes?.[n] ?? a4;
    const page = pdf.addPage([size.width, size.height]);
    page.drawText(text, { x: 60, y: size.height - 82, size: 24, font });
    page.drawText(`Page ${n + 1} of ${titles.length}`, { x: 60, y: size.height - 112, size: 12, font });
  }
  fs.writeFileSync(file, await pdf.save({ useObjectStreams: !options.plainCrossReference }));
}

/**
 * A PDF damaged the way broken tools leave them, yet repairable (issue 25 item 14): one stream's /Length is wrong
 * (same width), and 40 bytes were inserted after the header, so every cross-reference offset points too early.
 */
export async function writeDamagedPdf(file: string, titles: string[]): Promise<void> {
  await writePdf(file, titles, { plainCrossReference: true });
  const plain = fs.readFileSync(file).toString('latin1');
  const wrongLength = plain.replace(/\/Length (\d+)/, (_, n: string) => `/Length ${n.slice(0, -1)}${(Number(n.at(-1)) + 3) % 10}`);
  const afterHeader = wrongLength.indexOf('\n') + 1;
  const damaged = `${wrongLength.slice(0, afterHeader)}% 38 bytes a broken tool put here ...\n${wrongLength.slice(afterHeader)}`;
  fs.writeFileSync(file, Buffer.from(damaged, 'latin1'));
}

/** Picks an option of a Mantine select by the select's accessible name. */
export async function choose(page: Page, select: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: select, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The requester's steps: a tenant and its owner, then the new-request form up to the view page. */
export function requestSteps(server: RunningServer, steps: ReturnType<typeof journeySteps>) {
  /**
   * The administrator creates a tenant (test mode, unless `live`; the free pack unless another is named); its owner
   * sets a password from the mail and logs in.
   */
  async function tenantOwner(admin: Page, owner: string, company: string, opts: { live?: boolean; pack?: string } = {}): Promise<Page> {
    await admin.goto(`${server.url}/#/applications/new`);
    await admin.getByLabel(/^Company/).fill(company);
    if (opts.pack) await choose(admin, 'Pack', opts.pack);
    if (opts.live) await admin.getByRole('switch', { name: 'Test mode' }).uncheck();
    await admin.getByLabel(/Owner's first name/).fill('Rita');
    await admin.getByLabel(/Owner's last name/).fill('Requester');
    await admin.getByLabel(/Owner's email/).fill(owner);
    await admin.getByRole('button', { name: 'Create the application' }).click();
    await admin.getByRole('tab', { name: 'Settings' }).waitFor();
    const resetPath = await steps.mailLinkPath(admin, owner);
    const page = await steps.newPage();
    await page.goto(`${server.url}/${resetPath}`);
    await page.getByRole('textbox', { name: 'New password' }).fill('Secret123!');
    await page.getByRole('textbox', { name: 'Confirm the password' }).fill('Secret123!');
    await page.getByRole('button', { name: 'Save the password' }).click();
    await page.getByText('Password changed').waitFor();
    await steps.logIn(page, owner, 'Secret123!');
    return page;
  }

  /** The administrator turns features on for a tenant (application view, tab Application: the switches by label). */
  async function enableFeatures(admin: Page, company: string, switches: readonly string[]): Promise<void> {
    await admin.goto(`${server.url}/#/applications/list`);
    await admin.getByRole('row', { name: new RegExp(company) }).click();
    await admin.getByRole('tab', { name: 'Application' }).click();
    for (const name of switches) await admin.getByRole('switch', { name }).check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText(/saved/i).first().waitFor();
  }

  async function fillParticipant(page: Page, index: number, p: Participant): Promise<void> {
    await page.getByRole('button', { name: 'Add a signer' }).click();
    await page
      .getByLabel(/^First name/)
      .nth(index)
      .fill(p.first);
    await page
      .getByLabel(/^Last name/)
      .nth(index)
      .fill(p.last);
    await page
      .getByLabel(/^E-mail/)
      .nth(index)
      .fill(p.email);
    if (p.mobile)
      await page
        .getByLabel(/^Mobile/)
        .nth(index)
        .fill(p.mobile);
    if (p.coSigner) await page.getByLabel('Co-signer').nth(index).check();
    // Shown from the second participant on: the one just added is the last.
    if (p.withPrevious) await page.getByLabel('Signs at the same time as the previous participant').last().check();
    if (p.observer) {
      await page.getByRole('combobox', { name: 'Role' }).nth(index).click();
      await page.getByRole('option', { name: 'Observer' }).click();
    }
  }

  /**
   * The new-request form: label, participants, one PDF (with its consent sentences) on the default positions
   * (one per signer, last page). Leaves the form on the Documents tab.
   */
  async function fillRequest(page: Page, request: { label: string; participants: Participant[]; pdfFile: string; consents?: string[]; level?: string }) {
    await page.goto(`${server.url}/#/signatures/new`);
    await page.getByLabel(/^Label/).fill(request.label);
    if (request.level) await choose(page, 'Certification level', request.level);
    for (const [i, p] of request.participants.entries()) await fillParticipant(page, i, p);
    await page.getByRole('tab', { name: /^Documents/ }).click();
    await page.locator('input[type=file]').setInputFiles(request.pdfFile);
    const signers = request.participants.filter((p) => !p.observer).length;
    await page
      .getByText(signers === 1 ? '1 signature position' : `${signers} signature positions`)
      .first()
      .waitFor();
    for (const [i, text] of (request.consents ?? []).entries()) {
      await page.getByRole('button', { name: 'Add a consent' }).click();
      await page.getByRole('textbox', { name: `Consent ${i + 1}` }).fill(text);
    }
  }

  /** Options tab: the chaining mode (and the handwritten mode when given), then Send and its confirmation. */
  async function send(page: Page, options: { chaining: string; handwritten?: string }): Promise<void> {
    await page.getByRole('tab', { name: 'Options' }).click();
    await choose(page, 'Chaining mode', options.chaining);
    if (options.handwritten) await choose(page, 'Handwritten signature', options.handwritten);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
  }

  return { tenantOwner, enableFeatures, fillParticipant, fillRequest, send };
}
