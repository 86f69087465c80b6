import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, engine, type TestClient, type TestContext, tenantWithoutDomain } from '../support/harness.ts';
import { draft, requestRow, signer, tenantWithGerant } from '../support/signatures.ts';
import { embedSigningLink } from '../../src/domains/signatures/index.ts';

/** The SPA's page as a stand-in build (the test needs its head, not the app). */
const indexHtml = '<!doctype html>\n<html lang="fr">\n  <head>\n    <title>Paraphe</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';

const frameAncestorsOf = (csp: unknown) => /(?:^|;\s*)frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

describe(`embedded signing: frame-ancestors per tenant, the origins setting (${engine})`, () => {
  let t: TestContext;
  let webDist: string;
  let gerant: TestClient;
  let appId: string;
  let liveGerant: TestClient;
  let liveAppId: string;
  let commercial: TestClient;
  let otherGerant: TestClient;
  let token: string;
  let liveToken: string;

  /** A sent request's first signer's embeddable link (its token). */
  async function tokenOfNewRequest(client: TestClient) {
    const request = await draft(t, client, { signers: [signer(0)] });
    const expiresAt = new Date(Date.now() + 86_400_000);
    await t.database.inSystem((tx) => tx.execute(sql`update signature_requests set status = 'ready', expires_at = ${expiresAt} where id = ${request.id}`));
    expect((await requestRow(t, request.id)).status).toBe('ready');
    const ids = { requestId: request.id, signerId: request.signers[0]!.id };
    return { ...ids, token: tokenOf({ ...ids, expiresAt }) };
  }
  const tokenOf = (ids: { requestId: string; signerId: string; expiresAt: Date }) =>
    embedSigningLink(t.server.platform, { appId: tenantWithoutDomain, ...ids }).split('/embed/sign/')[1]!;
  let first: { requestId: string; signerId: string; token: string };

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-embed-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), indexHtml);
    t = await createTestContext({ env: { WEB_DIST: webDist } });
    const tenant = await tenantWithGerant(t, { testMode: true });
    const live = await tenantWithGerant(t, { testMode: false });
    const other = await tenantWithGerant(t);
    [gerant, appId, liveGerant, liveAppId, otherGerant] = [tenant.client, tenant.appId, live.client, live.appId, other.client];
    const c = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId: tenant.gerant.id });
    commercial = await t.login(c.email);
    first = await tokenOfNewRequest(gerant);
    token = first.token;
    liveToken = (await tokenOfNewRequest(liveGerant)).token;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const parametersUrl = (id: string) => `/api/settings/${id}/parameters`;
  const settingsOf = async (client: TestClient, id: string) => (await client.call('GET', `/api/settings/${id}`, 'application')).json().data;
  /** The Parameters tab as the form sends it, with these origins. */
  const parametersWith = async (client: TestClient, id: string, embedOrigins: unknown) => {
    const { parameters } = await settingsOf(client, id);
    const { signatureDefaults, expiryDays: _days, embedOrigins: _origins, ...rest } = parameters;
    const { expiryDays, ...defaults } = signatureDefaults;
    return { ...rest, signatureDefaults: defaults, expiryDays, embedOrigins };
  };
  const saveOrigins = async (client: TestClient, id: string, embedOrigins: unknown) =>
    client.call('PUT', parametersUrl(id), 'application', await parametersWith(client, id, embedOrigins));
  const embedPage = (linkToken: string) => t.request({ method: 'GET', url: `/embed/sign/${linkToken}` });

  it('a tenant without origins: the embed page is framed by no one, like every other answer', async () => {
    const page = await embedPage(token);
    expect(page.statusCode).toBe(200);
    expect(frameAncestorsOf(page.headers['content-security-policy'])).toBe("'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.body).toContain('<meta name="paraphe-embed-origins" content="" />');
  });

  it('lists the tenant’s origins in frame-ancestors on its links only; every other answer keeps none', async () => {
    const saved = await saveOrigins(gerant, appId, ['https://shop.example.com/', 'HTTPS://Portal.Example.com:8443', 'http://localhost:5173']);
    expect(saved.statusCode, saved.body).toBe(200);
    const origins = ['https://shop.example.com', 'https://portal.example.com:8443', 'http://localhost:5173'];
    expect(saved.json().data.parameters.embedOrigins).toEqual(origins);

    const page = await embedPage(token);
    expect(page.statusCode).toBe(200);
    expect(frameAncestorsOf(page.headers['content-security-policy'])).toBe(origins.join(' '));
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['cache-control']).toBe('no-store');
    // The rest of the policy is the app's own.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("object-src 'none'");
    expect(page.body).toContain(`<meta name="paraphe-embed-origins" content="${origins.join(' ')}" />`);
    expect(page.body).toContain('<div id="root"></div>');

    // Another tenant's link, a tampered or unknown token, an expired link: nobody may frame them.
    const refusedFrames = [
      liveToken,
      `${token.slice(0, -2)}xx`,
      'not-a-token',
      tokenOf({ requestId: crypto.randomUUID(), signerId: crypto.randomUUID(), expiresAt: new Date(Date.now() + 60_000) }),
      tokenOf({ ...first, expiresAt: new Date(Date.now() - 1000) }),
    ];
    for (const other of refusedFrames) {
      const answer = await embedPage(other);
      expect(answer.statusCode, other).toBe(200);
      expect(frameAncestorsOf(answer.headers['content-security-policy']), other).toBe("'none'");
      expect(answer.headers['x-frame-options'], other).toBe('DENY');
      expect(answer.body).toContain('content=""');
    }
    // The app's other documents and the API: never framed.
    for (const url of ['/', '/index.html', '/sign/whatever', `/api/settings/${appId}`, '/api/public/sign/x', '/healthz']) {
      const answer = await t.request({ method: 'GET', url });
      expect(frameAncestorsOf(answer.headers['content-security-policy']), url).toBe("'none'");
      expect(answer.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('validates the origins: a path, a wildcard, a bad scheme, too many; http refused in live mode, localhost allowed in test mode', async () => {
    const fieldsOf = (res: { json(): { error: { fields: { field: string; rule: string }[] } } }) => res.json().error.fields;
    const before = await settingsOf(gerant, appId);
    const malformed = await saveOrigins(gerant, appId, [
      'https://ok.example.com',
      'https://a.example.com/path',
      'https://*.example.com',
      'ftp://a.example.com',
      '*',
    ]);
    expect(malformed.statusCode).toBe(400);
    expect(fieldsOf(malformed).map((f) => f.field)).toEqual(['embedOrigins.1', 'embedOrigins.2', 'embedOrigins.3', 'embedOrigins.4']);
    const tooMany = await saveOrigins(
      gerant,
      appId,
      Array.from({ length: 21 }, (_, i) => `https://site${i}.example.com`),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(fieldsOf(tooMany).map((f) => f.field)).toEqual(['embedOrigins']);
    // Test mode: http only on the local machine.
    const remoteHttp = await saveOrigins(gerant, appId, ['http://localhost:3000', 'http://shop.example.com']);
    expect(remoteHttp.statusCode).toBe(400);
    expect(fieldsOf(remoteHttp)).toEqual([expect.objectContaining({ field: 'embedOrigins.1', rule: 'url_https' })]);
    expect(await settingsOf(gerant, appId)).toEqual(before);

    // Live mode: https only.
    const liveHttp = await saveOrigins(liveGerant, liveAppId, ['https://shop.example.com', 'http://localhost:3000']);
    expect(liveHttp.statusCode).toBe(400);
    expect(fieldsOf(liveHttp)).toEqual([expect.objectContaining({ field: 'embedOrigins.1', rule: 'url_https' })]);
    const liveOk = await saveOrigins(liveGerant, liveAppId, ['https://shop.example.com']);
    expect(liveOk.statusCode, liveOk.body).toBe(200);
    expect(frameAncestorsOf((await embedPage(liveToken)).headers['content-security-policy'])).toBe('https://shop.example.com');
  });

  it('the setting is saved with an audit row; the other Parameters stay when it is omitted; 401 / 403 / other tenant 404', async () => {
    const origins = ['https://shop.example.com'];
    expect((await saveOrigins(gerant, appId, origins)).statusCode).toBe(200);
    const audits = (await t.database.db.execute(
      sql`select data from audit_events where app_id = ${appId} and action = 'settings.parameters_changed' order by created_at`,
    )) as unknown as { rows: { data: { changed: string[] } }[] };
    expect(audits.rows.some((row) => row.data.changed.includes('embedOrigins'))).toBe(true);
    // A client that does not know the field (an older form) leaves it as it is.
    const { embedOrigins: _omitted, ...withoutOrigins } = await parametersWith(gerant, appId, []);
    expect((await gerant.call('PUT', parametersUrl(appId), 'application', withoutOrigins)).statusCode).toBe(200);
    expect((await settingsOf(gerant, appId)).parameters.embedOrigins).toEqual(origins);

    const body = await parametersWith(gerant, appId, ['https://evil.example.com']);
    expect((await t.request({ method: 'PUT', url: parametersUrl(appId), body })).statusCode).toBe(401);
    expect((await commercial.call('PUT', parametersUrl(appId), 'application', body)).statusCode).toBe(403);
    expect((await otherGerant.call('PUT', parametersUrl(appId), 'application', body)).statusCode).toBe(404);
    expect((await settingsOf(gerant, appId)).parameters.embedOrigins).toEqual(origins);
    expect(frameAncestorsOf((await embedPage(token)).headers['content-security-policy'])).toBe('https://shop.example.com');
  });
});
