import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { reloadDomains } from '../../src/domains/custom-domains/registry.ts';
import type { DirectLink, DirectLinkSettingsInput, RequestTemplate, RequestTemplateInput } from '@paraphe/contracts';
import { signatureEvents } from '../../src/domains/signatures/schema.ts';
import { requestTemplateLinkClaims, requestTemplateLinks } from '../../src/domains/request-templates/schema.ts';
import { auditEvents } from '../../src/platform/db/schema/index.ts';
import { createTestContext, engine, freshIp, type TestClient, type TestContext } from '../support/harness.ts';
import { makePdf, messagesTo, multipartBody, signerRows, tenantWithGerant } from '../support/signatures.ts';

/** Direct links (docs/templates.md, "Direct links"): publish, the visitor's claim and code, limits, rates, the ladder. */

const director = { firstname: 'Hélène', lastname: 'Directrice', emailAddress: 'director@example.com' };
const definition = (extra: Partial<RequestTemplateInput> = {}): RequestTemplateInput => ({
  name: 'Membership form',
  visibility: 'tenant',
  roles: [
    { name: 'Member', role: 'signer' },
    { name: 'Director', role: 'signer', prefill: director },
    { name: 'Accountant', role: 'observer', prefill: { firstname: 'Cécile', lastname: 'Compta', emailAddress: 'compta@example.com' } },
  ],
  documents: [
    {
      fileName: 'membership.pdf',
      title: 'Membership agreement',
      signatureFields: [
        { signerIndex: 0, page: 1, x: 100, y: 100 },
        { signerIndex: 1, page: 1, x: 300, y: 100 },
      ],
    },
  ],
  ...extra,
});

let visitorSequence = 0;
const visitor = () => ({ firstname: 'Vera', lastname: 'Visitor', emailAddress: `visitor${++visitorSequence}-${process.pid}@example.com`, language: 'en' });

