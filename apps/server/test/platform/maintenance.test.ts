import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEmail, createTestContext, engine, password, type TestClient, type TestContext } from '../support/harness.ts';

/** The maintenance flag (503 + Retry-After, the administrator's switch) and the suspended account's stable code. */
describe(`maintenance and suspended accounts (${engine})`, () => {
  let t: TestContext;
  let admin: TestClient;
  let gerant: TestClient;
  let gerantEmail: string;
  let appId: string;

  const setMaintenance = (body: unknown, client: TestClient = admin) => client.call('PUT', '/api/admin/maintenance', 'application', body);

  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await t.factory.tenant({ doubleAuth: false });
    appId = tenant.appId;
    gerantEmail = tenant.gerant.email;
    gerant = await t.login(gerantEmail);
    admin = await t.login(adminEmail);
  });
  afterAll(async () => t?.close());

  it('answers 503 MAINTENANCE with Retry-After to tenant calls while on; the administrator, /healthz and the status still answer', async () => {
    const end = new Date(Date.now() + 600_000).toISOString();
    const on = await setMaintenance({ enabled: true, message: 'Database upgrade', expectedEndAt: end });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ enabled: true, message: 'Database upgrade', expectedEndAt: end });

    const refused = await gerant.call('GET', '/api/Users', 'user');
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toMatchObject({ code: 'MAINTENANCE', message: 'Database upgrade', details: { expectedEndAt: end } });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Anonymous calls too (no guard reached), and the public signing API.
    expect((await t.request({ method: 'GET', url: '/api/Users' })).statusCode).toBe(503);
    expect((await t.request({ method: 'POST', url: '/api/auth/password/forgot', body: { email: gerantEmail } })).statusCode).toBe(503);
    // Everyone else is refused at login (no session, no code mail); the administrator logs in.
    const login = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: gerantEmail, password } });
    expect(login.statusCode).toBe(503);
    expect(login.json().error.code).toBe('MAINTENANCE');
    await t.login(adminEmail);

    expect((await t.request({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const status = await t.request({ method: 'GET', url: '/api/maintenance' });
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toMatchObject({ enabled: true, message: 'Database upgrade' });
    expect((await admin.call('GET', '/api/applications', 'application')).statusCode).toBe(200);
    expect((await admin.call('GET', '/api/admin/maintenance', 'application')).json().data.enabled).toBe(true);
  });

  it('uses Retry-After 300 without an expected end, and the administrator turns it off', async () => {
    await setMaintenance({ enabled: true });
    const refused = await gerant.call('GET', '/api/Users', 'user');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('300');

    const off = await setMaintenance({ enabled: false });
    expect(off.json().data.enabled).toBe(false);
    expect((await gerant.call('GET', '/api/Users', 'user')).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/maintenance' })).json().data.enabled).toBe(false);
  });

  it('guards the switch: 401 without a token, 403 for a tenant director, a bad date is a 400 on its field', async () => {
    expect((await t.request({ method: 'PUT', url: '/api/admin/maintenance', body: { enabled: true } })).statusCode).toBe(401);
    const forbidden = await setMaintenance({ enabled: true }, gerant);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    const bad = await setMaintenance({ enabled: true, expectedEndAt: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].field).toBe('expectedEndAt');
    expect((await t.request({ method: 'GET', url: '/api/maintenance' })).json().data.enabled).toBe(false);
  });

  it('answers a suspended account APPLICATION_SUSPENDED, and /me gives the notice its support contact', async () => {
    expect((await admin.call('PUT', `/api/applications/${appId}`, 'application', { enabled: false })).statusCode).toBe(200);
    const refused = await gerant.call('GET', '/api/Users', 'user');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('APPLICATION_SUSPENDED');
    const me = await gerant.call('GET', '/api/Users/web/me', 'user');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.application.enabled).toBe(false);
    expect(me.json().data.supportEmail).toBe(adminEmail);
    await admin.call('PUT', `/api/applications/${appId}`, 'application', { enabled: true });
    const back = await gerant.call('GET', '/api/Users/web/me', 'user');
    expect(back.json().data.supportEmail).toBeUndefined();
  });
});
