import { describe, expect, it, onTestFailed } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { apiV1Endpoints, pathOf } from '@paraphe/contracts';
import { adminEmail, adminPassword } from './support/server.ts';
import { screenshot } from './support/browser.ts';
import { useJourneyEnvironment } from './support/environment.ts';
import { writePdf } from './support/requests.ts';

// The webhook receiver is on loopback: the operator's server setting allows private targets (off by default).
const env = useJourneyEnvironment('integrations', { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });

/** A local webhook receiver (test mode allows http://, the server setting local addresses: docs/webhooks.md): answers 200, keeps what it got. */
async function startReceiver() {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/paraphe-hook`, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('integrations journey', () => {
  const stamp = Date.now();
  it('an API key made in settings creates and sends a request seen in the list; a webhook endpoint gets the test event, shown in its log', async () => {
    const { server, steps, requests } = env;
    const receiver = await startReceiver();
    try {
      const admin = await steps.newPage();
      const pdfFile = path.join(env.workDir, 'agreement.pdf');
      await Promise.all([writePdf(pdfFile, ['Integration agreement']), steps.logIn(admin, adminEmail, adminPassword)]);
      const company = `Integrations ${stamp}`;
      const page = await requests.tenantOwner(admin, `owner.${stamp}@example.com`, company);
      onTestFailed(async () => {
        await screenshot(page, 'integrations-failure');
        console.log(
          server
            .logs()
            .filter((l) => !/incoming request|request completed/.test(l))
            .slice(-30)
            .join('\n')
            .slice(0, 8000),
        );
      });
      // The API is off by default: the administrator turns it on for this tenant.
      await requests.enableFeatures(admin, company, ['API']);

      // Settings → API keys: a key with the rights to create and send; its secret is shown once.
      await page.goto(`${server.url}/#/settings/configuration?tab=apikeys`);
      await page.reload(); // the session's features are read again
      await page.getByRole('button', { name: 'Create a key' }).click();
      await page.getByRole('textbox', { name: 'Label' }).fill('ERP connector');
      await page.getByRole('checkbox', { name: 'Create', exact: true }).check();
      await page.getByRole('checkbox', { name: 'Send', exact: true }).check();
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      const secret = (await page.getByTestId('api-key-secret').innerText()).trim();
      expect(secret).toMatch(/^pk_test_/);
      await screenshot(page, 'integrations-1-key-once');
      await page.getByRole('button', { name: 'I copied the key' }).click();
      await page.getByTestId('api-key-secret').waitFor({ state: 'detached' });
      await page.reload(); // listed again from the server: its prefix only, never the secret
      await page.getByRole('cell', { name: 'ERP connector' }).waitFor();
      expect(await page.content()).not.toContain(secret);

      // The integrator's software: create and send a request with the key.
      const label = `Agreement via API ${stamp}`;
      const created = await fetch(`${server.url}${pathOf(apiV1Endpoints.createRequest)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', 'idempotency-key': `journey-${stamp}` },
        body: JSON.stringify({
          label,
          send: true,
          signers: [{ firstname: 'Alice', lastname: 'Martin', emailAddress: `alice.${stamp}@example.com`, signerIndex: 0 }],
          documents: [{ fileName: 'agreement.pdf', contentBase64: fs.readFileSync(pdfFile).toString('base64') }],
        }),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      expect(((await created.json()) as { status: string }).status).not.toBe('draft');

      // The request shows in the requests list of the back office.
      await page.goto(`${server.url}/#/signatures/list`);
      await page.getByText(label).first().waitFor();
      await screenshot(page, 'integrations-2-request-listed');

      // Settings → Webhooks: an endpoint on the local receiver for two events; then the test event and its delivery.
      await page.goto(`${server.url}/#/settings/configuration?tab=webhooks`);
      await page.getByRole('button', { name: 'Add an endpoint' }).click();
      await page.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
      await page.getByRole('checkbox', { name: 'Signature request sent', exact: true }).check();
      await page.getByRole('checkbox', { name: 'Signature request completed', exact: true }).check();
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await page.getByRole('button', { name: 'I have copied it' }).click();
      await page.getByText(receiver.url).first().waitFor();
      await page.getByRole('button', { name: 'Send test event' }).click();
      await page.getByText('Test event queued: see the log.').first().waitFor();
      await expect.poll(() => receiver.received.some((r) => r.body.includes('webhook.test')), { timeout: 30_000 }).toBe(true);
      const delivered = receiver.received.find((r) => r.body.includes('webhook.test'))!;
      expect(delivered.headers['webhook-signature']).toMatch(/^v1,/);

      await expect
        .poll(
          async () => {
            await page.getByRole('button', { name: 'Log' }).first().click();
            // The log loads once the dialog is open: wait for its row (a busy machine takes a moment), then read it.
            const row = page
              .getByRole('dialog')
              .getByRole('row', { name: /Test event/ })
              .first();
            const text = await row.waitFor({ timeout: 5_000 }).then(
              () => row.innerText(),
              () => '',
            );
            if (!/delivered/i.test(text)) await page.keyboard.press('Escape');
            return text;
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toMatch(/delivered[\s\S]*200/i);
      await screenshot(page, 'integrations-3-webhook-log');
    } finally {
      await receiver.close();
    }
  });
});
