import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { tenantWithGerant } from '../support/signatures.ts';
import { sentLink } from './edge-support.ts';

/**
 * Security headers (docs/security.md, Headers): the SPA's Content-Security-Policy, no framing, no Referer, nosniff,
 * HSTS only on https, no-store on every API answer, and a sandbox policy on files a browser may open directly.
 */
const expectedCsp =
  "default-src 'self';base-uri 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;" +
  "connect-src 'self';worker-src 'self' blob:;object-src 'none';frame-src 'none';frame-ancestors 'none';form-action 'self';manifest-src 'self'";

function expectSecurityHeaders(res: LightMyRequestResponse) {
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
}

describe(`edge: security headers (${engine})`, () => {
  let t: TestContext;
  let https: TestContext;
  let gerant: TestClient;
  let webDist: string;
  beforeAll(async () => {
    // A built SPA stand-in: the server serves WEB_DIST on / (and index.html for unknown non-API paths).
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Paraphe</title><script type="module" src="/assets/app.js"></script>');
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    fs.mkdirSync(path.join(webDist, 'locales', 'common'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'locales', 'common', 'fr.json'), '{"common":{"ok":"OK"}}');
    t = await createTestContext({ env: { WEB_DIST: webDist } });
    https = await createTestContext({ env: { PUBLIC_URL: 'https://sign.example.com' } });
    gerant = (await tenantWithGerant(t)).client;
  });
  afterAll(async () => {
    await t?.close();
    await https?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('the SPA gets the Content-Security-Policy, may not be framed and sends no Referer; no HSTS over http', async () => {
    for (const url of ['/', '/index.html', '/some/spa/path', '/assets/app.js']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBe(expectedCsp);
      expectSecurityHeaders(res);
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('serves the built translations as JSON; a missing built file is a 404, not the app page', async () => {
    const translations = await t.request({ method: 'GET', url: '/locales/common/fr.json?v=abc' });
    expect(translations.statusCode).toBe(200);
    expect(translations.headers['content-type']).toMatch(/^application\/json/);
    expect(translations.json()).toEqual({ common: { ok: 'OK' } });
    for (const url of ['/locales/common/xx.json', '/locales/nope/fr.json?v=abc', '/assets/gone-1234.js']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/text\/html/);
    }
  });

  it('over https: HSTS, and mixed content is upgraded', async () => {
    const res = await https.request({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(res.headers['content-security-policy']).toBe(`${expectedCsp};upgrade-insecure-requests`);
    expectSecurityHeaders(res);
  });

  it('every API answer is no-store: authenticated JSON, errors, the public signing API', async () => {
    const answers = [
      await gerant.call('GET', '/api/Users', 'user'),
      await gerant.call('GET', '/api/transactions', 'history'),
      await t.request({ method: 'GET', url: '/api/Users' }),
      await t.request({ method: 'GET', url: '/api/no-such-route' }),
      await t.request({ method: 'POST', url: '/api/auth/login', body: { email: 'nobody@example.com', password: 'Wrong-pass1' } }),
      await t.request({ method: 'GET', url: '/api/public/sign/not-a-valid-token-at-all' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 404, 401, 404]);
    for (const res of answers) {
      expect(res.headers['cache-control'], res.body).toBe('no-store');
      expectSecurityHeaders(res);
    }
  });

  it('documents: the signer’s inline PDF and downloads are no-store and sandboxed (no script of ours runs in them)', async () => {
    const link = await sentLink(t, gerant);
    const view = await t.request({ method: 'GET', url: `/api/public/sign/${link.token}` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.headers['cache-control']).toBe('no-store');
    const pdf = await t.request({ method: 'GET', url: `/api/public/sign/${link.token}/documents/${link.docId}` });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline;/);
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(String(pdf.headers['content-security-policy'])).toMatch(/^sandbox;/);
    expect(String(pdf.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expectSecurityHeaders(pdf);

    const original = await gerant.call('GET', `/api/transactions/${link.requestId}/documents/${link.docId}`, 'history');
    expect(original.statusCode, original.body).toBe(200);
    expect(original.headers['cache-control']).toBe('private, no-store');
    expect(String(original.headers['content-security-policy'])).toMatch(/^sandbox;/);
  });

  it('the PKI’s public certificates stay cacheable (their own Cache-Control)', async () => {
    const res = await t.request({ method: 'GET', url: '/pki/root.crt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
