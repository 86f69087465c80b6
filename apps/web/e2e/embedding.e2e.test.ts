import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { apiV1Endpoints, apiV1TemplateEndpoints, pathOf } from '@paraphe/contracts';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { writePdf, type Participant } from './support/requests.ts';
import { useJourneyEnvironment } from './support/environment.ts';

/**
 * Issue 27, embedded signing: the tenant (test mode) lists a page's origin in settings → Parameters; that page, on
 * another local origin, shows the signer's `/embed/sign/<token>` in an iframe through the embed package's script
 * (packages/embed/example/index.html) and receives `loaded` and `signed`; the same page on an origin not listed
 * gets the frame refused by the browser (frame-ancestors).
 */
const env = useJourneyEnvironment('embedding');
const repoRoot = path.resolve(new URL('../../..', import.meta.url).pathname);
const examplePage = path.join(repoRoot, 'packages/embed/example/index.html');
const editorExamplePage = path.join(repoRoot, 'packages/embed/example/editor.html');

/** The embedding site: an example page at every path, on its own port (another origin than the app's). */
async function exampleSite(page = examplePage): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(fs.readFileSync(page));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // localhost, where the app is 127.0.0.1: another host, hence another origin whatever the port.
  return { origin: `http://localhost:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The page's browser log (where Chromium reports a refused frame), as it comes. */
async function browserLog(page: Page): Promise<string[]> {
  const lines: string[] = [];
  const session = await page.context().newCDPSession(page);
  session.on('Log.entryAdded', ({ entry }) => lines.push(entry.text));
  await session.send('Log.enable');
  page.on('console', (message) => lines.push(message.text()));
  return lines;
}

/** Chromium's words for a frame its policy refuses ("Framing '…' violates … directive: "frame-ancestors …". The request has been blocked."). */
const refusedFrame = (line: string, directive: string) => /^(Framing|Refused to frame) /.test(line) && line.includes(`"${directive}"`);

/** The address of the page's iframe document (Chromium's error page when the frame was refused). */
const childFrameUrl = (page: Page) =>
  page
    .frames()
    .find((frame) => frame !== page.mainFrame())
    ?.url() ?? '';

type Received = { type: string; [key: string]: unknown };
const received = (page: Page) => page.evaluate(() => (window as unknown as { parapheEvents: Received[] }).parapheEvents);

describe('issue 27 journey: embedded signing', () => {
  const stamp = Date.now();
  const signer: Participant = { first: 'Emma', last: 'Embed', email: `emma${stamp}@example.com` };
  /** The key of the embedded sending journey's tenant (its site's origin is listed): the template journey uses it too. */
  let crmKey = '';
  /** The embedding site of both editor journeys (its origin is the tenant's listed one). */
  let crmSite: { origin: string; close(): Promise<void> } | undefined;
  afterAll(async () => crmSite?.close());

  it('a listed origin frames the signing page and receives its events; an unlisted one is refused', async () => {
    const { server, steps, requests } = env;
    onTestFailed(() => console.log(server.logs().slice(-40).join('\n')));
    // The script tag's file (/embed.js) is the package's build.
    const build = spawnSync('npm', ['run', 'build', '-w', 'packages/embed', '--silent'], { cwd: repoRoot, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    const [listed, unlisted] = await Promise.all([exampleSite(), exampleSite()]);
    try {
      const admin = await steps.newPage();
      await steps.logIn(admin, adminEmail, adminPassword);
      const owner = await requests.tenantOwner(admin, `owner${stamp}@example.com`, `Embed Shop ${stamp}`);

      // Settings → Parameters: a path is refused under the field, then the embedding site's origin is saved.
      await owner.goto(`${server.url}/#/settings/configuration`);
      await owner.getByRole('tab', { name: 'Parameters' }).click();
      const origins = owner.getByRole('textbox', { name: 'Sites allowed to embed the signing page' });
      await origins.fill(`${listed.origin}/shop`);
      await owner.getByRole('button', { name: 'Save', exact: true }).first().click();
      await owner.getByText(/^Line 1: /).waitFor();
      await origins.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await screenshot(owner, 'issue27-settings-origin-refused');
      await origins.fill(listed.origin);
      await owner.getByRole('button', { name: 'Save', exact: true }).first().click();
      await owner.getByText('Changes saved.').first().waitFor();
      await origins.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await screenshot(owner, 'issue27-settings-origins');

      const pdfFile = path.join(env.workDir, 'contract.pdf');
      await writePdf(pdfFile, ['Contract']);
      await requests.fillRequest(owner, { label: `Embedded ${stamp}`, participants: [signer], pdfFile });
      await requests.send(owner, { chaining: 'By e-mail to the signers' });
      await owner.waitForURL(/#\/signatures\/view\//);
      await server.waitForMailSubject(signer.email);
      const token = /#\/sign\/(.+)$/.exec(await steps.mailLinkPath(admin, signer.email))![1]!;
      const embedUrl = `${server.url}/embed/sign/${token}`;

      // The listed site: the page loads in its frame, the signer signs there, the site hears it.
      const site = await steps.newPage({ width: 1100, height: 900 });
      await site.goto(`${listed.origin}/checkout?url=${encodeURIComponent(embedUrl)}`);
      const frame = site.frameLocator('#signing iframe');
      await frame.getByRole('button', { name: 'Sign', exact: true }).waitFor();
      await expect.poll(async () => (await received(site)).map((e) => e.type)).toEqual(expect.arrayContaining(['loaded', 'viewed', 'resized']));
      await screenshot(site, 'issue27-embedded-page');

      const since = server.mark();
      await frame.getByRole('button', { name: 'Sign', exact: true }).click();
      const modal = frame.getByRole('dialog', { name: 'Confirm your signature' });
      await modal.getByRole('textbox', { name: '6-digit code' }).fill(await steps.codeFor(signer.email, since));
      await modal.getByRole('button', { name: 'Sign the documents' }).click();
      await frame.getByRole('heading', { name: 'Thank you, you have signed' }).waitFor();
      await expect.poll(async () => (await received(site)).map((e) => e.type)).toContain('signed');
      const events = await received(site);
      expect(events.find((e) => e.type === 'signed')).toMatchObject({ source: 'paraphe', outcome: 'signed' });
      const types = events.map((e) => e.type);
      expect(types.indexOf('loaded')).toBeLessThan(types.indexOf('signed'));
      expect(types.filter((type) => type === 'loaded')).toHaveLength(1);
      const heights = events.filter((e) => e.type === 'resized').map((e) => Number(e.height));
      expect(Math.min(...heights)).toBeGreaterThan(0);
      expect(Math.max(...heights)).toBeGreaterThan(300);
      await site.getByText('Thank you: your contract is signed.').waitFor();
      await screenshot(site, 'issue27-embedded-signed');

      // The same page on an origin the tenant did not list: Chromium refuses to show the app in the frame (it shows
      // its error page instead, and says why in the page's log).
      const stranger = await steps.newPage({ width: 1100, height: 900 });
      const refusals = await browserLog(stranger);
      await stranger.goto(`${unlisted.origin}/checkout?url=${encodeURIComponent(embedUrl)}`);
      await expect.poll(() => childFrameUrl(stranger)).toMatch(/^chrome-error:/);
      await expect.poll(() => refusals.some((line) => refusedFrame(line, `frame-ancestors ${listed.origin}`))).toBe(true);
      expect(await received(stranger)).toEqual([]);
      await screenshot(stranger, 'issue27-unlisted-origin-refused');

      // Not through /embed/sign/: the app's own signing address is framed by nobody, even on the listed site.
      const direct = await steps.newPage();
      const directRefusals = await browserLog(direct);
      await direct.goto(`${listed.origin}/checkout?url=${encodeURIComponent(`${server.url}/#/sign/${token}`)}`);
      await expect.poll(() => directRefusals.some((line) => refusedFrame(line, "frame-ancestors 'none'"))).toBe(true);
      await expect.poll(() => childFrameUrl(direct)).toMatch(/^chrome-error:/);
    } finally {
      await Promise.all([listed.close(), unlisted.close()]);
    }
  });

  it("embedded sending: a listed origin frames a draft's editor (API editor link), adds a signer and sends; it receives `sent`", async () => {
    const { server, steps, requests } = env;
    onTestFailed(() => console.log(server.logs().slice(-40).join('\n')));
    const build = spawnSync('npm', ['run', 'build', '-w', 'packages/embed', '--silent'], { cwd: repoRoot, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    const crm = await exampleSite(editorExamplePage);
    crmSite = crm;
    {
      const admin = await steps.newPage();
      await steps.logIn(admin, adminEmail, adminPassword);
      const company = `Embed CRM ${stamp}`;
      const owner = await requests.tenantOwner(admin, `crm${stamp}@example.com`, company);
      await requests.enableFeatures(admin, company, ['API']);

      // The embedding site's origin, then a key that creates and sends (settings).
      await owner.goto(`${server.url}/#/settings/configuration`);
      await owner.reload(); // the session's features are read again
      await owner.getByRole('tab', { name: 'Parameters' }).click();
      await owner.getByRole('textbox', { name: 'Sites allowed to embed the signing page' }).fill(crm.origin);
      await owner.getByRole('button', { name: 'Save', exact: true }).first().click();
      await owner.getByText('Changes saved.').first().waitFor();
      await owner.goto(`${server.url}/#/settings/configuration?tab=apikeys`);
      await owner.getByRole('button', { name: 'Create a key' }).click();
      await owner.getByRole('textbox', { name: 'Label' }).fill('CRM connector');
      await owner.getByRole('checkbox', { name: 'Create', exact: true }).check();
      await owner.getByRole('checkbox', { name: 'Send', exact: true }).check();
      await owner.getByRole('button', { name: 'Create', exact: true }).click();
      const secret = (await owner.getByTestId('api-key-secret').innerText()).trim();
      crmKey = secret;

      // The integrator's software: a draft with its document and first signer, then the editor link.
      const pdfFile = path.join(env.workDir, 'offer.pdf');
      await writePdf(pdfFile, ['Offer']);
      const api = (url: string, body: unknown) =>
        fetch(`${server.url}${url}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const created = await api(pathOf(apiV1Endpoints.createRequest), {
        label: `Offer ${stamp}`,
        send: false,
        signers: [{ firstname: 'Carl', lastname: 'First', emailAddress: `carl${stamp}@example.com`, signerIndex: 0 }],
        documents: [{ fileName: 'offer.pdf', contentBase64: fs.readFileSync(pdfFile).toString('base64') }],
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const draftId = ((await created.json()) as { id: string }).id;
      const link = await api(pathOf(apiV1Endpoints.editorLink, { id: draftId }), {});
      expect(link.status, await link.clone().text()).toBe(201);
      const editorUrl = ((await link.json()) as { url: string }).url;
      expect(editorUrl).toMatch(/\/embed\/edit\/ee_/);

      // The CRM's page frames the editor: no back-office menu, the draft's signer and document are there.
      const site = await steps.newPage({ width: 1200, height: 1000 });
      await site.goto(`${crm.origin}/deal/42?url=${encodeURIComponent(editorUrl)}`);
      const frame = site.frameLocator('#editor iframe');
      await frame.getByRole('button', { name: 'Add a signer' }).waitFor();
      await expect.poll(async () => (await received(site)).map((e) => e.type)).toEqual(expect.arrayContaining(['loaded', 'resized']));
      expect((await received(site)).find((e) => e.type === 'loaded')).toMatchObject({ requestId: draftId });
      expect(
        await frame
          .getByLabel(/^First name/)
          .first()
          .inputValue(),
      ).toBe('Carl');
      expect(await frame.getByRole('navigation').count()).toBe(0);
      await screenshot(site, 'issue27-embedded-editor');

      // A second signer, placed on the document by the editor; then Send.
      await frame.getByRole('button', { name: 'Add a signer' }).click();
      await frame
        .getByLabel(/^First name/)
        .nth(1)
        .fill('Dana');
      await frame
        .getByLabel(/^Last name/)
        .nth(1)
        .fill('Second');
      await frame
        .getByLabel(/^E-mail/)
        .nth(1)
        .fill(`dana${stamp}@example.com`);
      await frame.getByRole('tab', { name: /^Documents/ }).click();
      await frame.getByText('2 signature positions').first().waitFor();
      // A file added in the frame: not checked before the save (the token opens no check endpoint), never blocking.
      const annex = path.join(env.workDir, 'annex.pdf');
      await writePdf(annex, ['Annex']);
      await frame.locator('input[type=file]').setInputFiles(annex);
      await frame.getByText('annex.pdf').first().waitFor();
      await screenshot(site, 'issue27-embedded-editor-documents');
      await frame.getByRole('button', { name: 'Send', exact: true }).click();
      const confirm = frame.getByRole('dialog').getByRole('button', { name: 'Send', exact: true });
      // Once, under CI's load (a rehearsal of stop 35), the confirmation never opened after this click, and the same
      // journey passed alone right after. Until the cause is known: what the frame showed instead is kept (a screenshot,
      // its alerts and errors in the log), and Send is clicked once more.
      if (
        !(await confirm.waitFor({ timeout: 15_000 }).then(
          () => true,
          () => false,
        ))
      ) {
        await screenshot(site, 'issue27-embedded-editor-no-confirmation');
        console.warn('embedded editor: no confirmation after Send; the frame shows:', await frame.getByRole('alert').allInnerTexts());
        await frame.getByRole('button', { name: 'Send', exact: true }).click();
      }
      await confirm.click();
      // The save and send of a loaded machine can take a while.
      await expect.poll(async () => (await received(site)).map((e) => e.type), { timeout: 60_000 }).toContain('sent');
      expect((await received(site)).find((e) => e.type === 'sent')).toMatchObject({ source: 'paraphe', requestId: draftId });
      await site.getByText('Your contract is on its way to its signers.').waitFor();
      await frame.getByText('Request sent').first().waitFor();
      await screenshot(site, 'issue27-embedded-editor-sent');
      // Sent by e-mail in order: the first signer is invited.
      await server.waitForMailSubject(`carl${stamp}@example.com`);

      // The link ended with the send: the page opens nothing now, framed by no one.
      const again = await steps.newPage();
      await again.goto(editorUrl);
      await again.getByText('This editor link has ended').waitFor();
    }
  });

  it("the template editor embedded: a listed origin frames a new template's editor (API link), saves it, then a new version; it receives `saved` each time", async () => {
    const { server, steps } = env;
    onTestFailed(() => console.log(server.logs().slice(-40).join('\n')));
    expect(crmKey, 'the embedded sending journey made the key and listed its site').not.toBe('');
    const crm = crmSite!;
    {
      const api = (url: string, body?: unknown, method = 'POST') =>
        fetch(`${server.url}${url}`, {
          method,
          headers: { authorization: `Bearer ${crmKey}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const link = await api(pathOf(apiV1TemplateEndpoints.templateEditorLink), {});
      expect(link.status, await link.clone().text()).toBe(201);
      const editorUrl = ((await link.json()) as { url: string }).url;
      expect(editorUrl).toMatch(/\/embed\/template\/ee_/);

      // The CRM's page frames the editor of a new template (the same embed call as a draft's), without the back office around it.
      const page = await steps.newPage({ width: 1200, height: 1000 });
      await page.goto(`${crm.origin}/templates?url=${encodeURIComponent(editorUrl)}`);
      const site = page.frameLocator('#editor iframe');
      await site.getByRole('heading', { name: 'New template' }).waitFor();
      await expect.poll(async () => (await received(page)).map((e) => e.type)).toEqual(expect.arrayContaining(['loaded', 'resized']));
      expect(await site.getByRole('navigation').count()).toBe(0);
      await site.getByLabel(/^Template name/).fill(`Framed template ${stamp}`);
      await site.getByRole('tab', { name: /^Documents/ }).click();
      const pdfFile = path.join(env.workDir, 'framework.pdf');
      await writePdf(pdfFile, ['Framework agreement']);
      await site.locator('input[type=file]').setInputFiles(pdfFile);
      await site.getByText('framework.pdf').first().waitFor();
      await screenshot(page, 'issue27-embedded-template-editor');
      await site.getByRole('button', { name: 'Save the template' }).click();
      await site.getByRole('heading', { name: `Edit “Framed template ${stamp}”` }).waitFor({ timeout: 60_000 });
      const saved = () => received(page).then((events) => events.filter((e) => e.type === 'saved'));
      await expect.poll(async () => (await saved()).length).toBe(1);
      const templateId = (await saved())[0]!.templateId as string;
      expect((await saved())[0]).toMatchObject({ source: 'paraphe', version: 1, name: `Framed template ${stamp}` });

      // A new version through the same link; the API sees it (shared with the tenant, so the key's templates list it).
      await site.getByLabel(/^Template name/).fill(`Framed template ${stamp} v2`);
      await site.getByRole('button', { name: 'Save a new version' }).click();
      await expect.poll(async () => (await saved()).length, { timeout: 60_000 }).toBe(2);
      expect((await saved())[1]).toMatchObject({ templateId, version: 2 });
      const read = await api(pathOf(apiV1TemplateEndpoints.getTemplate, { id: templateId }), undefined, 'GET');
      expect(read.status).toBe(200);
      expect(await read.json()).toMatchObject({ name: `Framed template ${stamp} v2`, version: 2, visibility: 'tenant' });
      await screenshot(page, 'issue27-embedded-template-editor-saved');

      // An unknown token opens nothing.
      const dead = await steps.newPage();
      await dead.goto(`${server.url}/embed/template/ee_${'x'.repeat(43)}`);
      await dead.getByText('This editor link has ended').waitFor();
    }
  });
});
