import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEmail, createTestContext, engine, freshIp, type TestClient, type TestContext } from '../support/harness.ts';
import { recheckAllDomains } from '../../src/domains/custom-domains/service.ts';
import { messagesTo, multipartBody, signerRows, tenantWithGerant } from '../support/signatures.ts';
import { sentRequest } from '../support/signing-flow.ts';
import { tokenOf } from '../support/signing-page.ts';

/**
 * Tenants' own domains (docs/white-label.md) over HTTP, the DNS answered by DNS_STUB_FILE: declare (records shown,
 * hostile names refused), check (TXT missing, wrong, right; a name verified elsewhere first), then what a verified
 * domain changes — the branding before login by Host, the links in mails, another tenant's links refused on it,
 * Caddy's TLS question — and its removal.
 */
describe(`custom domains (${engine})`, () => {
  let t: TestContext;
  let stubFile: string;
  let acme: { appId: string; client: TestClient };
  let beta: { appId: string; client: TestClient };
  let gamma: { appId: string; client: TestClient };
  const zone: Record<string, { TXT?: string[]; CNAME?: string[] }> = {};
  const publish = (name: string, records: { TXT?: string[]; CNAME?: string[] }) => {
    zone[name] = records;
    fs.writeFileSync(stubFile, JSON.stringify(zone));
  };

  beforeAll(async () => {
    stubFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-dns-')), 'zone.json');
    t = await createTestContext({ env: { DNS_STUB_FILE: stubFile, PUBLIC_URL: 'http://app.paraphe.test' } });
    acme = await tenantWithGerant(t, { company: 'Acme Signing' });
    beta = await tenantWithGerant(t, { company: 'Beta Corp' });
    gamma = await tenantWithGerant(t, { company: 'Gamma Ltd' });
    await t.database.db.execute(sql`update applications set settings = settings || '{"themeColor":"#aa3355"}'::jsonb where id = ${acme.appId}`);
  });
  afterAll(async () => {
    await t?.close();
  });

  const rows = async <R>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;
  const auditsOf = (appId: string, action: string) =>
    rows<{ data: Record<string, unknown> }>(sql`select data from audit_events where app_id = ${appId} and action = ${action} order by created_at`);
  const declare = (client: TestClient, body: unknown) => client.call('POST', '/api/custom-domains', 'application', body);
  const check = (client: TestClient, id: string) => client.call('POST', `/api/custom-domains/${id}/check`, 'application');
  const branding = async (host: string) => {
    const res = await t.request({ method: 'GET', url: '/api/public/branding', headers: { host } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const ask = async (domain: string) => (await t.request({ method: 'GET', url: `/internal/tls/ask?domain=${encodeURIComponent(domain)}` })).statusCode;
  let acmeDomainId = '';
  let acmeToken = '';

  it('refuses names that are not a host of the tenant: IP addresses, the platform host, junk, over-long (400 naming host)', async () => {
    const before = await t.snapshot();
    for (const host of [
      '192.0.2.10',
      '[2001:db8::1]',
      'localhost',
      'app.paraphe.test',
      'APP.PARAPHE.TEST.',
      'evil.com:443@x',
      'https://sign.acme.test/x',
      'a'.repeat(300),
      'sign..acme.test',
      '-x.acme.test',
    ]) {
      const res = await declare(acme.client, { host, purpose: 'signing' });
      expect(res.statusCode, `${host}: ${res.body}`).toBe(400);
      expect(
        res.json().error.fields.map((f: { field: string }) => f.field),
        host,
      ).toEqual(['host']);
    }
    const purpose = await declare(acme.client, { host: 'sign.acme.test', purpose: 'everything' });
    expect(purpose.statusCode).toBe(400);
    expect(purpose.json().error.fields[0].field).toBe('purpose');
    expect(await t.snapshot()).toBe(before);
  });

  it('declares a domain: pending, the TXT and CNAME records to publish, an audit row; one per purpose', async () => {
    const res = await declare(acme.client, { host: ' Sign.ACME.test ', purpose: 'signing' });
    expect(res.statusCode, res.body).toBe(201);
    const domain = res.json().data;
    expect(domain).toMatchObject({ host: 'sign.acme.test', purpose: 'signing', status: 'pending', failure: null, cnameOk: null, lastCheckedAt: null });
    expect(domain.records[0]).toMatchObject({ type: 'TXT', name: '_paraphe-challenge.sign.acme.test' });
    expect(domain.records[0].value).toMatch(/^paraphe-verification=[A-Za-z0-9_-]{20,}$/);
    expect(domain.records[1]).toEqual({ type: 'CNAME', name: 'sign.acme.test', value: 'app.paraphe.test' });
    acmeDomainId = domain.id;
    acmeToken = domain.records[0].value;
    expect((await auditsOf(acme.appId, 'custom_domain.declared'))[0]!.data).toEqual({ host: 'sign.acme.test', purpose: 'signing' });
    const list = (await acme.client.call('GET', '/api/custom-domains', 'application')).json().data;
    expect(list.target).toBe('app.paraphe.test');
    expect(list.items.map((d: { id: string }) => d.id)).toEqual([acmeDomainId]);

    const second = await declare(acme.client, { host: 'sign2.acme.test', purpose: 'signing' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.fields[0].field).toBe('purpose');
    // A unicode name is kept in its ASCII (punycode) form, the one DNS and TLS use.
    const unicode = await declare(acme.client, { host: 'bücher.acme.test', purpose: 'backoffice' });
    expect(unicode.statusCode, unicode.body).toBe(201);
    expect(unicode.json().data.host).toBe('xn--bcher-kva.acme.test');
    expect((await acme.client.call('DELETE', `/api/custom-domains/${unicode.json().data.id}`, 'application')).statusCode).toBe(200);
  });

  it('the ladder: no session 401, a sales user 403, another tenant 404 — nothing changed', async () => {
    const sales = await t.login((await t.factory.user(acme.appId, { profile: 'COMMERCIAL' })).email);
    const before = await t.snapshot();
    expect((await t.request({ method: 'GET', url: '/api/custom-domains' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/custom-domains', body: { host: 'x.acme.test', purpose: 'backoffice' } })).statusCode).toBe(401);
    expect((await sales.call('GET', '/api/custom-domains', 'application')).statusCode).toBe(403);
    expect((await declare(sales, { host: 'x.acme.test', purpose: 'backoffice' })).statusCode).toBe(403);
    expect((await check(sales, acmeDomainId)).statusCode).toBe(403);
    expect((await check(beta.client, acmeDomainId)).statusCode).toBe(404);
    expect((await beta.client.call('DELETE', `/api/custom-domains/${acmeDomainId}`, 'application')).statusCode).toBe(404);
    expect((await beta.client.call('GET', '/api/custom-domains', 'application')).json().data.items).toEqual([]);
    expect(await t.snapshot()).toBe(before);
  });

  it('checks: TXT missing stays pending, another value fails, the right one verifies (a missing CNAME is only reported)', async () => {
    // Gamma declares the same name before Acme verifies it: pending duplicates are allowed, the first to verify wins.
    const gammaDomain = (await declare(gamma.client, { host: 'sign.acme.test', purpose: 'signing' })).json().data;

    const missing = (await check(acme.client, acmeDomainId)).json().data;
    expect(missing).toMatchObject({ status: 'pending', failure: 'txt_missing', cnameOk: false });
    expect(missing.lastCheckedAt).not.toBeNull();
    expect(await ask('sign.acme.test')).toBe(404);

    publish('_paraphe-challenge.sign.acme.test', { TXT: ['paraphe-verification=somebody-else'] });
    const wrong = (await check(acme.client, acmeDomainId)).json().data;
    expect(wrong).toMatchObject({ status: 'failed', failure: 'txt_mismatch' });
    expect((await auditsOf(acme.appId, 'custom_domain.failed')).at(-1)!.data).toMatchObject({ host: 'sign.acme.test', failure: 'txt_mismatch' });

    publish('_paraphe-challenge.sign.acme.test', { TXT: [acmeToken, gammaDomain.records[0].value] });
    const right = (await check(acme.client, acmeDomainId)).json().data;
    expect(right).toMatchObject({ status: 'verified', failure: null, cnameOk: false });
    expect(right.verifiedAt).not.toBeNull();
    expect(await auditsOf(acme.appId, 'custom_domain.verified')).toHaveLength(1);
    publish('sign.acme.test', { CNAME: ['app.paraphe.test.'] });
    expect((await check(acme.client, acmeDomainId)).json().data).toMatchObject({ status: 'verified', cnameOk: true });
    expect(await auditsOf(acme.appId, 'custom_domain.verified')).toHaveLength(1);

    // Gamma's own token is published too, but the name is Acme's now: its check fails `taken`, a new declaration 409.
    expect((await check(gamma.client, gammaDomain.id)).json().data).toMatchObject({ status: 'failed', failure: 'taken' });
    const again = await declare(beta.client, { host: 'sign.acme.test', purpose: 'backoffice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields[0].field).toBe('host');
  });

  it("a verified domain's Host gets its tenant's branding; another tenant's pending name, an unknown host or the platform's get the default", async () => {
    expect(await branding('sign.acme.test')).toEqual({ tenant: true, company: 'Acme Signing', themeColor: '#aa3355', logoUrl: null });
    expect(await branding('SIGN.ACME.TEST:443')).toMatchObject({ tenant: true, company: 'Acme Signing' });
    const platformDefault = { tenant: false, company: null, themeColor: null, logoUrl: null };
    expect(await branding('app.paraphe.test')).toEqual(platformDefault);
    expect(await branding('unknown.example.org')).toEqual(platformDefault);
    expect(await branding('sign.beta.test')).toEqual(platformDefault);
  });

  it("Caddy's TLS question: 200 for a verified domain only, no tenant data", async () => {
    const yes = await t.request({ method: 'GET', url: '/internal/tls/ask?domain=sign.acme.test' });
    expect(yes.statusCode).toBe(200);
    expect(yes.body).toBe('');
    for (const domain of ['sign.beta.test', 'unknown.example.org', 'app.paraphe.test', '127.0.0.1', 'evil.com:443@x', ''])
      expect(await ask(domain), domain).toBe(404);
    expect((await t.request({ method: 'GET', url: '/internal/tls/ask' })).statusCode).toBe(400);
  });

  it("the invitation sent after verification links to https://<host>; the link works there and on the platform's host, not on another tenant's domain", async () => {
    // Beta verifies its own domain, to open Acme's link on it.
    const betaDomain = (await declare(beta.client, { host: 'sign.beta.test', purpose: 'signing' })).json().data;
    publish('_paraphe-challenge.sign.beta.test', { TXT: [betaDomain.records[0].value] });
    expect((await check(beta.client, betaDomain.id)).json().data.status).toBe('verified');

    const request = await sentRequest(t, acme.client, {});
    const email = (await signerRows(t, request.id))[0]!.email;
    const [invitation] = await messagesTo(t, email, 'signature-invitation');
    expect(invitation!.text).toContain('https://sign.acme.test/#/sign/');
    expect(invitation!.text).not.toContain('app.paraphe.test');
    const token = tokenOf(invitation!.text);
    const view = (host: string) => t.request({ method: 'GET', url: `/api/public/sign/${token}`, headers: { host } });
    expect((await view('sign.acme.test')).statusCode).toBe(200);
    expect((await view('app.paraphe.test')).statusCode).toBe(200);
    const elsewhere = await view('sign.beta.test');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.code).toBe('LINK_INVALID');
    // Gamma has no verified domain: its links stay on the platform's address.
    const gammaRequest = await sentRequest(t, gamma.client, {});
    const gammaEmail = (await signerRows(t, gammaRequest.id))[0]!.email;
    expect((await messagesTo(t, gammaEmail, 'signature-invitation'))[0]!.text).toContain('http://app.paraphe.test/#/sign/');
  });

  it("the settings' SMS preview counts the tenant's signing address (a longer domain, a longer SMS)", async () => {
    const preview = await acme.client.call('POST', `/api/settings/${acme.appId}/templates/preview`, 'application', {
      kind: 'invitation',
      language: 'en',
      template: { sms: 'Sign: ${link}' },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.sms).toMatch(/^Sign: https:\/\/sign\.acme\.test\/#\/sign\//);
  });

  it('a TXT record withdrawn: the re-check fails the domain and links go back to the platform; removal is audited', async () => {
    publish('_paraphe-challenge.sign.beta.test', {});
    const betaId = (await beta.client.call('GET', '/api/custom-domains', 'application')).json().data.items[0].id;
    expect((await check(beta.client, betaId)).json().data).toMatchObject({ status: 'failed', failure: 'txt_missing' });
    expect(await ask('sign.beta.test')).toBe(404);
    expect((await branding('sign.beta.test')).tenant).toBe(false);

    const removed = await acme.client.call('DELETE', `/api/custom-domains/${acmeDomainId}`, 'application');
    expect(removed.statusCode).toBe(200);
    expect((await auditsOf(acme.appId, 'custom_domain.removed')).at(-1)!.data).toMatchObject({ host: 'sign.acme.test', status: 'verified' });
    expect(await ask('sign.acme.test')).toBe(404);
    expect((await branding('sign.acme.test')).tenant).toBe(false);
    const request = await sentRequest(t, acme.client, {});
    const email = (await signerRows(t, request.id))[0]!.email;
    expect((await messagesTo(t, email, 'signature-invitation')).at(-1)!.text).toContain('http://app.paraphe.test/#/sign/');
  });

  it("a verified back-office domain carries the tenant's account links; the hourly re-check verifies without the tenant", async () => {
    const declared = (await declare(acme.client, { host: 'admin.acme.test', purpose: 'backoffice' })).json().data;
    publish('_paraphe-challenge.admin.acme.test', { TXT: [declared.records[0].value] });
    // Nobody clicks "Check now": the periodic job (custom-domains-recheck) finds the record.
    await recheckAllDomains(t.server.platform);
    const listed = (await acme.client.call('GET', '/api/custom-domains', 'application')).json().data.items;
    expect(listed.find((d: { id: string }) => d.id === declared.id)).toMatchObject({ status: 'verified', failure: null });
    const owner = (await rows<{ email: string }>(sql`select email from users where app_id = ${acme.appId} and profile = 'GERANT'`))[0]!.email;
    const forgot = await t.request({ method: 'POST', url: '/api/auth/password/forgot', body: { email: owner }, headers: freshIp() });
    expect(forgot.statusCode).toBe(200);
    const reset = await t.waitFor(async () => (await messagesTo(t, owner)).find((m) => m.text.includes('/#/reset?token=')));
    expect(reset.text).toContain('https://admin.acme.test/#/reset?token=');
    // The help request's copy to the tenant's support address links to its back office there too.
    const admin = await t.login(adminEmail);
    await admin.call('PUT', `/api/applications/${acme.appId}`, 'application', { settings: { supportEmail: 'support@acme.test' } });
    const { payload, headers } = multipartBody([{ name: 'input', value: JSON.stringify({ subject: 'Stuck', category: 'bug', message: 'Help.' }) }]);
    const asked = await t.request({ method: 'POST', url: '/api/help-requests', token: await acme.client.token('user'), body: payload, headers });
    expect(asked.statusCode, asked.body).toBe(201);
    const [toSupport] = await messagesTo(t, 'support@acme.test', 'help-request');
    expect(toSupport!.text).toContain('https://admin.acme.test/#/home');
    // Signing links are not back-office links: with no verified signing domain, they stay on the platform.
    const request = await sentRequest(t, acme.client, {});
    const email = (await signerRows(t, request.id))[0]!.email;
    expect((await messagesTo(t, email, 'signature-invitation')).at(-1)!.text).toContain('http://app.paraphe.test/#/sign/');
  });
});
