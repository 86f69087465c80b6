import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEmail, createTestContext, engine, freshIp, linkToken, password, sessionCookieOf, type TestClient, type TestContext } from '../support/harness.ts';

describe(`applications (${engine})`, () => {
  let t: TestContext;
  let admin: TestClient;
  let platformAppId: string;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.login(adminEmail);
    platformAppId = admin.appId;
  });
  afterAll(async () => t?.close());

  const create = (company: string, email: string) =>
    admin.call('POST', '/api/applications', 'application', { company, owner: { firstName: 'Olga', lastName: 'Owner', email }, pack: 'small', testMode: false });

  it('creates an application whose owner sets a password from the mail', async () => {
    const email = `owner-${Date.now().toString(36)}@example.com`;
    const res = await create('Zebra Crossing Ltd', email);
    expect(res.statusCode, res.body).toBe(201);
    const app = res.json().data;
    expect(app).toMatchObject({
      company: 'Zebra Crossing Ltd',
      pack: 'small',
      testMode: false,
      enabled: true,
      isPlatform: false,
      ownerEmail: email,
      ownerName: 'OWNER Olga',
      userCount: 1,
    });
    expect(app.consents).toEqual({ personalDataAt: null, partnersAt: null, brandPublicationAt: null });

    const mail = (await t.lastMessageTo(email))!;
    expect(mail).toMatchObject({ template: 'set-password', appId: app.id });
    const set = await t.request({ method: 'POST', url: '/api/auth/password/reset', body: { token: linkToken(mail.text), password }, headers: freshIp() });
    expect(set.statusCode, set.body).toBe(200);
    const owner = await t.login(email);
    expect(owner.appId).toBe(app.id);
    expect((await owner.call('GET', '/api/Users/web/me', 'user')).json().data.user.profile).toBe('GERANT');

    expect((await create('Duplicate Owner', email)).json().error.code).toBe('EMAIL_ALREADY_EXISTS');
    expect((await admin.call('GET', `/api/applications/${app.id}`, 'application')).json().data.id).toBe(app.id);
  });

  it('lists, searches and paginates applications', async () => {
    for (const name of ['Alpha Search One', 'Alpha Search Two', 'Beta Other']) await t.factory.tenant({ company: name });
    const all = (await admin.call('GET', '/api/applications?limit=100', 'application')).json();
    expect(all.countAll).toBe(all.data.length);
    expect(all.data.some((a: { isPlatform: boolean }) => a.isPlatform)).toBe(true);
    const found = (await admin.call('GET', '/api/applications?search=alpha%20search', 'application')).json();
    expect(found.data.map((a: { company: string }) => a.company).sort()).toEqual(['Alpha Search One', 'Alpha Search Two']);
    expect((await admin.call('GET', '/api/applications?search=al', 'application')).json().countAll).toBe(all.countAll);
    const page = (await admin.call('GET', '/api/applications?limit=2&offset=1', 'application')).json();
    expect(page).toMatchObject({ countAll: all.countAll, limit: 2, offset: 1, order: 'DESC' });
    expect(page.data.map((a: { id: string }) => a.id)).toEqual(all.data.slice(1, 3).map((a: { id: string }) => a.id));
    expect(page.data.every((a: { userCount: number }) => a.userCount >= 1)).toBe(true);
  });

  it('updates pack, flags, features and settings; validates settings', async () => {
    const { appId } = await t.factory.tenant();
    const res = await admin.call('PUT', `/api/applications/${appId}`, 'application', {
      pack: 'large',
      testMode: false,
      features: { campaign: true, sms: false },
      settings: { themeColor: '#123456', successRedirection: 'https://example.com/ok', signatureExpiryDays: 60 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const app = res.json().data;
    expect(app).toMatchObject({ pack: 'large', testMode: false, enabled: true });
    expect(app.features).toMatchObject({ campaign: true, sms: false, timestamp: true });
    expect(app.settings).toMatchObject({ themeColor: '#123456', successRedirection: 'https://example.com/ok', signatureExpiryDays: 60, doubleAuth: true });

    const before = await t.snapshot();
    for (const [settings, field, rule] of [
      [{ successRedirection: 'http://example.com/ok' }, 'settings.successRedirection', 'url_https'],
      [{ themeColor: 'blue' }, 'settings.themeColor', 'invalid_value'],
      [{ signatureExpiryDays: 0 }, 'settings.signatureExpiryDays', 'out_of_range'],
    ] as const) {
      const bad = await admin.call('PUT', `/api/applications/${appId}`, 'application', { settings });
      expect(bad.statusCode, JSON.stringify(settings)).toBe(400);
      expect(bad.json().error.fields).toContainEqual(expect.objectContaining({ field, rule }));
    }
    expect(await t.snapshot()).toBe(before);
  });

  it("lets a GERANT read and change only their own application's settings", async () => {
    const mine = await t.factory.tenant({ doubleAuth: false });
    const other = await t.factory.tenant();
    const gerant = await t.login(mine.gerant.email);
    expect((await gerant.call('GET', `/api/applications/${mine.appId}`, 'application')).json().data.id).toBe(mine.appId);
    const saved = await gerant.call('PUT', `/api/applications/${mine.appId}`, 'application', { settings: { themeColor: '#abcdef', doubleAuth: false } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.settings).toMatchObject({ themeColor: '#abcdef', doubleAuth: false });

    const before = await t.snapshot();
    for (const body of [{ pack: 'large' }, { enabled: false }, { features: { api: true } }, { testMode: false }, { company: 'Renamed' }]) {
      const res = await gerant.call('PUT', `/api/applications/${mine.appId}`, 'application', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
    }
    expect((await gerant.call('GET', `/api/applications/${other.appId}`, 'application')).statusCode).toBe(404);
    expect((await gerant.call('PUT', `/api/applications/${other.appId}`, 'application', { settings: { themeColor: '#000000' } })).statusCode).toBe(404);
    expect(await t.snapshot()).toBe(before);

    const seller = await t.factory.user(mine.appId, { profile: 'COMMERCIAL', parentId: mine.gerant.id });
    const asSeller = await t.login(seller.email);
    expect((await asSeller.call('PUT', `/api/applications/${mine.appId}`, 'application', { settings: { themeColor: '#000000' } })).statusCode).toBe(404);
  });

  it('suspends a tenant: /me still answers (206 or 200) with enabled=false, everything else is 403 APPLICATION_SUSPENDED', async () => {
    const tenant = await t.factory.tenant({ doubleAuth: true });
    const gerant = await t.login(tenant.gerant.email);
    const suspend = await admin.call('PUT', `/api/applications/${tenant.appId}`, 'application', { enabled: false });
    expect(suspend.statusCode).toBe(200);
    expect(suspend.json().data.enabled).toBe(false);

    const me = await gerant.call('GET', '/api/Users/web/me', 'user');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.application.enabled).toBe(false);
    for (const [url, audience] of [
      ['/api/Users', 'user'],
      [`/api/applications/${tenant.appId}`, 'application'],
    ] as const) {
      const res = await gerant.call('GET', url, audience);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('APPLICATION_SUSPENDED');
    }

    // A new login still opens a session; /me asks for the code first.
    const login = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: tenant.gerant.email, password }, headers: freshIp() });
    const token = (await t.request({ method: 'POST', url: '/api/auth/token', cookie: sessionCookieOf(login), body: { audience: 'user' } })).json().data
      .accessToken;
    expect((await t.request({ method: 'GET', url: '/api/Users/web/me', token })).statusCode).toBe(206);

    await admin.call('PUT', `/api/applications/${tenant.appId}`, 'application', { enabled: true });
    expect((await gerant.call('GET', '/api/Users', 'user')).statusCode).toBe(200);
  });

  it('lets the product administrator invite a colleague into the platform application', async () => {
    const email = `colleague-${Date.now().toString(36)}@example.com`;
    const res = await admin.call('POST', '/api/Users', 'user', { firstName: 'Cole', lastName: 'League', email, profile: 'MANAGER' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.appId).toBe(platformAppId);
    expect((await t.lastMessageTo(email))!.template).toBe('set-password');
    expect((await admin.call('POST', `/api/Users/${res.json().data.id}/password/web`, 'user')).statusCode).toBe(200);
  });

  it('refuses to suspend the platform application', async () => {
    const res = await admin.call('PUT', `/api/applications/${platformAppId}`, 'application', { enabled: false });
    expect(res.statusCode).toBe(409);
    expect((await admin.call('GET', `/api/applications/${platformAppId}`, 'application')).json().data.enabled).toBe(true);
  });
});
