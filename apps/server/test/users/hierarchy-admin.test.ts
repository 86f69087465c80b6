import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEmail, createTestContext, engine, password, type TestClient, type TestContext } from '../support/harness.ts';
import { messagesTo } from '../support/signatures.ts';

/** The Hierarchy tab's move (cycle and profile rules) and the application view's tab Users (product administrator). */
describe(`hierarchy moves and a tenant's users for the administrator (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let admin: TestClient;
  let appId: string;
  let gerantId: string;
  let managerId: string;
  let commercial: { id: string; email: string };
  let otherTenantUser: string;

  const move = (client: TestClient, id: string, parentId: string | null) => client.call('PUT', `/api/Users/${id}/parent`, 'user', { parentId });

  beforeAll(async () => {
    t = await createTestContext();
    const a = await t.factory.tenant({ doubleAuth: false });
    appId = a.appId;
    gerantId = a.gerant.id;
    managerId = (await t.factory.user(appId, { profile: 'MANAGER', parentId: gerantId })).id;
    commercial = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId: managerId, mobile: '+33612345678' });
    const b = await t.factory.tenant({ doubleAuth: false });
    otherTenantUser = (await t.factory.user(b.appId, { profile: 'MANAGER', parentId: b.gerant.id })).id;
    gerant = await t.login(a.gerant.email);
    admin = await t.login(adminEmail);
  });
  afterAll(async () => t?.close());

  it('refuses a manager under their own subordinate (409, nothing changed) and a COMMERCIAL as manager', async () => {
    const before = await t.snapshot();
    const cycle = await move(gerant, managerId, commercial.id);
    expect(cycle.statusCode).toBe(409);
    expect(cycle.json().error.code).toBe('INVALID_LINE_MANAGER');
    const self = await move(gerant, managerId, managerId);
    expect(self.statusCode).toBe(409);
    expect(await t.snapshot()).toBe(before);

    const other = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId: gerantId });
    const notManager = await move(gerant, commercial.id, other.id);
    expect(notManager.statusCode).toBe(400);
    expect(notManager.json().error.fields[0].field).toBe('parentId');
  });

  it('moves a user under another manager, and refuses another tenant’s user or manager', async () => {
    const moved = await move(gerant, commercial.id, gerantId);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.parentId).toBe(gerantId);
    expect((await move(gerant, otherTenantUser, gerantId)).statusCode).toBe(404);
    const foreignManager = await move(gerant, commercial.id, otherTenantUser);
    expect(foreignManager.statusCode).toBe(400);
    await move(gerant, commercial.id, managerId);
  });

  it("lists a tenant's users with their second factor, resends an invitation and deactivates a user", async () => {
    const list = await admin.call('GET', `/api/applications/${appId}/users?limit=50`, 'application');
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data as { id: string; secondFactor: string; lastConnectionAt: string | null }[];
    expect(rows).toHaveLength(4);
    // The tenant turned double authentication off.
    expect(rows.every((r) => r.secondFactor === 'off')).toBe(true);

    const resent = await admin.call('POST', `/api/applications/${appId}/users/${commercial.id}/invitation`, 'application');
    expect(resent.statusCode, resent.body).toBe(200);
    expect((await messagesTo(t, commercial.email)).length).toBe(1);

    const off = await admin.call('PUT', `/api/applications/${appId}/users/${commercial.id}/active`, 'application', { active: false });
    expect(off.json().data.active).toBe(false);
    const login = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: commercial.email, password } });
    expect(login.json().error.code).toBe('ACCOUNT_DISABLED');
    expect((await admin.call('GET', `/api/applications/00000000-0000-4000-8000-000000000000/users`, 'application')).statusCode).toBe(404);
    expect((await admin.call('PUT', `/api/applications/${appId}/users/${otherTenantUser}/active`, 'application', { active: false })).statusCode).toBe(404);
  });
});
