import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEmail, createTestContext, password, type TestContext } from '../support/harness.ts';

describe(`authentication flow (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => t?.close());

  it('logs in with the second factor and serves /me with permissions', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: adminEmail, password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.requestDoubleAuth).toBe(true);
    const cookie = `paraphe_session=${res.cookies.find((c) => c.name === 'paraphe_session')!.value}`;
    const token = (await t.request({ method: 'POST', url: '/api/auth/token', cookie, body: { audience: 'user' } })).json().data.accessToken;
    const partial = await t.request({ method: 'GET', url: '/api/Users/web/me', token });
    expect(partial.statusCode).toBe(206);
    expect(partial.json().data).toMatchObject({ requestDoubleAuth: true, channel: 'email' });

    const client = await t.login(adminEmail);
    const me = await client.call('GET', '/api/Users/web/me', 'user');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.permissions).toContain('admin.applications');
    expect(me.json().data.user.email).toBe(adminEmail);
  });
});
