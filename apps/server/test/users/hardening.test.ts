import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/domains/users/schema.ts';
import { adminEmail, createTestContext, engine, type TestContext } from '../support/harness.ts';

/** Rules added after review: who may touch the product administrator, detaching users, revoking sessions. */
describe(`account hardening (${engine})`, () => {
  let t: TestContext;
  let platformAppId: string;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestContext();
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, adminEmail));
    platformAppId = admin!.appId;
    adminId = admin!.id;
  });
  afterAll(async () => t?.close());

  it('lets only a product administrator change, reset or delete a product administrator', async () => {
    const platformGerant = await t.factory.user(platformAppId, { profile: 'GERANT' });
    const client = await t.login(platformGerant.email);
    const before = await t.snapshot();
    const body = { firstName: 'X', lastName: 'Y', email: 'taken-over@example.com', profile: 'GERANT', language: 'fr', active: true };
    expect((await client.call('PUT', `/api/Users/${adminId}`, 'user', body)).json().error.code).toBe('FORBIDDEN');
    expect((await client.call('POST', `/api/Users/${adminId}/password/web`, 'user')).statusCode).toBe(403);
    expect((await client.call('DELETE', `/api/Users/${adminId}`, 'user')).statusCode).toBe(403);
    expect((await client.call('DELETE', `/api/Users/logged/${adminId}`, 'user')).statusCode).toBe(403);
    expect(await t.snapshot()).toBe(before);
  });

  it('refuses that a manager detaches a subordinate from every line manager', async () => {
    const { appId, gerant } = await t.factory.tenant({ doubleAuth: false });
    const manager = await t.factory.user(appId, { profile: 'MANAGER', parentId: gerant.id });
    const sales = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId: manager.id });
    const asManager = await t.login(manager.email);
    const res = await asManager.call('PUT', `/api/Users/${sales.id}`, 'user', {
      firstName: 'Test',
      lastName: 'COMMERCIAL',
      email: sales.email,
      profile: 'COMMERCIAL',
      language: 'fr',
      active: true,
      parentId: null,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[0]).toMatchObject({ field: 'parentId', rule: 'required' });
  });

  it('lets a GERANT sign a user out everywhere; a sales user cannot', async () => {
    const { appId, gerant } = await t.factory.tenant({ doubleAuth: false });
    const sales = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId: gerant.id });
    const asSales = await t.login(sales.email);
    const asGerant = await t.login(gerant.email);
    expect((await asSales.call('DELETE', `/api/Users/logged/${gerant.id}`, 'user')).statusCode).toBe(403);
    expect((await asGerant.call('DELETE', `/api/Users/logged/${sales.id}`, 'user')).statusCode).toBe(200);
    const refreshed = await t.request({ method: 'POST', url: '/api/auth/token', cookie: asSales.cookie, body: { audience: 'user' } });
    expect(refreshed.statusCode).toBe(401);
    // The GERANT's own session is untouched.
    expect((await asGerant.call('GET', '/api/Users/web/me', 'user')).statusCode).toBe(200);
  });

  it('ends a commuted view when the viewed user is deactivated', async () => {
    const { appId, gerant } = await t.factory.tenant({ doubleAuth: false });
    const sales = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId: gerant.id });
    const asGerant = await t.login(gerant.email);
    expect((await asGerant.call('POST', '/api/auth/commute', 'user', { appId, userId: sales.id })).statusCode).toBe(200);
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, sales.id));
    const me = (await asGerant.call('GET', '/api/Users/web/me', 'user')).json().data;
    expect(me.user.id).toBe(gerant.id);
    expect(me.commutedBy).toBeNull();
  });
});
