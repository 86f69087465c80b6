import { describe, it, onTestFailed } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { useJourneyEnvironment } from './support/environment.ts';

const env = useJourneyEnvironment('settings');

/** A 240×240 PNG in the theme colour (the logo rule: PNG or JPEG, ≥ 200×200 px, ≤ 150 KB). */
function logoPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const size = 240;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [0x11, 0x22, 0x33]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('settings journey', () => {
  const stamp = Date.now();
  it('General (issuing company, colour, logo), User (own defaults), Parameters (a template and its preview)', async () => {
    const { server, steps, requests } = env;
    onTestFailed(() => console.log(server.logs().slice(-40).join('\n')));
    const admin = await steps.newPage();
    await steps.logIn(admin, adminEmail, adminPassword);
    const page = await requests.tenantOwner(admin, `owner.${stamp}@example.com`, `Acme Settings ${stamp}`);
    const logo = path.join(env.workDir, 'logo.png');
    fs.writeFileSync(logo, logoPng());

    await page.goto(`${server.url}/#/settings/configuration`);
    await page.getByRole('textbox', { name: 'Issuing company' }).fill('Acme Signatures');
    await page.getByRole('textbox', { name: 'Theme colour' }).fill('#112233');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Changes saved.').first().waitFor();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose a logo' }).click()]);
    await chooser.setFiles(logo);
    await page.getByRole('img', { name: 'Logo' }).waitFor();
    await screenshot(page, 'settings-1-general');

    await page.getByRole('tab', { name: 'User' }).click();
    await page.getByRole('combobox', { name: 'Handwritten signature' }).click();
    await page.getByRole('option', { name: 'Touch screens only' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Changes saved.').first().waitFor();
    await screenshot(page, 'settings-2-user');

    await page.getByRole('tab', { name: 'Parameters' }).click();
    await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('Please sign ${label}');
    await page
      .getByRole('textbox', { name: 'Text (a blank line between paragraphs)' })
      .fill('Dear ${signerName},\n\n${requesterName} needs your signature on <b>${label}</b>.');
    await page.getByRole('textbox', { name: 'SMS', exact: true }).fill('${company}: sign ${label} at ${link}');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText(/characters once filled in/).waitFor();
    await page.getByRole('button', { name: 'Save the texts' }).click();
    await page.getByText('Changes saved.').first().waitFor();
    await screenshot(page, 'settings-3-parameters');
  });
});
