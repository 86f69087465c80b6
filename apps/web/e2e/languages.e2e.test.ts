import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { choose, writePdf, type Participant } from './support/requests.ts';
import { useJourneyEnvironment } from './support/environment.ts';

/**
 * Issue 14's journey: the requester switches the back office to German — the choice is saved on the user and wins
 * over the browser's English at the next login —, and a Greek signer signs: their invitation, signing page, code
 * mail and the evidence file are in Greek (`el` wherever a browser or a PDF reads the language). Expected texts are
 * read from the translation files, so the test checks that the screens show the translations, not our wording.
 */
const env = useJourneyEnvironment('languages');

const webSrc = new URL('../src/', import.meta.url).pathname;
const folders: Record<string, string> = { common: 'shared/i18n', layout: 'app/shell' };

/** A translation as the app has it: `namespace` (a feature's name, `common` or `layout`), language, dotted key. */
function text(namespace: string, language: string, key: string): string {
  const folder = folders[namespace] ?? `features/${namespace}`;
  const tree = JSON.parse(fs.readFileSync(path.join(webSrc, folder, 'locales', `${language}.json`), 'utf8')) as Record<string, unknown>;
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
  if (typeof value !== 'string') throw new Error(`no ${language} text for ${namespace}:${key}`);
  return value;
}

const greekLetters = /[\u0370-\u03ff]{3,}/;
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

async function drawSignature(page: Page, padLabel: string): Promise<void> {
  const pad = page.getByRole('img', { name: padLabel });
  await pad.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.6);
  await page.mouse.down();
  for (const [fx, fy] of [
    [0.35, 0.3],
    [0.5, 0.7],
    [0.65, 0.3],
    [0.8, 0.6],
  ] as const) {
    await page.mouse.move(box.x + box.width * fx, box.y + box.height * fy, { steps: 5 });
  }
  await page.mouse.up();
}

