import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEmail, createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { draft, forceStatus, messagesTo, signer, placed, tenantWithGerant } from '../support/signatures.ts';
import { sentRequest, signAsInvited } from '../support/signing-flow.ts';
import { startTypeformStandin, type TypeformStandin } from '../support/typeform-standin.ts';
import { domainEventReceipts } from '../../src/platform/db/schema/index.ts';
import { surveyConnections, surveyInvitations } from '../../src/domains/surveys/schema.ts';

/** The survey connector against a local stand-in of Typeform's API (docs/connectors.md, "Survey (Typeform)"). */
describe(`survey connector, Typeform (${engine})`, () => {
  let t: TestContext;
  let typeform: TypeformStandin;
  let gerant: TestClient;
  let commercial: TestClient;
  let stranger: TestClient;
  let admin: TestClient;
  let appId: string;
  let strangerAppId: string;
  const base = '/api/connectors/survey';
  const call = (client: TestClient, method: string, path = '', body?: unknown) => client.call(method, `${base}${path}`, 'application', body);

  beforeAll(async () => {
    typeform = await startTypeformStandin();
    t = await createTestContext({ env: { TYPEFORM_API_BASE: typeform.baseUrl } });
    const tenant = await tenantWithGerant(t, { company: 'Acme Survey' });
    ({ appId, client: gerant } = tenant);
    commercial = await t.login((await t.factory.user(appId, { profile: 'COMMERCIAL', parentId: tenant.gerant.id })).email);
    const other = await tenantWithGerant(t);
    ({ appId: strangerAppId, client: stranger } = other);
    admin = await t.login(adminEmail);
  });
  afterAll(async () => {
    await t?.close();
    await typeform?.close();
  });

  /** Completes a request as the signing flow would, then emits its completion `times` times (each a new event). */
  async function complete(signers: unknown[], times = 1, extra: { campaignId?: string } = {}) {
    const request = await draft(t, gerant, { label: 'Lease 12', signers, documents: [placed('contract.pdf', [0])] });
    await forceStatus(t, request.id, 'completed', 'signed');
    const eventIds: string[] = [];
    for (let i = 0; i < times; i++) {
      eventIds.push(
        await t.database.inTenant(appId, (tx) =>
          t.server.platform.events.emit(tx, {
            type: 'signature.completed',
            appId,
            actorUserId: null,
            data: { requestId: request.id, label: 'Lease 12', ownerUserId: null, level: 1, testMode: true, documentCount: 1, ...extra },
          }),
        ),
      );
    }
    // Each event handled by the survey subscriber (its receipt is written in the same transaction as the mails).
    await t.waitFor(async () => {
      const rows = await t.database.db
        .select()
        .from(domainEventReceipts)
        .where(and(inArray(domainEventReceipts.eventId, eventIds), eq(domainEventReceipts.subscriber, 'surveys.invite-signers')));
      return rows.length === eventIds.length;
    });
    return request;
  }

  it('refuses a token Typeform refuses (422, nothing kept) and one it cannot check (503)', async () => {
    const refused = await call(gerant, 'POST', '', { token: 'tfp_wrong_token_000000' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('SURVEY_TOKEN_INVALID');
    expect(typeform.calls.at(-1)).toMatchObject({ path: '/me', authorization: 'Bearer tfp_wrong_token_000000' });
    expect((await call(gerant, 'GET')).json().data).toMatchObject({ connected: false, enabled: false });

    const config = t.server.platform.config as { typeformApiBase: string };
    const reachable = config.typeformApiBase;
    config.typeformApiBase = 'http://127.0.0.1:1'; // nothing listens there
    try {
      const away = await call(gerant, 'POST', '', { token: typeform.token });
      expect(away.statusCode).toBe(503);
      expect(away.json().error.code).toBe('SURVEY_UNAVAILABLE');
    } finally {
      config.typeformApiBase = reachable;
    }
    expect(await t.database.db.select().from(surveyConnections).where(eq(surveyConnections.appId, appId))).toEqual([]);
  });

  it('connects with a good token: the account from GET /me, the token sealed and never answered', async () => {
    const res = await call(gerant, 'POST', '', { token: typeform.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(typeform.token);
    expect(res.json().data).toMatchObject({
      connected: true,
      provider: 'typeform',
      accountName: 'Paraphe Test',
      accountEmail: 'owner@typeform.example',
      state: 'ok',
      enabled: false,
      formId: null,
      connectedBy: gerant.userId,
    });
    const [row] = await t.database.db.select().from(surveyConnections).where(eq(surveyConnections.appId, appId));
    expect(row!.tokenSealed).not.toContain(typeform.token);
    expect(Buffer.from(row!.tokenSealed, 'base64').toString('latin1')).not.toContain(typeform.token);
    const read = await call(gerant, 'GET');
    expect(read.body).not.toContain(typeform.token);
    expect(read.json().data.connected).toBe(true);
  });

  it("lists the account's forms with their public address", async () => {
    const res = await call(gerant, 'GET', '/forms');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { id: 'abc123', title: 'Satisfaction after signing', url: typeform.displayUrl('abc123') },
      { id: 'def456', title: 'Onboarding', url: typeform.displayUrl('def456') },
    ]);
    expect(typeform.calls.at(-1)).toMatchObject({ path: '/forms?page_size=200', authorization: `Bearer ${typeform.token}` });
  });

  it('refuses an unknown form (400 on formId) and turning on without a form; saves a real one and counts its answers', async () => {
    const unknown = await call(gerant, 'PUT', '/settings', { formId: 'nope999', enabled: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.map((f: { field: string }) => f.field)).toEqual(['formId']);
    const noForm = await call(gerant, 'PUT', '/settings', { formId: null, enabled: true });
    expect(noForm.statusCode).toBe(400);
    expect((await call(gerant, 'GET')).json().data).toMatchObject({ formId: null, enabled: false });

    const saved = await call(gerant, 'PUT', '/settings', { formId: 'abc123', enabled: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      formId: 'abc123',
      formTitle: 'Satisfaction after signing',
      formUrl: typeform.displayUrl('abc123'),
      enabled: true,
    });
    const responses = await call(gerant, 'GET', '/responses');
    expect(responses.json().data).toEqual({ formId: 'abc123', total: 42 });
    expect(typeform.calls.at(-1)!.path).toBe('/forms/abc123/responses?page_size=1');
  });

  it('after completion mails each signer and co-signer once, in their language, with the hidden fields; observers and validators none', async () => {
    const people = [
      signer(0, { language: 'de' }),
      signer(1, { coSigner: true, language: 'it' }),
      signer(2, { role: 'observer' }),
      signer(3, { role: 'validator' }),
    ];
    // Delivered twice: the second completion event finds every (request, signer) already invited.
    const request = await complete(people, 2);
    const [s0, s1, observer, validator] = request.signers.sort((a, b) => a.signerIndex - b.signerIndex);
    const first = await messagesTo(t, s0!.emailAddress, 'survey-invitation');
    const second = await messagesTo(t, s1!.emailAddress, 'survey-invitation');
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(first[0]!).toMatchObject({ language: 'de', subject: 'Ihre Meinung zu „Lease 12“' });
    expect(first[0]!.text).toContain(`${typeform.displayUrl('abc123')}#request_id=${request.id}&signer_id=${s0!.id}&lang=de`);
    expect(first[0]!.html).toContain('Acme Survey');
    expect(second[0]!.language).toBe('it');
    expect(second[0]!.text).toContain(`#request_id=${request.id}&signer_id=${s1!.id}&lang=it`);
    expect(await messagesTo(t, observer!.emailAddress, 'survey-invitation')).toEqual([]);
    expect(await messagesTo(t, validator!.emailAddress, 'survey-invitation')).toEqual([]);
    const invitations = await t.database.db.select().from(surveyInvitations).where(eq(surveyInvitations.requestId, request.id));
    expect(invitations.map((i) => i.signerId).sort()).toEqual([s0!.id, s1!.id].sort());
    expect(invitations.every((i) => i.status === 'sent' && i.sentAt)).toBe(true);
    expect((await call(gerant, 'GET')).json().data.invitationsSent).toBe(2);
  });

  it('sends nothing when the survey is off', async () => {
    expect((await call(gerant, 'PUT', '/settings', { formId: 'abc123', enabled: false })).statusCode).toBe(200);
    const request = await complete([signer(0)]);
    expect(await messagesTo(t, request.signers[0]!.emailAddress, 'survey-invitation')).toEqual([]);
    expect((await call(gerant, 'PUT', '/settings', { formId: 'abc123', enabled: true })).statusCode).toBe(200);
  });

  it('follows the real completion: a request signed through the signing page brings its signer the survey', async () => {
    const request = await sentRequest(t, gerant, { label: 'Signed for real', signers: [signer(0, { language: 'fr' })] });
    await signAsInvited(t, request.signers[0]!.email);
    const mails = await t.waitFor(async () => {
      const found = await messagesTo(t, request.signers[0]!.email, 'survey-invitation');
      return found.length ? found : undefined;
    }, 60_000);
    expect(mails).toHaveLength(1);
    expect(mails[0]!).toMatchObject({ language: 'fr', subject: 'Votre avis sur « Signed for real »' });
    expect(mails[0]!.text).toContain(`#request_id=${request.id}&signer_id=${request.signers[0]!.id}&lang=fr`);
  });

  it("mails a campaign's copy like any request (each copy is one)", async () => {
    const request = await complete([signer(0)], 1, { campaignId: '00000000-0000-4000-8000-00000000c0de' });
    expect(await messagesTo(t, request.signers[0]!.emailAddress, 'survey-invitation')).toHaveLength(1);
  });

  it('shows the tenant’s real state to the product administrator (tab Marketplace)', async () => {
    const res = await admin.call('GET', `${base}/applications/${appId}`, 'application');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ connected: true, formTitle: 'Satisfaction after signing', enabled: true });
    expect(res.body).not.toContain(typeform.token);
    expect((await admin.call('GET', `${base}/applications/${strangerAppId}`, 'application')).json().data.connected).toBe(false);
    expect((await admin.call('GET', `${base}/applications/00000000-0000-4000-8000-000000000000`, 'application')).statusCode).toBe(404);
  });

  it('authorization ladder: 401 without a token, 403 for a profile without connectors.manage, another tenant sees and changes nothing', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', ''],
      ['POST', '', { token: typeform.token }],
      ['DELETE', ''],
      ['GET', '/forms'],
      ['PUT', '/settings', { formId: 'abc123', enabled: false }],
      ['GET', '/responses'],
    ];
    const state = async () => JSON.stringify([await t.snapshot(), await t.database.db.select().from(surveyConnections).orderBy(surveyConnections.id)]);
    const before = await state();
    for (const [method, path, body] of routes) {
      const anonymous = await t.request({ method, url: `${base}${path}`, body });
      expect(anonymous.statusCode, `${method} ${path}`).toBe(401);
      const refused = await call(commercial, method, path, body);
      expect(refused.statusCode, `${method} ${path}`).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
    }
    // The administrator's view: a tenant's GERANT is not the product administrator.
    expect((await gerant.call('GET', `${base}/applications/${appId}`, 'application')).statusCode).toBe(403);
    expect((await stranger.call('GET', `${base}/applications/${appId}`, 'application')).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `${base}/applications/${appId}` })).statusCode).toBe(401);
    // Tenancy comes from the session: tenant B reads its own (empty) connection and cannot reach A's.
    expect((await call(stranger, 'GET')).json().data.connected).toBe(false);
    expect((await call(stranger, 'GET', '/forms')).json().error.code).toBe('SURVEY_NOT_CONNECTED');
    expect((await call(stranger, 'PUT', '/settings', { formId: 'abc123', enabled: false })).statusCode).toBe(409);
    expect((await call(stranger, 'DELETE')).statusCode).toBe(200);
    expect(await state()).toBe(before);
    expect((await call(gerant, 'GET')).json().data).toMatchObject({ connected: true, enabled: true });
  });

  it('a form deleted in Typeform: the connection says so and the survey turns off (no dead link is sent)', async () => {
    const [removed] = typeform.forms.splice(0, 1);
    try {
      const res = await call(gerant, 'GET', '/responses');
      expect(res.statusCode).toBe(409);
      expect((await call(gerant, 'GET')).json().data).toMatchObject({
        state: 'broken',
        enabled: false,
        lastError: 'The chosen form no longer exists in Typeform.',
      });
      const request = await complete([signer(0)]);
      expect(await messagesTo(t, request.signers[0]!.emailAddress, 'survey-invitation')).toEqual([]);
    } finally {
      typeform.forms.unshift(removed!);
    }
    const again = await call(gerant, 'PUT', '/settings', { formId: 'abc123', enabled: true });
    expect(again.json().data).toMatchObject({ state: 'ok', lastError: null, enabled: true });
  });

  it('disconnects (always, even twice): the token is forgotten and completions send nothing more', async () => {
    const res = await call(gerant, 'DELETE');
    expect(res.statusCode).toBe(200);
    expect((await call(gerant, 'DELETE')).statusCode).toBe(200);
    expect((await call(gerant, 'GET')).json().data).toMatchObject({ connected: false, enabled: false, formId: null });
    expect(await t.database.db.select().from(surveyConnections).where(eq(surveyConnections.appId, appId))).toEqual([]);
    expect((await call(gerant, 'GET', '/responses')).statusCode).toBe(409);
    const request = await complete([signer(0)]);
    expect(await messagesTo(t, request.signers[0]!.emailAddress, 'survey-invitation')).toEqual([]);
  });
});
