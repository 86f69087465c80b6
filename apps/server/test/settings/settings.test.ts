import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditEvents, domainEvents, outboxMessages } from '../../src/platform/db/schema/index.ts';
import { users } from '../../src/domains/users/schema.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { createRequest, multipartBody, signer } from '../support/signatures.ts';
import { makePng, providerStandIn } from './support.ts';

describe(`tenant settings (${engine})`, () => {
  let t: TestContext;
  let provider: Awaited<ReturnType<typeof providerStandIn>>;
  let appId: string;
  let gerant: TestClient;
  let manager: TestClient;
  let commercial: TestClient;
  let managerId: string;
  let commercialId: string;
  let otherGerant: TestClient;
  let gerantEmail: string;
  let managerEmail: string;

  beforeAll(async () => {
    provider = await providerStandIn();
    t = await createTestContext({ env: { SIGNING_PROVIDER_TEST_URL: provider.url } });
    const a = await t.factory.tenant({ doubleAuth: false });
    const b = await t.factory.tenant({ doubleAuth: false });
    appId = a.appId;
    const m = await t.factory.user(appId, { profile: 'MANAGER', parentId: a.gerant.id });
    const c = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId: m.id, mobile: '+33611223344' });
    managerId = m.id;
    [gerantEmail, managerEmail] = [a.gerant.email, m.email];
    commercialId = c.id;
    // The director reads in English: "send me a test" follows their language.
    await t.database.inSystem((tx) => tx.update(users).set({ language: 'en' }).where(eq(users.id, a.gerant.id)));
    [gerant, manager, commercial, otherGerant] = await Promise.all([t.login(a.gerant.email), t.login(m.email), t.login(c.email), t.login(b.gerant.email)]);
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const url = (path = '') => `/api/settings/${appId}${path}`;
  const uploadLogo = async (client: TestClient | undefined, data: Buffer, contentType = 'image/png', target = appId) => {
    const { payload, headers } = multipartBody([{ name: 'file', fileName: 'logo.png', contentType, data }]);
    return t.request({
      method: 'PUT',
      url: `/api/settings/${target}/logo`,
      token: client ? await client.token('application') : undefined,
      body: payload,
      headers,
    });
  };
  const rowsOf = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const settingsState = async () =>
    JSON.stringify([
      await t.snapshot(),
      await rowsOf(sql`select logo, message_templates from applications order by id`),
      await rowsOf(sql`select count(*)::int as n from provider_credentials`),
    ]);

  const general = {
    company: 'Acme Holding',
    issuingCompany: 'Acme Signatures',
    address: '1 rue de la Paix, Paris',
    supportEmail: 'help@acme.test',
    defaultLanguage: 'fr',
    themeColor: '#112233',
  };
  const parameters = {
    signatureDefaults: {
      handwritten: 'enabled',
      chainingMode: 'direct',
      level: 2,
      language: 'en',
      contactFirstSignerBy: 'email',
      reminders: { mail: { firstAfterDays: 3, intervalDays: 2 }, sms: { firstAfterDays: 0, intervalDays: 0 } },
      signedDocuments: { toRequester: true, toSigners: false, toObservers: true },
    },
    expiryDays: 45,
    successRedirection: 'https://acme.test/ok',
    cancelRedirection: null,
    failRedirection: null,
    smsSender: 'ACME',
    providerInheritance: false,
  };

  it('answers 401 without a session, 403 without settings.configuration, 404 for another tenant (nothing changes)', async () => {
    const calls: { method: string; path: string; body?: unknown }[] = [
      { method: 'GET', path: '' },
      { method: 'PUT', path: '/general', body: general },
      { method: 'PUT', path: '/parameters', body: parameters },
      { method: 'PUT', path: '/templates', body: { templates: {} } },
      { method: 'POST', path: '/templates/preview', body: { kind: 'invitation', language: 'fr', template: {} } },
      { method: 'POST', path: '/templates/test', body: { kind: 'invitation' } },
      { method: 'DELETE', path: '/logo' },
      { method: 'PUT', path: '/provider', body: { provider: 'provider1', login: 'x', password: 'y', offerCode: 'z' } },
      { method: 'GET', path: `/provider/effective/${commercialId}` },
      { method: 'POST', path: '/provider/test', body: {} },
    ];
    const before = await settingsState();
    for (const call of calls) {
      const label = `${call.method} ${call.path}`;
      expect((await t.request({ method: call.method, url: url(call.path), body: call.body })).statusCode, label).toBe(401);
      expect((await commercial.call(call.method, url(call.path), 'application', call.body)).statusCode, label).toBe(403);
      const foreign = await otherGerant.call(call.method, url(call.path), 'application', call.body);
      expect(foreign.statusCode, `${label} ${foreign.body}`).toBe(404);
    }
    expect((await uploadLogo(undefined, makePng(200, 200))).statusCode).toBe(401);
    expect((await uploadLogo(commercial, makePng(200, 200))).statusCode).toBe(403);
    expect((await uploadLogo(otherGerant, makePng(200, 200))).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/settings/me/signature-defaults' })).statusCode).toBe(401);
    expect(await settingsState()).toBe(before);
  });

  it('saves the General tab with its audit row and event; refuses a bad colour with its field', async () => {
    const saved = await gerant.call('PUT', url('/general'), 'application', general);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.general).toMatchObject({ ...general, logo: null });
    const [event] = await t.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.appId, appId), eq(domainEvents.type, 'application.settings_changed')));
    expect(event?.data).toMatchObject({ part: 'general', changed: expect.arrayContaining(['company', 'issuingCompany', 'themeColor']) });
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.appId, appId), eq(auditEvents.action, 'settings.general_changed')));
    expect(audits).toHaveLength(1);
    const bad = await gerant.call('PUT', url('/general'), 'application', { ...general, themeColor: 'blue' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.map((f: { field: string }) => f.field)).toContain('themeColor');
  });

  it('applies one logo rule, read from the file itself, and serves the logo publicly', async () => {
    const refused = async (data: Buffer, contentType?: string) => {
      const res = await uploadLogo(gerant, data, contentType);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields[0]).toMatchObject({ field: 'logo' });
      expect(res.json().error.fields[0].message).toContain('at least 200×200 px');
      return res.json().error.fields[0].message as string;
    };
    expect(await refused(makePng(199, 240))).toContain('199×240');
    expect(await refused(makePng(200, 200, { padTo: 151 * 1024 }))).toContain('150 KB');
    expect(await refused(makePng(10, 10, { declared: { width: 20000, height: 20000 } }))).toContain('20000×20000');
    expect(
      await refused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script></svg>'), 'image/svg+xml'),
    ).toContain('SVG');

    const png = makePng(200, 200, { padTo: 150 * 1024 });
    const ok = await uploadLogo(gerant, png);
    expect(ok.statusCode, ok.body).toBe(200);
    const logo = ok.json().data.general.logo;
    expect(logo).toMatchObject({ type: 'image/png', width: 200, height: 200, sizeBytes: png.length });
    const served = await t.request({ method: 'GET', url: logo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('public');
    expect(Buffer.from(served.rawPayload).equals(png)).toBe(true);
    // Another version of the address, or another tenant's id with it, finds nothing.
    expect((await t.request({ method: 'GET', url: logo.url.replace(/[0-9a-f]{4}$/, '0000') })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: logo.url.replace(appId, otherGerant.appId) })).statusCode).toBe(404);
  });

  it('checks templates (unknown placeholders, the SMS wildcard), previews them escaped and sends a test in the user’s language', async () => {
    const unknown = await gerant.call('PUT', url('/templates'), 'application', {
      templates: { invitation: { en: { subject: 'Hi ${firstName}', body: '${signerName} ${iban}' } } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.map((f: { field: string }) => f.field)).toEqual(['templates.invitation.en.subject', 'templates.invitation.en.body']);
    const messages = unknown
      .json()
      .error.fields.map((f: { message: string }) => f.message)
      .join(' ');
    expect(messages).toContain('Unknown placeholders: ${firstName}');
    expect(messages).toContain('Unknown placeholders: ${iban}');
    const noLink = await gerant.call('PUT', url('/templates'), 'application', { templates: { reminder: { fr: { sms: 'Signez ${label}' } } } });
    expect(noLink.json().error.fields[0]).toMatchObject({ field: 'templates.reminder.fr.sms' });
    const tooLong = await gerant.call('PUT', url('/templates'), 'application', { templates: { reminder: { fr: { sms: `${'x'.repeat(200)} \${link}` } } } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields[0]).toMatchObject({ field: 'templates.reminder.fr.sms', rule: 'too_long' });

    const preview = await gerant.call('POST', url('/templates/preview'), 'application', {
      kind: 'invitation',
      language: 'en',
      template: { subject: 'Please sign ${label}', body: 'Dear ${signerName},\n\n<b>${company}</b> awaits you.', sms: 'Sign: ${link}' },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const shown = preview.json().data;
    expect(shown.subject).toBe('Please sign Service agreement 2026');
    expect(shown.html).toContain('&lt;b&gt;Acme Signatures&lt;/b&gt; awaits you.');
    expect(shown.html).not.toContain('<b>');
    expect(shown.html).toContain('#112233');
    expect(shown.sms).toMatch(/^Sign: http/);

    const templates = {
      invitation: { en: { subject: 'ACME: please sign ${label}', body: 'Dear ${signerName},\n\n${requesterName} needs your signature.', sms: '' } },
    };
    const saved = await gerant.call('PUT', url('/templates'), 'application', { templates });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.templates).toEqual(templates);
    const test = await gerant.call('POST', url('/templates/test'), 'application', { kind: 'invitation' });
    expect(test.statusCode, test.body).toBe(202);
    const [mail] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, test.json().data.messageId));
    expect(mail).toMatchObject({ language: 'en', template: 'signature-invitation', subject: 'ACME: please sign Service agreement 2026' });
    expect(mail!.html).toContain('/api/public/logos/');

    // The SMS test goes to the caller's mobile, with the link; without a mobile there is nothing to send to.
    expect((await gerant.call('POST', url('/templates/test'), 'application', { kind: 'reminder', channel: 'sms' })).json().error.code).toBe('MOBILE_REQUIRED');
    await t.database.inSystem((tx) => tx.update(users).set({ mobile: '+33612121212' }).where(eq(users.id, gerant.userId)));
    const sms = await gerant.call('POST', url('/templates/test'), 'application', { kind: 'reminder', channel: 'sms', language: 'fr' });
    expect(sms.statusCode, sms.body).toBe(202);
    const [text] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, sms.json().data.messageId));
    expect(text).toMatchObject({ channel: 'sms', to: '+33612121212', language: 'fr' });
    expect(text!.text).toContain('/#/sign/');
  });

  it('words a real invitation with the tenant text in that language, the product text in another', async () => {
    const english = signer(0, { language: 'en' });
    const french = signer(0, { language: 'fr' });
    for (const one of [english, french]) {
      const res = await createRequest(t, gerant, { signers: [one], options: { chainingMode: 'email' }, send: true });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Invitations leave once the documents are prepared (a job).
    const en = await t.waitFor(() => t.lastMessageTo(english.emailAddress), 15_000);
    const fr = await t.waitFor(() => t.lastMessageTo(french.emailAddress), 15_000);
    expect(en?.subject).toBe('ACME: please sign Sales contract');
    expect(en?.text).toContain('needs your signature');
    expect(fr?.subject).toContain('vous invite à signer');
    expect(fr?.html).toContain('Acme Signatures');
    expect(fr?.html).toContain('/api/public/logos/');
  });

  it('mails the requester when their request starts, in their language, worded by the tenant; not when the setting is off', async () => {
    const start = { subject: 'ACME: ${label} went out', body: '${requesterName}: ${signerCount} to sign ${label}.\n\n${company}' };
    const saved = await gerant.call('PUT', url('/templates'), 'application', { templates: { start: { en: start } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const startMails = (email: string, requestId?: string) =>
      t.database.db
        .select()
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.to, email),
            eq(outboxMessages.template, 'request-started'),
            requestId ? eq(outboxMessages.about, `request:${requestId}`) : undefined,
          ),
        );
    const sendAs = async (client: TestClient) => {
      const signers = [signer(0)];
      const res = await createRequest(t, client, { signers, options: { chainingMode: 'email' }, send: true });
      expect(res.statusCode, res.body).toBe(201);
      await t.waitFor(() => t.lastMessageTo(signers[0]!.emailAddress), 15_000); // the send job ran
      return res.json().data.id as string;
    };
    // The director reads in English (the tenant's wording); the manager in French (the product's).
    const id = await sendAs(gerant);
    const [english] = await startMails(gerantEmail, id);
    expect(english).toMatchObject({ subject: 'ACME: Sales contract went out', language: 'en' });
    expect(english!.text).toContain(': 1 to sign Sales contract.');
    expect(english!.text).toContain(`/#/signatures/${id}`);
    const [french] = await startMails(managerEmail, await sendAs(manager));
    expect(french!.subject).toBe('Votre demande « Sales contract » a été envoyée');
    expect(french!.text).toContain('envoyée à ses signataires (1)');

    const off = await gerant.call('PUT', url('/parameters'), 'application', { ...parameters, notifyRequesterOnStart: false });
    expect(off.json().data.parameters.notifyRequesterOnStart).toBe(false);
    expect(await startMails(managerEmail, await sendAs(manager))).toHaveLength(0);
    await gerant.call('PUT', url('/parameters'), 'application', { ...parameters, notifyRequesterOnStart: true });
  });

  it('feeds a new request from the user’s defaults, then the tenant’s Parameters, then the product’s', async () => {
    const saved = await gerant.call('PUT', url('/parameters'), 'application', parameters);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.parameters).toMatchObject({
      expiryDays: 45,
      smsSender: 'ACME',
      signatureDefaults: { ...parameters.signatureDefaults, expiryDays: 45 },
    });
    const badSender = await gerant.call('PUT', url('/parameters'), 'application', {
      ...parameters,
      smsSender: 'ACME-SIGNATURES',
      successRedirection: 'http://acme.test',
    });
    expect(
      badSender
        .json()
        .error.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['smsSender', 'successRedirection']);

    const tenantOnly = (await commercial.call('GET', '/api/settings/me/signature-defaults', 'user')).json().data.defaults;
    expect(tenantOnly).toMatchObject({
      handwritten: 'enabled',
      level: 2,
      chainingMode: 'direct',
      expiryDays: 45,
      signedDocuments: { toSigners: false, toObservers: true },
    });
    const patched = await commercial.call('PATCH', '/api/Users/additionnalData', 'user', { signatureDefaults: { handwritten: 'touchOnly', expiryDays: 10 } });
    expect(patched.statusCode, patched.body).toBe(200);
    const mine = (await commercial.call('GET', '/api/settings/me/signature-defaults', 'user')).json().data;
    expect(mine.defaults).toMatchObject({ handwritten: 'touchOnly', expiryDays: 10, level: 2, chainingMode: 'direct', contactFirstSignerBy: 'email' });
    expect(mine.layers.user).toEqual({ handwritten: 'touchOnly', expiryDays: 10 });

    // A request sent without an expiry or redirections of its own: the tenant's 45 days and redirections.
    const sent = await createRequest(t, manager, { send: true, options: { chainingMode: 'direct' } });
    expect(sent.statusCode, sent.body).toBe(201);
    const days = (Date.parse(sent.json().data.expiresAt) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(45);
    const token = (sent.json().data.links[0].url as string).split('/#/sign/')[1];
    const view = await t.request({ method: 'GET', url: `/api/public/sign/${token}` });
    expect(view.json().data).toMatchObject({
      redirects: { success: 'https://acme.test/ok', cancel: null },
      tenant: { company: 'Acme Signatures', themeColor: '#112233' },
    });
    expect(view.json().data.tenant.logoUrl).toMatch(/^\/api\/public\/logos\//);
  });

  it('keeps provider credentials sealed, tests them with the spec’s three outcomes, and inherits them when enabled', async () => {
    const test = (query = '') => gerant.call('POST', url(`/provider/test${query}`), 'application', {});
    expect((await test()).json().error.code).toBe('PROVIDER_CREDENTIALS_INCOMPLETE');
    const save = (body: Record<string, unknown>) =>
      gerant.call('PUT', url('/provider'), 'application', { provider: 'provider1', offerCode: 'OFFER1', ...body });
    const incomplete = await save({ login: 'good' });
    expect(incomplete.json().data).toMatchObject({ login: 'good', hasPassword: false });
    const missing = await test();
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.map((f: { field: string }) => f.field)).toEqual(['password']);

    const saved = await save({ login: 'good', password: 'pa55word' });
    expect(saved.json().data).toEqual({
      provider: 'provider1',
      login: 'good',
      offerCode: 'OFFER1',
      distributorCode: null,
      folderId: null,
      entityId: null,
      profile: null,
      hasPassword: true,
      userId: null,
    });
    expect(JSON.stringify((await gerant.call('GET', url(), 'application')).json())).not.toContain('pa55word');
    const [stored] = (await rowsOf(sql`select password_sealed from provider_credentials where app_id = ${appId}`)) as { password_sealed: string }[];
    expect(stored!.password_sealed).not.toContain('pa55word');
    expect((await test()).json().data).toEqual({ ok: true, source: 'tenant' });
    expect(provider.calls.at(-1)).toMatchObject({ login: 'good', password: 'pa55word', offer: 'OFFER1' });

    await save({ login: 'bad' }); // the password stays
    const invalid = await test();
    expect([invalid.statusCode, invalid.json().error.code]).toEqual([422, 'PROVIDER_CREDENTIALS_INVALID']);
    await save({ login: 'down' });
    const down = await test();
    expect([down.statusCode, down.json().error.code]).toEqual([503, 'PROVIDER_UNAVAILABLE']);

    // The manager has credentials of their own; their subordinate inherits them only when the tenant says so.
    expect(
      (
        await gerant.call('PUT', url('/provider'), 'application', {
          provider: 'provider2',
          login: 'good',
          password: 'pa55word',
          offerCode: 'M',
          userId: managerId,
        })
      ).statusCode,
    ).toBe(200);
    const effective = async () => (await gerant.call('GET', url(`/provider/effective/${commercialId}`), 'application')).json().data;
    expect(await effective()).toMatchObject({ source: 'tenant', credentials: { login: 'down', userId: null } });
    await gerant.call('PUT', url('/parameters'), 'application', { ...parameters, providerInheritance: true });
    expect(await effective()).toMatchObject({ source: 'ancestor', credentials: { provider: 'provider2', userId: managerId } });
    expect((await test(`?userId=${commercialId}`)).json().data).toEqual({ ok: true, source: 'ancestor' });
    const foreignUser = await gerant.call('GET', url(`/provider/effective/${otherGerant.userId}`), 'application');
    expect(foreignUser.statusCode).toBe(404);
  });
});