describe('issue 14 journey: a German back office, a Greek signer', () => {
  const stamp = Date.now();
  const owner = `requester${stamp}@example.com`;
  const label = `Mietvertrag ${stamp}`;
  const signer: Participant = { first: 'Αλέξανδρος', last: 'Παπαδόπουλος', email: `alexandros${stamp}@example.com` };
  let admin: Page;
  let requester: Page;

  it('the requester switches to German; the choice is theirs and wins over an English browser at the next login', async () => {
    admin = await env.steps.newPage();
    await env.steps.logIn(admin, adminEmail, adminPassword);
    requester = await env.requests.tenantOwner(admin, owner, `Sprachen ${stamp}`);

    await requester.getByRole('button', { name: 'Language' }).click();
    await requester.getByRole('menuitem', { name: 'Deutsch' }).click();
    await requester.getByRole('link', { name: text('layout', 'de', 'nav.dashboard'), exact: true }).waitFor();
    await expect.poll(() => htmlLang(requester)).toBe('de');
    await requester.goto(`${env.server.url}/#/signatures/list`);
    await requester
      .getByRole('heading', { name: text('signatures', 'de', 'title') })
      .first()
      .waitFor();
    await screenshot(requester, 'issue14-back-office-de');

    // A new browser (English) and a new login: the user's own language wins, not the browser's.
    const again = await env.steps.newPage();
    await again.goto(`${env.server.url}/#/`);
    await again.getByLabel('Email').fill(owner);
    await again.getByRole('textbox', { name: 'Password' }).fill('Secret123!');
    const since = env.server.mark();
    await again.getByRole('button', { name: 'Log in' }).click();
    await again.getByRole('textbox', { name: 'Code received' }).fill(await env.steps.codeFor(owner, since));
    await again.getByRole('button', { name: 'Verify' }).click();
    await again.getByRole('link', { name: text('layout', 'de', 'nav.dashboard'), exact: true }).waitFor();
    await expect.poll(() => htmlLang(again)).toBe('de');
    await again.close();
  });

  it('a Greek signer: invitation, signing page, code mail and evidence file in Greek; the Greek name drawn right', async () => {
    // The request is prepared in English (the form's labels the shared steps know), the signer's language Greek.
    await requester.getByRole('button', { name: text('common', 'de', 'shell.language') }).click();
    await requester.getByRole('menuitem', { name: 'English' }).click();
    await requester.getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
    const pdfFile = path.join(env.workDir, 'lease.pdf');
    await writePdf(pdfFile, ['Lease agreement', 'Signatures']);
    await env.requests.fillRequest(requester, { label, participants: [signer], pdfFile });
    await requester.getByRole('tab', { name: /^Signers/ }).click();
    await choose(requester, 'Language', 'Ελληνικά');
    // The request's language (the evidence file's): Greek too.
    await requester.getByRole('tab', { name: 'Options' }).click();
    await choose(requester, 'Default language', 'Ελληνικά');
    await env.requests.send(requester, { chaining: 'By e-mail to the signers', handwritten: 'Enabled' });
    await requester.waitForURL(/#\/signatures\/view\//);
    const viewUrl = requester.url();

    const invitation = await env.server.waitForMailSubject(signer.email);
    expect(invitation).toMatch(greekLetters);
    const link = await env.steps.mailLinkPath(admin, signer.email);
    const page = await env.steps.newPage();
    await page.goto(`${env.server.url}/${link}`);
    const signButton = page.getByRole('button', { name: text('signing', 'gr', 'actions.sign'), exact: true });
    await signButton.waitFor();
    await expect.poll(() => htmlLang(page)).toBe('el');
    await drawSignature(page, text('signing', 'gr', 'pad.label'));
    await expect.poll(() => signButton.isEnabled()).toBe(true);
    await screenshot(page, 'issue14-signing-page-el');
    const since = env.server.mark();
    await signButton.click();
    const modal = page.getByRole('dialog', { name: text('signing', 'gr', 'code.title') });
    const codeMail = await env.server.waitForMailSubject(signer.email, since);
    expect(codeMail).toMatch(greekLetters);
    await modal.getByRole('textbox', { name: text('signing', 'gr', 'code.label') }).fill(/\b(\d{6})\b/.exec(codeMail)![1]!);
    await modal.getByRole('button', { name: text('signing', 'gr', 'code.confirm') }).click();
    await page.getByText(text('signing', 'gr', 'result.signed.title')).waitFor();
    await screenshot(page, 'issue14-signed-el');

    // The evidence file: in Greek (the request's signer language), the name extracted back exactly, /Lang el.
    await expect
      .poll(
        async () => {
          await requester.goto(viewUrl);
          await requester.reload();
          await requester.getByRole('tab', { name: /^Signers/ }).waitFor(); // the view is loaded
          return requester.getByText('Completed', { exact: true }).first().isVisible();
        },
        {
          timeout: 60_000,
          interval: 1_000,
          message: `not completed; server errors: ${env.server
            .logs()
            .filter((l) => /error|fail|warn/i.test(l))
            .slice(-8)
            .join('\n')}`,
        },
      )
      .toBe(true);
    const [download] = await Promise.all([requester.waitForEvent('download'), requester.getByRole('button', { name: 'Download the attestation' }).click()]);
    const evidence = path.join(env.workDir, 'evidence.pdf');
    await download.saveAs(evidence);
    const extracted = execFileSync('pdftotext', [evidence, '-'], { encoding: 'utf8' });
    // Names are shown LASTNAME firstname (spec §5); the evidence's own words are Greek too.
    expect(extracted).toContain(`${signer.last.toUpperCase()} ${signer.first}`);
    expect(extracted).toContain(signer.email);
    expect(extracted.replaceAll(signer.first, '').replaceAll(signer.last.toUpperCase(), '')).toMatch(greekLetters);
    expect(extracted).not.toContain('?????');
    expect(fs.readFileSync(evidence).toString('latin1')).toMatch(/\/Lang\s*\(el/);
    execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '1', evidence, path.join(env.workDir, 'evidence')]);
  });
});