describe(`direct links (${engine})`, () => {
  let t: TestContext;
  let manager: TestClient;
  let commercial: TestClient;
  let stranger: TestClient;
  let template: RequestTemplate;
  let link: DirectLink;

  const createTemplate = async (input: RequestTemplateInput) => {
    const { payload, headers } = multipartBody([
      { name: 'template', value: JSON.stringify(input) },
      { name: 'files', fileName: 'membership.pdf', contentType: 'application/pdf', data: await makePdf(1, 'Membership') },
    ]);
    const res = await t.request({ method: 'POST', url: '/api/request-templates', token: await manager.token('history'), body: payload, headers });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as RequestTemplate;
  };
  const publish = (client: TestClient, id: string, settings: DirectLinkSettingsInput) =>
    client.call('PUT', `/api/request-templates/${id}/direct-link`, 'history', settings);
  const settingsOf = (extra: Partial<DirectLinkSettingsInput> = {}): DirectLinkSettingsInput => ({
    enabled: true,
    maxUses: null,
    expiresAt: null,
    perIpPerHour: 100,
    perAddressPerDay: 100,
    ...extra,
  });
  const info = (slug = link.slug) => t.request({ method: 'GET', url: `/api/public/direct-links/${slug}` });
  const claim = (person: ReturnType<typeof visitor>, ip = freshIp()) =>
    t.request({ method: 'POST', url: `/api/public/direct-links/${link.slug}/claims`, body: person, headers: ip });
  const verify = (claimId: string, code: string) =>
    t.request({ method: 'POST', url: `/api/public/direct-links/${link.slug}/claims/${claimId}/verify`, body: { code }, headers: freshIp() });
  const codeFor = async (email: string) => {
    const mails = await messagesTo(t, email, 'direct-link-code');
    return /\b(\d{6})\b/.exec(mails.at(-1)!.text)![1]!;
  };
  /** A visitor's claim, and its mailed code. */
  const claimed = async () => {
    const person = visitor();
    const res = await claim(person);
    expect(res.statusCode, res.body).toBe(202);
    return { person, claimId: res.json().data.claimId as string, code: await codeFor(person.emailAddress) };
  };
  const linkRow = async () => (await t.database.db.select().from(requestTemplateLinks).where(eq(requestTemplateLinks.id, link.id)))[0]!;
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await tenantWithGerant(t);
    const managerUser = await t.factory.user(tenant.appId, { profile: 'MANAGER', parentId: tenant.gerant.id });
    const commercialUser = await t.factory.user(tenant.appId, { profile: 'COMMERCIAL', parentId: managerUser.id });
    manager = await t.login(managerUser.email);
    commercial = await t.login(commercialUser.email);
    stranger = (await tenantWithGerant(t)).client;
    template = await createTemplate(definition());
  });
  afterAll(async () => t?.close());

  it('refuses to publish a template a visitor cannot use, naming the role', async () => {
    const witness = await createTemplate(definition({ name: 'Witnessed', roles: [{ name: 'Member' }, { name: 'Witness' }] }));
    const noPrefill = await publish(manager, witness.id, settingsOf());
    expect(noPrefill.statusCode).toBe(400);
    expect(noPrefill.json().error.fields[0]).toMatchObject({ field: 'roles.1' });
    expect(noPrefill.json().error.message).toContain('Witness');
    const observerFirst = await createTemplate(
      definition({
        name: 'Observed',
        roles: [
          { name: 'Viewer', role: 'observer' },
          { name: 'Director', prefill: director },
        ],
        documents: [{ fileName: 'membership.pdf', signatureFields: [{ signerIndex: 1, page: 1, x: 1, y: 1 }] }],
      }),
    );
    const refused = await publish(manager, observerFirst.id, settingsOf());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields[0]).toMatchObject({ field: 'roles.0' });
    expect(await t.database.db.select().from(requestTemplateLinks)).toHaveLength(0);
  });

  it('publishes the link (the authorization ladder: 401, 403 for who cannot edit, another tenant 404, nothing changed)', async () => {
    const before = await t.snapshot();
    const anonymous = await t.request({ method: 'PUT', url: `/api/request-templates/${template.id}/direct-link`, body: settingsOf() });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: `/api/request-templates/${template.id}/direct-link` })).statusCode).toBe(401);
    // The commercial sees the template (shared with the tenant) but may not edit it.
    const notTheirs = await publish(commercial, template.id, settingsOf());
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().error.code).toBe('FORBIDDEN');
    const foreign = await publish(stranger, template.id, settingsOf());
    expect(foreign.statusCode).toBe(404);
    expect((await stranger.call('GET', `/api/request-templates/${template.id}/direct-link`, 'history')).statusCode).toBe(404);
    expect(await t.database.db.select().from(requestTemplateLinks)).toHaveLength(0);
    expect(await t.snapshot()).toBe(before);
    expect((await commercial.call('GET', `/api/request-templates/${template.id}/direct-link`, 'history')).json().data).toBeNull();

    const res = await publish(manager, template.id, settingsOf());
    expect(res.statusCode, res.body).toBe(200);
    link = res.json().data;
    expect(link).toMatchObject({ enabled: true, live: true, useCount: 0, maxUses: null, perIpPerHour: 100, publishedBy: { id: manager.userId } });
    // 256 random bits, base64url.
    expect(link.slug).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`${t.config.publicUrl}/#/d/${link.slug}`);
    expect((await commercial.call('GET', `/api/request-templates/${template.id}/direct-link`, 'history')).json().data.id).toBe(link.id);
    const detail = (await manager.call('GET', `/api/request-templates/${template.id}`, 'history')).json().data;
    expect(detail.directLink).toEqual({ enabled: true, live: true, useCount: 0 });
    const listed = (await manager.call('GET', '/api/request-templates?search=membership', 'history')).json().data;
    expect(listed.find((r: RequestTemplate) => r.id === template.id).directLink).toEqual({ enabled: true, live: true, useCount: 0 });
    const audited = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'request_template.direct_link_published'));
    expect(audited).toHaveLength(1);
  });

  it('shows a visitor the template, their role, the tenant and the documents — no prefilled person', async () => {
    const res = await info();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ templateName: 'Membership form', roleName: 'Member', documents: [{ title: 'Membership agreement' }] });
    expect(res.json().data.tenant.company).toBeTruthy();
    for (const secret of ['director@example.com', 'Directrice', 'Hélène', 'compta@example.com', 'Compta', 'Director', 'Accountant'])
      expect(res.body).not.toContain(secret);
    expect((await info('not-a-link')).statusCode).toBe(404);
  });

  it("is unknown on another tenant's verified domain (404), as signing links; the platform's host still opens it", async () => {
    const other = await tenantWithGerant(t);
    await t.database.db.execute(
      sql`insert into custom_domains (app_id, host, purpose, token, status, verified_at) values (${other.appId}, 'sign.other-tenant.test', 'signing', 'x', 'verified', now())`,
    );
    await reloadDomains(t.server.platform);
    const at = (host?: string) =>
      t.request({ method: 'GET', url: `/api/public/direct-links/${link.slug}`, headers: { ...freshIp(), ...(host ? { host } : {}) } });
    expect((await at('sign.other-tenant.test')).statusCode).toBe(404);
    expect((await at()).statusCode).toBe(200);
  });

  it('makes the request when the mailed code is right: the visitor as the first role, the others invited, the direct link in the evidence', async () => {
    const { person, claimId, code } = await claimed();
    const mail = (await messagesTo(t, person.emailAddress, 'direct-link-code'))[0]!;
    expect(mail.subject).toBe(`Your verification code: ${code}`);
    // Only the code's HMAC is stored.
    const [stored] = await t.database.db.select().from(requestTemplateLinkClaims).where(eq(requestTemplateLinkClaims.id, claimId));
    expect(stored!.codeHash).not.toContain(code);

    const res = await verify(claimId, code);
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().data;
    expect(made.url).toBe(`${t.config.publicUrl}/#/sign/${made.token}`);
    const signers = await signerRows(t, made.requestId);
    expect(signers.map((s) => [s.signerIndex, s.email, s.firstname])).toEqual([
      [0, person.emailAddress, 'Vera'],
      [1, director.emailAddress, 'Hélène'],
      [2, 'compta@example.com', 'Cécile'],
    ]);
    // Sent at once by the publisher: the visitor's turn first, the director's after (invited in turn, as usual).
    await t.waitFor(async () => (await signerRows(t, made.requestId))[0]!.status === 'ready');
    expect((await signerRows(t, made.requestId))[1]!.status).toBe('waiting');
    const [created] = await t.database.db
      .select()
      .from(signatureEvents)
      .where(and(eq(signatureEvents.requestId, made.requestId), eq(signatureEvents.type, 'created_from')));
    expect(created!.data).toMatchObject({ kind: 'direct_link', linkId: link.id, templateId: template.id, templateName: 'Membership form', templateVersion: 1 });
    expect(String(created!.data.summary)).toMatch(/^created from direct link "Membership form" v1, e-mail .* verified by code at .*, IP /);
    // The visitor signs on the signing page the answer names.
    const page = await t.request({ method: 'GET', url: `/api/public/sign/${made.token}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.signer).toMatchObject({ firstname: 'Vera', lastname: 'Visitor' });

    expect((await linkRow()).useCount).toBe(1);
    const used = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'request_template.direct_link_used'));
    expect(used.map((a) => a.data)).toEqual([expect.objectContaining({ linkId: link.id, requestId: made.requestId, useCount: 1 })]);
    expect((await manager.call('GET', `/api/request-templates/${template.id}`, 'history')).json().data).toMatchObject({
      useCount: 1,
      directLink: { useCount: 1 },
    });
    // The request counts in the consumption as any other.
    expect((await manager.call('GET', '/api/transactions/count', 'history')).json().data.total).toBeGreaterThanOrEqual(1);

    // Verifying again answers the same request and counts nothing.
    const again = await verify(claimId, code);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.requestId).toBe(made.requestId);
    expect((await linkRow()).useCount).toBe(1);
  });

  it('ends a claim after 5 wrong codes, and refuses an expired code', async () => {
    const { claimId, code } = await claimed();
    for (let left = 4; left >= 1; left--) {
      const wrong = await verify(claimId, wrongCode(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatchObject({ code: 'CODE_INVALID', details: { triesLeft: left } });
    }
    const fifth = await verify(claimId, wrongCode(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error.code).toBe('CODE_LOCKED');
    const dead = await verify(claimId, code);
    expect(dead.json().error.code).toBe('CODE_LOCKED');

    const late = await claimed();
    t.now.value = new Date(Date.now() + 11 * 60_000);
    try {
      const expired = await verify(late.claimId, late.code);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error.code).toBe('CODE_EXPIRED');
    } finally {
      t.now.value = undefined;
    }
    expect((await verify(late.claimId, late.code)).json().error.code).toBe('CODE_EXPIRED');
    expect((await linkRow()).useCount).toBe(1);
  });

  it('refuses claims past the rates: per client address an hour, per e-mail address a day (429 with Retry-After)', async () => {
    link = (await publish(manager, template.id, settingsOf({ perIpPerHour: 2, perAddressPerDay: 2 }))).json().data;
    const ip = freshIp();
    expect((await claim(visitor(), ip)).statusCode).toBe(202);
    expect((await claim(visitor(), ip)).statusCode).toBe(202);
    const third = await claim(visitor(), ip);
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toMatchObject({ code: 'RATE_LIMITED', details: { limit: 'perIpPerHour' } });
    expect(third.json().error.message).toContain('2 an hour');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3000);

    const person = visitor();
    expect((await claim(person)).statusCode).toBe(202);
    expect((await claim(person)).statusCode).toBe(202);
    const tooMany = await claim(person);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().error).toMatchObject({ code: 'RATE_LIMITED', details: { limit: 'perAddressPerDay' } });
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(await messagesTo(t, person.emailAddress, 'direct-link-code')).toHaveLength(2);
    link = (await publish(manager, template.id, settingsOf())).json().data;
  });

  it('makes one request only when two verifies race for the last use, then answers 410', async () => {
    const uses = (await linkRow()).useCount;
    const [a, b] = [await claimed(), await claimed()];
    link = (await publish(manager, template.id, settingsOf({ maxUses: uses + 1 }))).json().data;
    const answers = await Promise.all([verify(a.claimId, a.code), verify(b.claimId, b.code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    expect(answers.find((r) => r.statusCode === 410)!.json().error.message).toContain('used as many times');
    expect((await linkRow()).useCount).toBe(uses + 1);
    const claims = await t.database.db.select().from(requestTemplateLinkClaims).where(eq(requestTemplateLinkClaims.linkId, link.id));
    expect(claims.filter((c) => c.id === a.claimId || c.id === b.claimId).filter((c) => c.requestId)).toHaveLength(1);
    const full = await info();
    expect(full.statusCode).toBe(410);
    expect((await claim(visitor())).statusCode).toBe(410);
    expect((await manager.call('GET', `/api/request-templates/${template.id}/direct-link`, 'history')).json().data.live).toBe(false);
  });

  it('answers 410 once expired, turned off at once, or the template archived', async () => {
    // Still used up from the previous test.
    expect((await claim(visitor())).statusCode).toBe(410);
    link = (await publish(manager, template.id, settingsOf({ expiresAt: new Date(Date.now() - 60_000).toISOString() }))).json().data;
    expect((await info()).json().error.message).toContain('expired');

    link = (await publish(manager, template.id, settingsOf())).json().data;
    const waiting = await claimed();
    link = (await publish(manager, template.id, settingsOf({ enabled: false }))).json().data;
    expect(link).toMatchObject({ enabled: false, live: false });
    expect(link.disabledAt).not.toBeNull();
    const off = await info();
    expect(off.statusCode).toBe(410);
    expect(off.json().error.message).toContain('turned off');
    const usesBefore = (await linkRow()).useCount;
    expect((await verify(waiting.claimId, waiting.code)).statusCode).toBe(410);
    expect((await linkRow()).useCount).toBe(usesBefore);

    link = (await publish(manager, template.id, settingsOf())).json().data;
    expect((await info()).statusCode).toBe(200);
    expect((await manager.call('POST', `/api/request-templates/${template.id}/archive`, 'history')).statusCode).toBe(200);
    expect((await info()).statusCode).toBe(410);
    expect((await manager.call('GET', `/api/request-templates/${template.id}`, 'history')).json().data.directLink).toMatchObject({
      enabled: true,
      live: false,
    });
  });
});
